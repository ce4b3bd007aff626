import type { INodeProperties } from 'n8n-workflow';

import { uuidLocator } from '../common/uuid';

export const bankAccountIdField: INodeProperties = uuidLocator({
	displayName: 'Account',
	name: 'bankAccountId',
	description: 'The business account',
	searchListMethod: 'searchBankAccounts',
	listPlaceholder: 'Select an account…',
	idError: 'An account ID is a UUID',
});

export const nameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. Taxes',
	description: 'The account’s name (max 100 characters)',
};
