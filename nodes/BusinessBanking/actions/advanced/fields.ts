import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/**
 * The switches a workflow's developer sets and a finance user never needs, by their name in an
 * operation's Options: from version 2 on they live under the operation's Advanced collection
 * (rule.ts), read through advancedOption (transport/developerSwitches.ts, since transport reads some).
 * - idempotencyKey: the author's own key of a write (transport/idempotency.ts);
 * - batchConcurrency: how many invoices are sent at once (clientInvoice/batch.ts);
 * - pollIntervalMs, timeoutSeconds: the Factur-X download's polling (clientInvoice/downloadFacturX);
 * - rememberDays: how long the write memory remembers what it made (transport/memory/settings.ts).
 */
export const DEVELOPER_OPTIONS: readonly string[] = ['idempotencyKey', 'batchConcurrency', 'pollIntervalMs', 'timeoutSeconds', 'rememberDays'];

/** The service's rate limit, in Advanced (version 1 has it as its own top-level collection, run/rateLimit.ts); its defaults are transport/pacer.ts's DEFAULT_RATE_LIMIT. */
export const RATE_LIMIT_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Rate Limit (Requests)',
		name: 'rateLimitRequests',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 1000,
		description: 'How many requests your contract with the service allows per window. The node never sends more; without this option, the standard 1,000 requests per 10 seconds.',
	},
	{
		displayName: 'Rate Limit Window (Seconds)',
		name: 'rateLimitWindowSeconds',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 10,
		description: 'How long the window of your contract’s rate limit is',
	},
];

/** Version 2's "Advanced" collection (every operation's, the trigger's): what only a developer or an unusual setup changes. */
export function advancedCollection(options: NonNullable<INodeProperties['options']>, description: string, displayOptions?: IDisplayOptions): INodeProperties {
	return { displayName: 'Advanced', name: 'advanced', type: 'collection', placeholder: 'Add Advanced Option', default: {}, ...(displayOptions ? { displayOptions } : {}), description, options };
}
