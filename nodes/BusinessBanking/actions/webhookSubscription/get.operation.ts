import { updateDisplayOptions, type IExecuteFunctions, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { uuidParameter } from '../common/parameters';
import { uuidLocator } from '../common/uuid';
import { withoutSecret } from './withoutSecret';
import type { OperationDescriptor } from '../types';

const properties: INodeProperties[] = [
	{
		displayName: 'Subscription ID',
		name: 'subscriptionId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 3f1c2b7e-8a4d-4c1e-9b2f-0d5e6a7b8c9d',
		description: 'The ID of the webhook subscription',
	},
];

const show = { show: { resource: ['webhookSubscription'], operation: ['get'] } };
export const description = updateDisplayOptions(show, properties);

/** Version 2: the subscription picked from the organization's subscriptions, or given by its ID. */
export const descriptionV2 = updateDisplayOptions(show, [
	uuidLocator({
		displayName: 'Subscription',
		name: 'subscriptionId',
		description: 'The webhook subscription to read',
		searchListMethod: 'searchWebhookSubscriptions',
		listPlaceholder: 'Select a subscription…',
		idError: 'A subscription ID is a UUID',
	}),
]);

/** GET /v2/webhook_subscriptions/{id}; the API answers the subscription unwrapped, without its secret. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = uuidParameter.call(this, 'subscriptionId', 'Subscription ID', itemIndex);
	const subscription = await apiRequest.call(this, 'GET', `/v2/webhook_subscriptions/${id}`, { itemIndex });
	return [{ json: withoutSecret(subscription) }];
}

export const descriptor: OperationDescriptor = {
	class: 'read',
	toolDescription:
		'Gets a webhook subscription by its id. Returns its callback URL, the events it sends and whether it is enabled (no secrets).',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 'adaptive',
};
