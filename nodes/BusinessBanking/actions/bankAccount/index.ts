import type { Resource } from '../types';
import * as create from './create.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

/** Business (bank) accounts of the organization. */
export const bankAccount: Resource = {
	operationPicker: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['bankAccount'] } },
		options: [
			{ name: 'Create', value: 'create', description: 'Open a new business account', action: 'Create a business account' },
			{ name: 'Get Many', value: 'getMany', description: 'List the organization’s accounts', action: 'Get many business accounts' },
			{ name: 'Update', value: 'update', description: 'Rename an account', action: 'Update a business account' },
		],
		default: 'create',
	},
	operations: { create, getMany, update },
};
