import type { Resource } from '../types';
import * as get from './get.operation';
import * as updatePartnerEndpoint from './updatePartnerEndpoint.operation';

/**
 * Webhook subscriptions (the Business Banking Trigger creates and deletes them) and the partner
 * webhook endpoint.
 */
export const webhookSubscription: Resource = {
	operationPicker: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['webhookSubscription'] } },
		options: [
			{ name: 'Get', value: 'get', description: 'Get a webhook subscription by ID', action: 'Get a webhook subscription' },
			{
				name: 'Update Partner Endpoint',
				value: 'updatePartnerEndpoint',
				description: 'Set the address, on/off switch and secret of your partner webhook endpoint',
				action: 'Update the partner webhook endpoint',
			},
		],
		default: 'get',
	},
	operations: { get, updatePartnerEndpoint },
};
