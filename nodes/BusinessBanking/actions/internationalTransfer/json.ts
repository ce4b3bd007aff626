import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

/** A JSON-object parameter (text or already an object), or a NodeOperationError naming item and field. */
export function jsonObjectParameter(this: IExecuteFunctions, value: unknown, label: string, name: string, itemIndex: number): IDataObject {
	if (value === undefined || value === null || value === '') return {};
	let parsed: unknown = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value);
		} catch {
			throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: ${label} (${name}) is not valid JSON`, { itemIndex });
		}
	}
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: ${label} (${name}) must be a JSON object`, { itemIndex });
	}
	return parsed as IDataObject;
}
