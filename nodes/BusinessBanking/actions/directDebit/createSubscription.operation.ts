import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { apiRequest, makeOnce, memoryFields, writeKey } from '../../transport';
import { bankAccountIdField } from '../bankAccount/fields';
import { clientIdField } from '../client/fields';
import { sendSignatureEmailField } from './fields';
import { runsAsAiTool } from '../../n8n/toolVariant';
import { madeEarlierInExecution } from './subscriptionOnce';
import { subscriptionRequest } from './subscriptionRequest';
import type { OperationDescriptor } from '../types';

/** Once, then from the most to the least frequent collection, as a finance user reads a schedule (not alphabetical). */
const SCHEDULE_OPTIONS = [
	{ name: 'Once', value: 'one_off', description: 'A single collection' },
	{ name: 'Weekly', value: 'weekly' },
	{ name: 'Monthly', value: 'monthly' },
	{ name: 'Quarterly', value: 'quarterly' },
	{ name: 'Yearly', value: 'yearly' },
];

const properties: INodeProperties[] = [
	{ ...clientIdField, description: 'The client whose bank account will be debited' },
	{
		...bankAccountIdField,
		displayName: 'Credit Account',
		description: 'The business account the collected money goes to',
	},
	{
		displayName: 'Amount (EUR)',
		name: 'amount',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 49.90',
		description:
			'Amount of each collection in euros, more than 0, with at most 2 decimals (a dot as decimal separator)',
	},
	{
		displayName: 'Schedule',
		name: 'scheduleType',
		type: 'options',
		default: 'monthly',
		options: SCHEDULE_OPTIONS,
		description: 'How often the amount is collected, from the first collection date on',
	},
	{
		displayName: 'First Collection Date',
		name: 'initialCollectionDate',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'The day of the first collection: today or later. Only the day counts.',
	},
	{
		displayName: 'Reference',
		name: 'reference',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Subscription ACME-42',
		description: 'Shown on the client’s bank statement (max 140 characters)',
	},
	{
		displayName: 'Mandate',
		name: 'mandate',
		type: 'options',
		default: 'new',
		options: [
			{
				name: 'Create a New Mandate',
				value: 'new',
				description:
					'The client signs it at the Sign URL in the output; collections start once signed',
			},
			{
				name: 'Use an Existing Mandate',
				value: 'existing',
				description: 'A mandate of this client (from Create Mandate)',
			},
		],
		description: 'The client’s authorisation to debit their account',
	},
	{
		displayName: 'Mandate ID',
		name: 'directDebitMandateId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 3f1c2b7e-8a4d-4c1e-9b2f-0d5e6a7b8c9d',
		description: 'The ID of a mandate of this client',
		displayOptions: { show: { mandate: ['existing'] } },
	},
	{ ...sendSignatureEmailField, displayOptions: { show: { mandate: ['new'] } } },
	{
		displayName: 'Notify Client',
		name: 'notifyClient',
		type: 'boolean',
		default: false,
		description: 'Whether the client is told by e-mail before each collection',
	},
	{ displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add Option', default: {}, options: memoryFields },
];

export const description = updateDisplayOptions(
	{ show: { resource: ['directDebit'], operation: ['createSubscription'] } },
	properties,
);

/**
 * POST /v2/sepa/direct_debit_subscriptions; outputs the subscription, pending until its mandate is
 * signed (then active). Not retried on 5xx: a repeat could create a second subscription. As an AI
 * agent's tool, a call repeating one this node already made in the execution makes nothing new.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const body = subscriptionRequest(this, itemIndex);
	// The API takes no idempotency key here: a model repeating its call gets the subscription it already made.
	const asTool = runsAsAiTool(this);
	const earlier = asTool ? madeEarlierInExecution(this, body) : undefined;
	if (earlier) return [{ json: { ...earlier, _existing: true } }];
	const creates = { what: 'direct debit subscription', howToFind: 'the client’s subscriptions in the bank’s app.' };
	// Without a key in the API, the node's memory stands in for one; no subscription can be read back: a repeat outputs its id, marked _madeEarlier.
	const made = await makeOnce.call(this, itemIndex, {
		key: writeKey.call(this, itemIndex, 'directDebit.createSubscription', body, { what: 'subscription', sameFields: 'client, account, amount, first date, reference and schedule' }),
		...creates,
		sendAgainWithin: 0,
		create: async () => (await apiRequest.call(this, 'POST', '/v2/sepa/direct_debit_subscriptions', { body: { direct_debit_subscription: body }, itemIndex, creates })).direct_debit_subscription as IDataObject,
	});
	// The answer does not name the client: a tool's output keeps it, for a repeated call to be recognised.
	return [{ json: asTool ? { ...made, client_id: body.client_id } : made }];
}

export const descriptor: OperationDescriptor = {
	class: 'moneyMoving',
	toolDescription:
		'Sets up direct-debit collections from a client: once or recurring. Needs the client id (from Client › Get Many), the business account id to collect to (from Business Account › Get Many), the amount as a decimal string ("49.90"), the first collection date (YYYY-MM-DD), a reference and a mandate (new or an existing mandate id). Returns the subscription with its id.',
	amountParameters: ['amount'],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 1,
};
