import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';

import { isUuid } from '../common/uuid';

/** The chosen client's ID, checked before any request (an expression can bypass the UI's check). */
export function clientIdOf(this: IExecuteFunctions, itemIndex: number): string {
	const value = String(this.getNodeParameter('clientId', itemIndex, '', { extractValue: true }) ?? '').trim();
	if (!isUuid(value)) {
		throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: Client (clientId) must be a client ID (a UUID), got "${value}"`, { itemIndex });
	}
	return value;
}
