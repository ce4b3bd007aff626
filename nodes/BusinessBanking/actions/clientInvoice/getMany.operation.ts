import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';

import { apiRequestAllItems } from '../../transport';
import { resultLimit, returnAllAndLimit } from '../common/returnAll';
import { isUuid } from '../common/uuid';
import { withFieldErrors } from './body';
import { FieldError } from './values';

const show = { show: { resource: ['clientInvoice'], operation: ['getMany'] } };

export const description: INodeProperties[] = [
	...updateDisplayOptions(show, returnAllAndLimit()),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: show,
		options: [
			{ displayName: 'Client ID', name: 'clientId', type: 'string', default: '', description: 'Only invoices of this client' },
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
	},
	{
		displayName: 'Sort',
		name: 'sort',
		type: 'options',
		default: 'created_at:desc',
		options: [
			{ name: 'Newest First', value: 'created_at:desc' },
			{ name: 'Oldest First', value: 'created_at:asc' },
		],
		displayOptions: show,
	},
];

/** Timestamps as the API's filters take them: ISO 8601 (n8n's date picker omits the zone: UTC is meant). */
function toTimestamp(value: unknown, field: string): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const text = String(value).trim();
	const withZone = /^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(text) ? `${text}Z` : text;
	if (Number.isNaN(Date.parse(withZone))) throw new FieldError([field], 'must be an ISO 8601 date-time');
	return withZone;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const limit = resultLimit.call(this, itemIndex);
	const qs = withFieldErrors(this, itemIndex, () => {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query: IDataObject = { sort_by: this.getNodeParameter('sort', itemIndex, 'created_at:desc') };
		const statuses = (filters.status as string[] | undefined) ?? [];
		if (statuses.length) query['filter[status]'] = statuses.join(',');
		const clientId = String(filters.clientId ?? '').trim();
		if (clientId) {
			if (!isUuid(clientId)) throw new FieldError(['filter[client_id]'], 'must be a UUID');
			query['filter[client_id]'] = clientId;
		}
		const from = toTimestamp(filters.createdAtFrom, 'filter[created_at_from]');
		const to = toTimestamp(filters.createdAtTo, 'filter[created_at_to]');
		if (from) query['filter[created_at_from]'] = from;
		if (to) query['filter[created_at_to]'] = to;
		return query;
	});
	const invoices = await apiRequestAllItems.call(this, 'GET', '/v2/client_invoices', 'client_invoices', qs, limit, { itemIndex });
	return invoices.map((invoice) => ({ json: invoice }));
}
