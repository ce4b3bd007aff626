import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';

import { partnerEndpointUpdateSchema } from '../../schemas/webhook';
import { apiRequest } from '../../transport';
import { validateBody } from '../../validation';
import { textParameter, uuidParameter } from '../common/parameters';
import { withoutSecret } from './withoutSecret';

const properties: INodeProperties[] = [
	{
		displayName: 'Endpoint ID',
		name: 'endpointId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 3f1c2b7e-8a4d-4c1e-9b2f-0d5e6a7b8c9d',
		description: 'The ID of your partner webhook endpoint, from the developer portal',
	},
	{
		displayName: 'Callback URL',
		name: 'callbackUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://example.com/webhooks/banking',
		description: 'Where events are delivered: https:// (max 512 characters)',
	},
	{
		displayName: 'Enabled',
		name: 'enabled',
		type: 'boolean',
		default: true,
		description: 'Whether events are delivered to the endpoint',
	},
	{
		displayName: 'Secret',
		name: 'secret',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		required: true,
		description: 'The key of the HMAC-SHA256 signature of each delivery (Service-SHA256-Signature); keep it to verify deliveries',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['webhookSubscription'], operation: ['updatePartnerEndpoint'] } }, properties);

const LABELS = { callback_url: 'Callback URL', enabled: 'Enabled', secret: 'Secret' };

/**
 * PATCH {register_url}/register/webhooks/{id} (the transport adds Service-Partner-Id from the
 * credential); outputs the endpoint's webhook_subscription. The secret never reaches the output.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = uuidParameter.call(this, 'endpointId', 'Endpoint ID', itemIndex);
	const body: IDataObject = {
		callback_url: textParameter.call(this, 'callbackUrl', itemIndex, '', 'Callback URL'),
		enabled: this.getNodeParameter('enabled', itemIndex, true) as boolean,
		// Not trimmed: spaces may be part of a secret.
		secret: (this.getNodeParameter('secret', itemIndex, '') as string) || undefined,
	};
	validateBody.call(this, partnerEndpointUpdateSchema, body, itemIndex, LABELS);
	const response = await apiRequest.call(this, 'PATCH', `/register/webhooks/${id}`, { body, itemIndex, server: 'register' });
	return [{ json: withoutSecret((response.webhook_subscription ?? {}) as IDataObject) }];
}
