import type { Resource } from '../types';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

/** Clients: the customers of the organization, to be invoiced. */
export const clientResource: Resource = {
	operationPicker: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['client'] } },
		options: [
			{ name: 'Create', value: 'create', description: 'Create a client', action: 'Create a client' },
			{ name: 'Get', value: 'get', description: 'Get a client', action: 'Get a client' },
			{ name: 'Get Many', value: 'getMany', description: 'List clients, with filters', action: 'Get many clients' },
			{ name: 'Update', value: 'update', description: 'Change some fields of a client', action: 'Update a client' },
		],
		default: 'create',
	},
	operations: { create, get, getMany, update },
};
