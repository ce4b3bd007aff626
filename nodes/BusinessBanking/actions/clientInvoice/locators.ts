import type { INodeProperties } from 'n8n-workflow';

import { UUID_REGEX } from '../common/uuid';

/** The invoice picker of every operation that acts on one invoice. */
export function invoiceLocator(operations: string[]): INodeProperties {
	return {
		displayName: 'Invoice',
		name: 'invoiceId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The client invoice to act on',
		displayOptions: { show: { resource: ['clientInvoice'], operation: operations } },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchClientInvoices', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60',
				validation: [{ type: 'regex', properties: { regex: UUID_REGEX, errorMessage: 'Not a valid invoice ID (a UUID)' } }],
			},
		],
	};
}

/** The client picker of invoice create/update. */
export function clientLocator(name: string, displayOptions: INodeProperties['displayOptions'], required: boolean): INodeProperties {
	return {
		displayName: 'Client',
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required,
		description: 'The client to invoice; it must have a currency, a locale and an address',
		displayOptions,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchClients', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60',
				validation: [{ type: 'regex', properties: { regex: UUID_REGEX, errorMessage: 'Not a valid client ID (a UUID)' } }],
			},
		],
	};
}
