import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { batchConcurrency } from './batch';
import { batchOptionsField } from './fields';
import { invoiceIdOf } from './invoiceId';
import { invoiceLocator } from './locators';
import type { OperationDescriptor } from '../types';

export const description: INodeProperties[] = [invoiceLocator(['finalize']), batchOptionsField(['finalize'])];

/** Draft → unpaid: sets finalized_at; the Factur-X PDF follows asynchronously (Download Factur-X waits for it). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = invoiceIdOf.call(this, itemIndex);
	const response = (await apiRequest.call(this, 'POST', `/v2/client_invoices/${id}/finalize`, { itemIndex })) as IDataObject;
	return [{ json: (response.client_invoice ?? response) as IDataObject }];
}

export const descriptor: OperationDescriptor = {
	class: 'moneyMoving',
	toolDescription:
		'Finalizes a draft invoice: it gets its legal number, is sent for payment and can no longer be changed or deleted. Needs the invoice id of a draft (from Client Invoice › Get Many, status draft). Returns the finalized invoice.',
	amountParameters: [],
	payeeParameters: [],
	concurrency: batchConcurrency,
};
