import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { uuidParameter } from '../common/parameters';

/** The picked invoice's ID, checked to be a UUID before any request is made. */
export function invoiceIdOf(this: IExecuteFunctions, itemIndex: number): string {
	return uuidParameter.call(this, 'invoiceId', 'Invoice', itemIndex);
}

/** GET /v2/client_invoices/{id}, unwrapped. */
export async function fetchInvoice(this: IExecuteFunctions, id: string, itemIndex: number): Promise<IDataObject> {
	const response = (await apiRequest.call(this, 'GET', `/v2/client_invoices/${id}`, { itemIndex })) as IDataObject;
	return response.client_invoice as IDataObject;
}
