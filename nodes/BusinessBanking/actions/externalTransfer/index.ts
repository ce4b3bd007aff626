import type { Resource } from '../types';
import * as create from './create.operation';
import * as get from './get.operation';
import * as verifyPayee from './verifyPayee.operation';

/** External transfers (SEPA) to the organization's trusted beneficiaries. */
export const externalTransfer: Resource = {
	operationPicker: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['externalTransfer'] } },
		options: [
			{ name: 'Create', value: 'create', description: 'Send money to a trusted beneficiary', action: 'Create an external transfer' },
			{ name: 'Get', value: 'get', description: 'Get a transfer and its status', action: 'Get an external transfer' },
			{
				name: 'Verify Payee',
				value: 'verifyPayee',
				description: 'Check that an IBAN is held under a name, and get a proof token for a transfer',
				action: 'Verify a payee',
			},
		],
		default: 'create',
	},
	operations: { create, get, verifyPayee },
};
