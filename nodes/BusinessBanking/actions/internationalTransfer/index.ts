import type { Resource } from '../types';
import * as create from './create.operation';
import * as getQuote from './getQuote.operation';
import * as getRequirements from './getRequirements.operation';

/** International transfers: a quote, a beneficiary (see International Beneficiary), then the transfer. */
export const internationalTransfer: Resource = {
	operationPicker: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['internationalTransfer'] } },
		options: [
			{ name: 'Create', value: 'create', description: 'Send money abroad using a quote', action: 'Create an international transfer' },
			{ name: 'Get Quote', value: 'getQuote', description: 'Rate, fee and amounts, valid 30 minutes', action: 'Get a quote for an international transfer' },
			{
				name: 'Get Requirements',
				value: 'getRequirements',
				description: 'The details a transfer with this quote and beneficiary needs',
				action: 'Get the requirements of an international transfer',
			},
		],
		default: 'getQuote',
	},
	operations: { create, getQuote, getRequirements },
};
