import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';

import { clientListQuerySchema } from '../../../shared/schemas/client';
import { apiRequestAllItems } from '../../transport';
import { resultLimit, returnAllAndLimit } from '../common/returnAll';
import { validateBody } from '../common/validation';
import { readText, readTimestamp } from '../common/values';
import type { OperationDescriptor } from '../types';

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{ displayName: 'Email', name: 'email', type: 'string', placeholder: 'name@email.com', default: '', description: 'Exact e-mail address (not case-sensitive). A value no client has finds nothing.' },
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				description: 'Whole or part of the name, at least 2 characters (ignores case and accents)',
			},
			{ displayName: 'Tax Identification Number', name: 'taxIdentificationNumber', type: 'string', default: '', description: 'Exact match (not case-sensitive)' },
			{ displayName: 'Updated After', name: 'updatedAtFrom', type: 'dateTime', default: '', description: 'Only clients changed at or after this moment' },
			{ displayName: 'Updated Before', name: 'updatedAtTo', type: 'dateTime', default: '', description: 'Only clients changed at or before this moment' },
			{ displayName: 'VAT Number', name: 'vatNumber', type: 'string', default: '', description: 'Exact match (not case-sensitive)' },
		],
	},
	{
		displayName: 'Sort',
		name: 'sortBy',
		type: 'options',
		// A literal list, so that n8n's linter can read it; CLIENT_SORTS is the API's list.
		options: [
			{ name: 'Created: Newest First', value: 'created_at:desc' },
			{ name: 'Created: Oldest First', value: 'created_at:asc' },
			{ name: 'Name: A to Z', value: 'name:asc' },
			{ name: 'Name: Z to A', value: 'name:desc' },
			{ name: 'Updated: Newest First', value: 'updated_at:desc' },
			{ name: 'Updated: Oldest First', value: 'updated_at:asc' },
		],
		default: 'name:asc',
		description: 'Order of the results',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['client'], operation: ['getMany'] } }, properties);

const FILTER_KEYS: Record<string, string> = {
	name: 'name',
	email: 'email',
	vatNumber: 'vat_number',
	taxIdentificationNumber: 'tax_identification_number',
	updatedAtFrom: 'updated_at_from',
	updatedAtTo: 'updated_at_to',
};

const LABELS: Record<string, string> = {
	'filter.name': 'Filters → Name',
	'filter.email': 'Filters → Email',
	'filter.vat_number': 'Filters → VAT Number',
	'filter.tax_identification_number': 'Filters → Tax Identification Number',
	'filter.updated_at_from': 'Filters → Updated After',
	'filter.updated_at_to': 'Filters → Updated Before',
	sort_by: 'Sort',
};

/** GET /v2/clients, page after page; one output item per client. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const limit = resultLimit.call(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const filter: IDataObject = {};
	for (const [param, key] of Object.entries(FILTER_KEYS)) {
		const field = `${LABELS[`filter.${key}`]} (filters.${param})`;
		const value = key.startsWith('updated_at') ? readTimestamp(filters[param], field, this.getTimezone()) : readText(filters[param], field);
		if (value !== undefined) filter[key] = value;
	}
	const query = validateBody.call(
		this,
		clientListQuerySchema,
		{ filter, sort_by: this.getNodeParameter('sortBy', itemIndex, 'name:asc') },
		itemIndex,
		LABELS,
	);
	const qs: IDataObject = { sort_by: query.sort_by };
	for (const [key, value] of Object.entries(query.filter ?? {})) qs[`filter[${key}]`] = value as string;
	const clients = await apiRequestAllItems.call(this, 'GET', '/v2/clients', 'clients', qs, limit, { itemIndex });
	return clients.map((client) => ({ json: client }));
}

export const descriptor: OperationDescriptor = {
	class: 'read',
	toolDescription:
		'Lists clients, newest first unless sorted; filter by name, e-mail, VAT number, tax id or last update (ISO dates). Returns one result per client with its id, to use in other tools. Set a limit: results are capped.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 'adaptive',
};
