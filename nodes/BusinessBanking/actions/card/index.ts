import type { Resource } from '../types';
import * as get from './get.operation';
import * as updateRestrictions from './updateRestrictions.operation';

/** Payment cards of the organization. */
export const card: Resource = {
	operationPicker: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['card'] } },
		options: [
			{ name: 'Get', value: 'get', description: 'Get a card with its limits and restrictions', action: 'Get a card' },
			{
				name: 'Update Restrictions',
				value: 'updateRestrictions',
				description: 'Choose the days and the kinds of merchant a card works for',
				action: 'Update the restrictions of a card',
			},
		],
		default: 'updateRestrictions',
	},
	operations: { get, updateRestrictions },
};
