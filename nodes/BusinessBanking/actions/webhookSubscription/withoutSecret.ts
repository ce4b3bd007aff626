import type { IDataObject } from 'n8n-workflow';

/** A copy without `secret`: webhook secrets never reach a node's output, whatever the API answers. */
export function withoutSecret(object: IDataObject): IDataObject {
	const copy = { ...object };
	delete copy.secret;
	return copy;
}
