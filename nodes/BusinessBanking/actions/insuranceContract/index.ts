import type { Resource } from '../types';
import * as create from './create.operation';

/** Insurance contracts a partner supplies to the organization. */
export const insuranceContract: Resource = {
	operationPicker: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['insuranceContract'] } },
		options: [{ name: 'Create', value: 'create', description: 'Record an insurance contract you supplied', action: 'Create an insurance contract' }],
		default: 'create',
	},
	operations: { create },
};
