import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type IHookFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { triggerProperties, triggerSubtitle } from './description';
import { firstDeliveriesOnly } from './durableDedup';
import { checkExists, create, remove } from './lifecycle';
import { receive } from './receive';

export class BusinessBankingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Business Banking Trigger',
		name: 'businessBankingTrigger',
		icon: { light: 'file:../../icons/businessBanking.svg', dark: 'file:../../icons/businessBanking.dark.svg' },
		group: ['trigger'],
		version: [1, 2],
		defaultVersion: 2,
		subtitle: triggerSubtitle(),
		description: 'Starts the workflow on signed events of a business bank account (invoices, transactions, cards…)',
		defaults: { name: 'Business Banking Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'businessBankingOAuth2Api', required: true }],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
		properties: triggerProperties,
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await checkExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await create.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await remove.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receive.call(this);
	}

	/** n8n runs this with the items webhook() produced, in the process that runs the execution. */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await firstDeliveriesOnly.call(this);
	}
}
