import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';

import { clientCreateSchema } from '../../../shared/schemas/client';
import { apiRequest } from '../../transport';
import { validateBody } from '../common/validation';
import { createOnce } from '../common/createOnce';
import { clientBody, deprecatedFieldValues } from './body';
import { clientLookup, skipExistingClientField } from './existing';
import { deprecatedFields, FIELD_LABELS, kindOptions, optionalClientFields } from './fields';
import type { OperationDescriptor } from '../types';

const NAME_FIELDS = new Set(['name', 'firstName', 'lastName']);

const properties: INodeProperties[] = [
	{
		displayName: 'Kind',
		name: 'kind',
		type: 'options',
		options: kindOptions,
		default: 'company',
		required: true,
		description: 'Whether the client is a company or a person',
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Acme SAS',
		description: 'Company name (max 250 characters)',
		displayOptions: { show: { kind: ['company'] } },
	},
	{
		displayName: 'First Name',
		name: 'firstName',
		type: 'string',
		default: '',
		required: true,
		description: 'Max 60 characters',
		displayOptions: { show: { kind: ['individual', 'freelancer'] } },
	},
	{
		displayName: 'Last Name',
		name: 'lastName',
		type: 'string',
		default: '',
		required: true,
		description: 'Max 60 characters',
		displayOptions: { show: { kind: ['individual', 'freelancer'] } },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'To invoice the client later, add at least Billing Address, Currency and Locale',
		options: optionalClientFields.filter((field) => !NAME_FIELDS.has(field.name)),
	},
	deprecatedFields(true),
	{ displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add Option', default: {}, options: [skipExistingClientField] },
];

const show = { show: { resource: ['client'], operation: ['create'] } };
export const description = updateDisplayOptions(show, properties);
/** Version 2: without the Deprecated Fields (Billing Address holds what they held). */
export const descriptionV2 = updateDisplayOptions(show, properties.filter((property) => property.name !== 'deprecatedFields'));

/**
 * POST /v2/clients; outputs the created client. Not retried on 5xx (a repeat could create it
 * twice), unless "Skip If It Already Exists" can look the client up first.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const kind = this.getNodeParameter('kind', itemIndex) as string;
	const main: IDataObject =
		kind === 'company'
			? { name: this.getNodeParameter('name', itemIndex, '') }
			: { firstName: this.getNodeParameter('firstName', itemIndex, ''), lastName: this.getNodeParameter('lastName', itemIndex, '') };
	const body = clientBody({
		kind,
		main,
		fields: this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject,
		deprecated: deprecatedFieldValues.call(this, itemIndex),
	});
	validateBody.call(this, clientCreateSchema, body, itemIndex, FIELD_LABELS);
	const create = async () => (await apiRequest.call(this, 'POST', '/v2/clients', { body: { client: body }, itemIndex, creates: CREATES })).client as IDataObject;
	const lookup = clientLookup.call(this, itemIndex, body);
	return [{ json: lookup ? await createOnce.call(this, itemIndex, { what: 'client', ...lookup, create }) : await create() }];
}

const CREATES = {
	what: 'client',
	howToFind: 'Client › Get Many (by e-mail, VAT number or tax id). Options › Skip If It Already Exists makes running the same input again safe.',
};

export const descriptor: OperationDescriptor = {
	class: 'write',
	toolDescription:
		'Creates a client (a customer you invoice): a company (name) or an individual (first and last name), with optional e-mail, addresses, VAT number and currency. Returns the new client with its id, which Client Invoice › Create and Direct Debit need.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 1,
};
