import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';
import { createHash } from 'crypto';

import { resolveIdempotencyKey } from '../../transport';

/**
 * A decimal amount parameter as the string the API wants. A number from an expression is accepted
 * when its shortest form already is a decimal with at most 2 decimals (12.5 → "12.5"); the
 * shared schema then decides, so 0.1 + 0.2 (0.30000000000000004) is refused, not rounded.
 */
export function amountParameter(this: IExecuteFunctions, name: string, itemIndex: number): unknown {
	const value = this.getNodeParameter(name, itemIndex, '') as unknown;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return typeof value === 'string' ? value.trim() : value;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The key of a money-moving write: the user's own (Options › Idempotency Key) or the one the
 * transport derives per execution, node and item, so that a retry sends the same key. Endpoints
 * whose spec says "uuid" get a user key that is not a UUID turned into one, always the same.
 */
export function writeKey(this: IExecuteFunctions, itemIndex: number, operation: string, options: { uuid?: boolean } = {}): string {
	const own = (this.getNodeParameter('options.idempotencyKey', itemIndex, '') as string) ?? '';
	const key = resolveIdempotencyKey.call(this, itemIndex, operation, own);
	if (!options.uuid || UUID.test(key)) return key;
	const bytes = createHash('sha1').update(`business-banking-user-key\u0000${key}`).digest().subarray(0, 16);
	bytes[6] = (bytes[6] & 0x0f) | 0x50;
	bytes[8] = (bytes[8] & 0x3f) | 0x80;
	const hex = bytes.toString('hex');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A required text parameter, trimmed; empty is a NodeOperationError naming item and field. */
export function requiredText(this: IExecuteFunctions, name: string, label: string, itemIndex: number, extractValue = false): string {
	const raw = this.getNodeParameter(name, itemIndex, '', extractValue ? { extractValue: true } : undefined) as unknown;
	const value = raw === undefined || raw === null ? '' : String(raw).trim();
	if (!value) throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: ${label} (${name}) is required`, { itemIndex });
	return value;
}

/** "a, b ,c" or an array → ['a', 'b', 'c']. */
export function listParameter(value: unknown): string[] {
	const parts = Array.isArray(value) ? value : String(value ?? '').split(',');
	return parts.map((part) => String(part).trim()).filter(Boolean);
}
