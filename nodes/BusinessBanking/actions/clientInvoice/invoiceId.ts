import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { locatorValue } from './body';
import { isUuid } from '../common/uuid';

/** The picked invoice's ID, checked to be a UUID before any request is made. */
export function invoiceIdOf(this: IExecuteFunctions, itemIndex: number): string {
	const id = locatorValue.call(this, 'invoiceId', itemIndex);
	if (!isUuid(id)) {
		throw new NodeOperationError(this.getNode(), `Invalid input in item ${itemIndex}: Invoice (invoiceId) must be a UUID, got "${id}"`, {
			itemIndex,
			description: 'Nothing was sent to the API. Pick the invoice from the list or give its ID.',
		});
	}
	return id;
}

/** GET /v2/client_invoices/{id}, unwrapped. */
export async function fetchInvoice(this: IExecuteFunctions, id: string, itemIndex: number): Promise<IDataObject> {
	const response = (await apiRequest.call(this, 'GET', `/v2/client_invoices/${id}`, { itemIndex })) as IDataObject;
	return response.client_invoice as IDataObject;
}
