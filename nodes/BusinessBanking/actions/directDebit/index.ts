import type { Resource } from '../types';
import * as createMandate from './createMandate.operation';
import * as createSubscription from './createSubscription.operation';

/** SEPA direct debit: collect money from clients' bank accounts, with their signed mandate. */
export const directDebit: Resource = {
	operationPicker: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['directDebit'] } },
		options: [
			{
				name: 'Create Mandate',
				value: 'createMandate',
				description: 'Ask a client to authorise direct debits; outputs the link where they sign',
				action: 'Create a direct debit mandate',
			},
			{
				name: 'Create Subscription',
				value: 'createSubscription',
				description: 'Collect an amount from a client once or on a schedule',
				action: 'Create a direct debit subscription',
			},
		],
		default: 'createMandate',
	},
	operations: { createMandate, createSubscription },
};
