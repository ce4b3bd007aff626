import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';

import { partnerEndpointUpdateSchema } from '../../../shared/schemas/webhook';
import { apiRequest, partnerWebhookSecret } from '../../transport';
import { validateBody } from '../common/validation';
import { textParameter, uuidParameter } from '../common/parameters';
import { refuseSecretParameter } from './partnerSecret';
import { withoutSecret } from './withoutSecret';
import type { OperationDescriptor } from '../types';

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
		displayName:
			'The endpoint\'s signing secret is the credential\'s Partner Webhook Secret, which n8n keeps encrypted (a node parameter would be stored in plain text with the workflow)',
		name: 'credentialNotice',
		type: 'notice',
		default: '',
	},
	{
		// Where older versions of the node read the secret. Shown only while a workflow still holds a
		// value there, so that it can be cleared; the node refuses to run until it is.
		displayName: 'Secret (No Longer Used)',
		name: 'secret',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description: 'Clear this field and enter the secret in the credential\'s Partner Webhook Secret instead',
		displayOptions: { show: { secret: [{ _cnd: { exists: true } }] } },
	},
];

export const description = updateDisplayOptions({ show: { resource: ['webhookSubscription'], operation: ['updatePartnerEndpoint'] } }, properties);

const LABELS = { callback_url: 'Callback URL', enabled: 'Enabled', secret: 'Partner Webhook Secret of the credential' };

/**
 * PATCH {register_url}/register/webhooks/{id} (the transport adds Service-Partner-Id from the
 * credential), with the secret from the credential; outputs the endpoint's webhook_subscription.
 * The secret never reaches the output.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	refuseSecretParameter.call(this, itemIndex);
	const id = uuidParameter.call(this, 'endpointId', 'Endpoint ID', itemIndex);
	const body: IDataObject = {
		callback_url: textParameter.call(this, 'callbackUrl', itemIndex, '', 'Callback URL'),
		enabled: this.getNodeParameter('enabled', itemIndex, true) as boolean,
		// From the credential (encrypted by n8n); a blank one is refused before any request.
		secret: await partnerWebhookSecret(this, itemIndex),
	};
	validateBody.call(this, partnerEndpointUpdateSchema, body, itemIndex, LABELS);
	const response = await apiRequest.call(this, 'PATCH', `/register/webhooks/${id}`, { body, itemIndex, server: 'register' });
	return [{ json: withoutSecret((response.webhook_subscription ?? {}) as IDataObject) }];
}

export const descriptor: OperationDescriptor = {
	class: 'moneyMoving',
	toolDescription:
		'Changes where a partner webhook endpoint sends events (callback URL) and whether it is enabled. Needs the endpoint id. Returns the updated endpoint.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 1,
};
