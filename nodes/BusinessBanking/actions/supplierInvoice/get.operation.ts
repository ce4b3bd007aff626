import { updateDisplayOptions, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { uuidParameter } from '../common/parameters';
import { supplierInvoiceIdField } from './fields';
import type { OperationDescriptor } from '../types';

export const description = updateDisplayOptions({ show: { resource: ['supplierInvoice'], operation: ['get'] } }, [supplierInvoiceIdField]);

/** GET /v2/supplier_invoices/{id} (a sandbox endpoint the spec does not shape); outputs the invoice. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = uuidParameter.call(this, 'supplierInvoiceId', 'Supplier Invoice', itemIndex);
	return [{ json: await apiRequest.call(this, 'GET', `/v2/supplier_invoices/${id}`, { itemIndex }) }];
}

export const descriptor: OperationDescriptor = {
	class: 'read',
	toolDescription:
		'Gets one supplier invoice by its id (from Supplier Invoice › Get Many). Returns its supplier, number, status, amounts (decimal strings with a currency) and dates.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 'adaptive',
};
