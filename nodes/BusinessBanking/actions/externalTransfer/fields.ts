import type { INodeProperties } from 'n8n-workflow';

import { uuidLocator } from '../common/uuid';

export const beneficiaryField: INodeProperties = uuidLocator({
	displayName: 'Beneficiary',
	name: 'beneficiaryId',
	description: 'A trusted beneficiary of the organization: external transfers go only to them',
	searchListMethod: 'searchBeneficiaries',
	listPlaceholder: 'Select a beneficiary…',
	idError: 'A beneficiary ID is a UUID',
});

export const debitAccountField: INodeProperties = {
	displayName: 'From Account',
	name: 'debitIban',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The business account the money leaves',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select an account…',
			typeOptions: { searchListMethod: 'searchBankAccountIbans', searchable: true, searchFilterRequired: false },
		},
		{ displayName: 'By IBAN', name: 'iban', type: 'string', placeholder: 'e.g. FR76 3000 6000 0112 3456 7890 189' },
	],
};

export const amountField: INodeProperties = {
	displayName: 'Amount',
	name: 'amount',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. 1250.00',
	description: 'A decimal amount with at most 2 decimals, written with a dot (e.g. 1250.00)',
};

export const transferIdField: INodeProperties = {
	displayName: 'Transfer ID',
	name: 'transferId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. 3f1c2b7e-8a4d-4c1e-9b2f-0d5e6a7b8c9d',
	description: 'The ID of the external transfer (as returned when it was created)',
};
