import type { INodeProperties } from 'n8n-workflow';

export const quoteIdField: INodeProperties = {
	displayName: 'Quote ID',
	name: 'quoteId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. 8c5f0e2a-3b1d-4e6f-9a7b-1c2d3e4f5a6b',
	description: 'The quote from "Get Quote" (valid 30 minutes)',
};

export const internationalBeneficiaryIdField: INodeProperties = {
	displayName: 'Beneficiary ID',
	name: 'internationalBeneficiaryId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. 3f1c2b7e-8a4d-4c1e-9b2f-0d5e6a7b8c9d',
	description: 'The international beneficiary (from "International Beneficiary › Create")',
};

export const TWO_FA_OPTIONS = [
	{ name: 'Paired Device', value: 'paired-device' },
	{ name: 'Passkey', value: 'passkey' },
	{ name: 'SMS Code', value: 'sms-otp' },
	// Listed in production too (n8n's display rules never read the credential): a run refuses it there, before sending.
	{ name: 'Mock (Sandbox Only)', value: 'mock', description: 'The sandbox’s simulated confirmation for trying transfers; refused with a production credential' },
];
