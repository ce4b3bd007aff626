import type { INodeProperties } from 'n8n-workflow';

const UUID_REGEX = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export const beneficiaryField: INodeProperties = {
	displayName: 'Beneficiary',
	name: 'beneficiaryId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'A trusted beneficiary of the organization: external transfers go only to them',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a beneficiary…',
			typeOptions: { searchListMethod: 'searchBeneficiaries', searchable: true, searchFilterRequired: false },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 3f1c2b7e-8a4d-4c1e-9b2f-0d5e6a7b8c9d',
			validation: [{ type: 'regex', properties: { regex: UUID_REGEX, errorMessage: 'A beneficiary ID is a UUID' } }],
		},
	],
};

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
