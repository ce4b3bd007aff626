import { createHash } from 'crypto';
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { uuidSchema } from '../schemas/common';

/**
 * A UUID (version 5 layout) derived from the execution, the node, the item and the operation. A
 * retry of the same item in the same execution — by the transport, or by n8n's "Retry On Fail" —
 * sends the same key, so the service answers the first result instead of acting twice.
 * (A new execution, e.g. n8n's "Retry execution", gets new keys: set the key field for that.)
 */
export function idempotencyKeyFor(this: IExecuteFunctions, itemIndex: number, operation: string): string {
	const parts = ['business-banking', this.getExecutionId(), this.getNode().name, String(itemIndex), operation];
	return uuidFromText(parts.join('\u0000'));
}

/** A UUID in the version 5 layout from the SHA-1 of a text: the same text always gives the same UUID. */
function uuidFromText(text: string): string {
	const bytes = createHash('sha1').update(text).digest().subarray(0, 16);
	bytes[6] = (bytes[6] & 0x0f) | 0x50;
	bytes[8] = (bytes[8] & 0x3f) | 0x80;
	const hex = bytes.toString('hex');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The user's own key when the field is filled in (e.g. an id from the source system), else the derived one. */
export function resolveIdempotencyKey(this: IExecuteFunctions, itemIndex: number, operation: string, userKey?: unknown): string {
	const own = typeof userKey === 'string' ? userKey.trim() : '';
	return own || idempotencyKeyFor.call(this, itemIndex, operation);
}

/**
 * The key of a money-moving write: the user's own (Options › Idempotency Key) or the one derived
 * per execution, node and item, so that a retry sends the same key. Endpoints whose spec says
 * "uuid" get a user key that is not a UUID turned into one, always the same.
 */
export function writeKey(this: IExecuteFunctions, itemIndex: number, operation: string, options: { uuid?: boolean } = {}): string {
	const own = (this.getNodeParameter('options.idempotencyKey', itemIndex, '') as string) ?? '';
	const key = resolveIdempotencyKey.call(this, itemIndex, operation, own);
	if (!options.uuid || uuidSchema.safeParse(key).success) return key;
	return uuidFromText(`business-banking-user-key\u0000${key}`);
}

/** An optional field for operations that send an idempotency key; put it in the operation's options. */
export const idempotencyKeyField: INodeProperties = {
	displayName: 'Idempotency Key',
	name: 'idempotencyKey',
	type: 'string',
	default: '',
	placeholder: 'e.g. {{ $json.orderId }}',
	description:
		'A value unique to this action, so that running it twice does nothing the second time (within 30 minutes). Leave empty to use one derived from the execution and the item.',
};
