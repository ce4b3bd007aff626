import type { Resource } from '../types';
import * as create from './create.operation';
import * as getRequirements from './getRequirements.operation';
import * as update from './update.operation';

/** Beneficiaries of international transfers: their account details, checked against requirements. */
export const internationalBeneficiary: Resource = {
	operationPicker: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['internationalBeneficiary'] } },
		options: [
			{ name: 'Create', value: 'create', description: 'Add a beneficiary abroad', action: 'Create an international beneficiary' },
			{
				name: 'Get Requirements',
				value: 'getRequirements',
				description: 'The account details a beneficiary in the quote’s currency needs',
				action: 'Get the requirements of an international beneficiary',
			},
			{ name: 'Update', value: 'update', description: 'Replace a beneficiary’s details', action: 'Update an international beneficiary' },
		],
		default: 'create',
	},
	operations: { create, getRequirements, update },
};
