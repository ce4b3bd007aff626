import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';

import { apiRequestAllItems } from '../../transport';
import { resultLimit, returnAllAndLimit } from '../common/returnAll';
import { listParameter } from '../common/parameters';
import { readId, readTimestamp } from '../common/values';
import type { OperationDescriptor } from '../types';
import { pickedValue } from '../../n8n/locatorInCollection';
import { clientFilterLocator } from './fieldsV2';

const show = { show: { resource: ['clientInvoice'], operation: ['getMany'] } };

/** The filters, with `client` as the version's client filter. */
const filtersField = (client: INodeProperties): INodeProperties => ({
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	displayOptions: show,
	options: [
		client,
		{ displayName: 'Created After', name: 'createdAtFrom', type: 'dateTime', default: '', description: 'Only invoices created at or after this time' },
		{ displayName: 'Created Before', name: 'createdAtTo', type: 'dateTime', default: '', description: 'Only invoices created at or before this time' },
		{
			displayName: 'Status',
			name: 'status',
			type: 'multiOptions',
			default: [],
			options: [
				{ name: 'Draft', value: 'draft' },
				{ name: 'Paid', value: 'paid' },
				{ name: 'Unpaid', value: 'unpaid' },
			],
		},
	],
});

const sortField: INodeProperties = {
	displayName: 'Sort',
	name: 'sort',
	type: 'options',
	default: 'created_at:desc',
	options: [
		{ name: 'Newest First', value: 'created_at:desc' },
		{ name: 'Oldest First', value: 'created_at:asc' },
	],
	displayOptions: show,
};

export const description: INodeProperties[] = [
	...updateDisplayOptions(show, returnAllAndLimit()),
	filtersField({ displayName: 'Client ID', name: 'clientId', type: 'string', default: '', description: 'Only invoices of this client' }),
	sortField,
];

/** Version 2: the client filter is picked from the clients (a locator inside Filters, read by `pickedValue`). */
export const descriptionV2: INodeProperties[] = [...updateDisplayOptions(show, returnAllAndLimit()), filtersField(clientFilterLocator), sortField];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const limit = resultLimit.call(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const zone = this.getTimezone();
	const qs: IDataObject = { sort_by: this.getNodeParameter('sort', itemIndex, 'created_at:desc') };
	const statuses = listParameter(filters.status, 'Filters › Status (filters.status)');
	if (statuses.length) qs['filter[status]'] = statuses.join(',');
	const clientId = readId(pickedValue(filters.clientId), 'Filters › Client ID (filters.clientId)', 'uuid');
	if (clientId) qs['filter[client_id]'] = clientId;
	const from = readTimestamp(filters.createdAtFrom, 'Filters › Created After (filters.createdAtFrom)', zone);
	const to = readTimestamp(filters.createdAtTo, 'Filters › Created Before (filters.createdAtTo)', zone);
	if (from) qs['filter[created_at_from]'] = from;
	if (to) qs['filter[created_at_to]'] = to;
	const invoices = await apiRequestAllItems.call(this, 'GET', '/v2/client_invoices', 'client_invoices', qs, limit, { itemIndex });
	return invoices.map((invoice) => ({ json: invoice }));
}

export const descriptor: OperationDescriptor = {
	class: 'read',
	toolDescription:
		'Lists client invoices; filter by client id, status (draft, unpaid, paid) or creation date (YYYY-MM-DD). Returns one result per invoice with id, number, status, total and due date. Set a limit: results are capped.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 'adaptive',
};
