import type { Resource } from '../types';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as markAsPaid from './markAsPaid.operation';

/** Supplier invoices: the bills the organization receives. */
export const supplierInvoice: Resource = {
	operationPicker: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['supplierInvoice'] } },
		options: [
			{ name: 'Get', value: 'get', description: 'Get a supplier invoice', action: 'Get a supplier invoice' },
			{ name: 'Get Many', value: 'getMany', description: 'List supplier invoices, newest first', action: 'Get many supplier invoices' },
			{ name: 'Mark as Paid', value: 'markAsPaid', description: 'Record that an invoice to review was paid', action: 'Mark a supplier invoice as paid' },
		],
		default: 'markAsPaid',
	},
	operations: { get, getMany, markAsPaid },
};
