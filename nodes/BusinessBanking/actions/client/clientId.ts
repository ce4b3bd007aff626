import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';

import { uuidSchema } from '../../schemas/common';

/** The chosen client's ID, checked before any request (an expression can bypass the UI's check). */
export function clientIdOf(this: IExecuteFunctions, itemIndex: number): string {
	const value = String(this.getNodeParameter('clientId', itemIndex, '', { extractValue: true }) ?? '').trim();
	if (!uuidSchema.safeParse(value).success) {
		throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: Client (clientId) must be a client ID (a UUID), got "${value}"`, { itemIndex });
	}
	return value;
}
