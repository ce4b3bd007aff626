import type { INodeProperties } from 'n8n-workflow';

const UUID_REGEX = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export const bankAccountIdField: INodeProperties = {
	displayName: 'Account',
	name: 'bankAccountId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The business account',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select an account…',
			typeOptions: { searchListMethod: 'searchBankAccounts', searchable: true, searchFilterRequired: false },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 3f1c2b7e-8a4d-4c1e-9b2f-0d5e6a7b8c9d',
			validation: [{ type: 'regex', properties: { regex: UUID_REGEX, errorMessage: 'An account ID is a UUID' } }],
		},
	],
};

export const nameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. Taxes',
	description: 'The account’s name (max 100 characters)',
};
