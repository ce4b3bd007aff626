import type { INodeProperties } from 'n8n-workflow';

import { advancedCollection } from '../BusinessBanking/actions/advanced/fields';
import { fromVersion2, onlyVersion1 } from '../BusinessBanking/actions/versions';
import { SIGNATURE_TOLERANCE_SECONDS } from '../shared/schemas/webhook';

/** The spec's event types with readable names (values: the `types` the API takes). */
const eventOptions = [
	{ name: 'Accounts', value: 'v1/accounts', description: 'A bank account was created or updated' },
	{ name: 'Beneficiaries', value: 'v1/beneficiaries', description: 'An international beneficiary was created or updated' },
	{ name: 'Cards', value: 'v1/cards', description: 'A card changed (e.g. its restrictions)' },
	{ name: 'Client Invoices', value: 'v1/client-invoices', description: 'A client invoice was created, updated, finalized or paid' },
	{ name: 'Consent Revocations', value: 'v1/consent-revocations', description: 'A user revoked the access granted to the application' },
	{ name: 'Memberships', value: 'v1/memberships', description: 'A membership of the organization changed' },
	{ name: 'Organizations', value: 'v1/organizations', description: 'The organization changed' },
	{ name: 'Payment Link Connections', value: 'v1/payment-links-connections', description: 'A payment link connection changed' },
	{ name: 'Payment Links', value: 'v1/payment-links', description: 'A payment link changed' },
	{ name: 'Transactions', value: 'v1/transactions', description: 'A transfer was created or its status changed' },
];

/** The canvas subtitle: the chosen events as the panel names them ("Client Invoices"), not their API types. */
export function triggerSubtitle(): string {
	const names = Object.fromEntries(eventOptions.map((event) => [event.value, event.name]));
	return `={{ ($parameter["events"] || []).map(function (type) { return (${JSON.stringify(names)})[type] || type; }).join(", ") }}`;
}

/** Version 1's Options: the everyday choices and, beside them, the signature settings of unusual setups. */
const OPTIONS_V1: INodeProperties = {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
				description: 'Description of the webhook subscription (at most 256 characters)',
				displayOptions: { show: { '/mode': ['subscription'] } },
			},
			{
				displayName: 'Output',
				name: 'output',
				type: 'options',
				options: [
					{ name: 'Full Event', value: 'full', description: 'The whole event: its ID, type, time, organization and the changed record' },
					{ name: 'Resource Only', value: 'resource', description: 'Only the changed record (the invoice, transfer, card…)' },
				],
				default: 'full',
			},
			{
				displayName: 'Signature Header',
				name: 'signatureHeader',
				type: 'string',
				default: '',
				placeholder: 'e.g. X-Forwarded-Signature',
				description: 'Only for unusual setups, e.g. a proxy that passes the signature on under another name. Leave empty to read the header the bank signs with, for either mode.',
			},
			{
				displayName: 'Signature Scheme',
				name: 'signatureScheme',
				type: 'options',
				options: [
					{ name: 'Default for the Mode', value: 'default', description: 'Timestamped for a subscription, plain for the partner endpoint' },
					{ name: 'Timestamped', value: 'timestamped', description: 'Header t=…,v1=…: HMAC-SHA256 of the timestamp, a dot and the raw body, with a replay window' },
					{ name: 'Plain Hex', value: 'plain', description: 'HMAC-SHA256 of the raw body' },
				],
				default: 'default',
				description: 'Only for unusual setups: the default is how the bank signs in each mode',
			},
			{
				displayName: 'Timestamp Tolerance (Seconds)',
				name: 'toleranceSeconds',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: SIGNATURE_TOLERANCE_SECONDS,
				description: 'Timestamped signatures further than this from the current time are refused (replay protection). Only for unusual setups: the default suits the bank.',
			},
		],
	};

/** What only an unusual setup changes (a proxy that renames the signature header, another scheme). */
const SIGNATURE_SETTINGS = ['signatureHeader', 'signatureScheme', 'toleranceSeconds'];

/**
 * From version 2 on the signature settings move from Options to Advanced, as the regular node keeps
 * its developer's switches (receive.ts reads them where the trigger's version keeps them).
 */
function optionsOfEveryVersion(): INodeProperties[] {
	const choices = OPTIONS_V1.options as INodeProperties[];
	const everyday = { ...OPTIONS_V1, options: choices.filter((option) => !SIGNATURE_SETTINGS.includes(option.name)) };
	const advanced = advancedCollection(
		choices.filter((option) => SIGNATURE_SETTINGS.includes(option.name)),
		'For unusual setups only: the bank’s own signature needs none of these',
	);
	return [...onlyVersion1([OPTIONS_V1]), ...fromVersion2([everyday, advanced])];
}

export const triggerProperties: INodeProperties[] = [
	{
		displayName: 'Mode',
		name: 'mode',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Webhook Subscription',
				value: 'subscription',
				description: 'Subscribe to the selected events when the workflow is activated, unsubscribe when it is deactivated',
			},
			{
				name: 'Partner Webhook Endpoint',
				value: 'partner',
				description: 'Point your partner webhook endpoint (from the developer portal) at this workflow; it receives every event type',
			},
		],
		default: 'subscription',
	},
	{
		displayName: 'Endpoint ID',
		name: 'endpointId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 9a7e1d00-0000-4000-8000-000000000001',
		description: 'ID of your partner webhook endpoint. The partner ID is taken from the credential.',
		displayOptions: { show: { mode: ['partner'] } },
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		options: eventOptions,
		default: [],
		description: 'The event types that start the workflow. Other deliveries are acknowledged and ignored.',
	},
	...optionsOfEveryVersion(),
];
