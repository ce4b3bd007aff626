import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';

import { apiRequestAllItems } from '../../transport';
import { listParameter } from '../common/parameters';
import { resultLimit, returnAllAndLimit } from '../common/returnAll';
import type { OperationDescriptor } from '../types';

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	{
		displayName: 'Status',
		name: 'statuses',
		type: 'multiOptions',
		default: [],
		options: [
			{ name: 'To Review', value: 'to_review' },
			{ name: 'Paid', value: 'paid' },
		],
		description: 'Only invoices in these statuses (all when empty)',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['supplierInvoice'], operation: ['getMany'] } }, properties);

/** GET /v2/supplier_invoices, newest first, page after page; one output item per invoice. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const limit = resultLimit.call(this, itemIndex);
	const statuses = listParameter(this.getNodeParameter('statuses', itemIndex, []), 'Status (statuses)');
	const qs: IDataObject = statuses.length > 0 ? { 'filter[status]': statuses.join(',') } : {};
	const invoices = await apiRequestAllItems.call(this, 'GET', '/v2/supplier_invoices', 'supplier_invoices', qs, limit, { itemIndex });
	return invoices.map((invoice) => ({ json: invoice }));
}

export const descriptor: OperationDescriptor = {
	class: 'read',
	toolDescription:
		'Lists supplier invoices (bills you received), optionally only some statuses (to_review, paid). Returns one result per invoice with id, supplier, total and due date. Set a limit: results are capped.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 'adaptive',
};
