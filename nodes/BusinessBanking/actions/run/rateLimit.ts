import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { DEFAULT_RATE_LIMIT, type RateLimit } from '../../transport/pacer';
import { advancedOption } from '../../transport/developerSwitches';
import { nodeVersion, onlyVersion1 } from '../versions';

/**
 * The service's rate limit, for accounts whose contract differs from the default 1,000 per 10 s:
 * version 1's own collection on every operation (from version 2 on, in each operation's Advanced:
 * advanced/fields.ts).
 */
export const rateLimitField: INodeProperties = {
	displayName: 'Rate Limit',
	name: 'rateLimit',
	type: 'collection',
	placeholder: 'Add Limit',
	default: {},
	description: 'The rate limit of your contract with the service. The node never sends more; leave empty for the standard 1,000 requests per 10 seconds.',
	options: [
		{
			displayName: 'Requests',
			name: 'requests',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 1000,
			description: 'How many requests the service accepts per window',
		},
		{
			displayName: 'Window (Seconds)',
			name: 'windowSeconds',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 10,
			description: 'How long the window of that limit is',
		},
	],
};

/** Version 1's Rate Limit collection, shown on version-1 nodes only. */
export const rateLimitFieldOfVersion1: INodeProperties[] = onlyVersion1([rateLimitField]);

/** The rate limit the author set, where the node's version keeps it. */
function authorsRateLimit(context: IExecuteFunctions): { requests?: unknown; windowSeconds?: unknown } {
	if (nodeVersion(context) < 2) return context.getNodeParameter('rateLimit', 0, {}) as { requests?: number; windowSeconds?: number };
	return {
		requests: advancedOption(context, 'rateLimitRequests', 0, DEFAULT_RATE_LIMIT.max),
		windowSeconds: advancedOption(context, 'rateLimitWindowSeconds', 0, DEFAULT_RATE_LIMIT.windowMs / 1000),
	};
}

/** The limit the node paces its requests to (read once per execution). */
export function rateLimitOf(this: IExecuteFunctions): RateLimit {
	const option = authorsRateLimit(this);
	const max = Number(option.requests ?? DEFAULT_RATE_LIMIT.max);
	const windowSeconds = Number(option.windowSeconds ?? DEFAULT_RATE_LIMIT.windowMs / 1000);
	if (!(max >= 1) || !(windowSeconds > 0)) return DEFAULT_RATE_LIMIT;
	return { max: Math.floor(max), windowMs: windowSeconds * 1000 };
}
