import { createHash } from 'crypto';
import { NodeOperationError, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { uuidSchema } from '../../shared/schemas/common';
import { UNSAVED_WORKFLOW_ID } from '../n8n/processedData';
import { memorySettings } from './memory/settings';
import { advancedOption, advancedOptionLabel } from './developerSwitches';

/** A UUID in the version 5 layout from the SHA-1 of a text: the same text always gives the same UUID. */
function uuidFromText(text: string): string {
	const bytes = createHash('sha1').update(text).digest().subarray(0, 16);
	bytes[6] = (bytes[6] & 0x0f) | 0x50;
	bytes[8] = (bytes[8] & 0x3f) | 0x80;
	const hex = bytes.toString('hex');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** JSON with object keys sorted at every depth and undefined left out: equal data, equal text. */
export function canonicalJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map((entry) => (entry === undefined ? 'null' : canonicalJson(entry))).join(',')}]`;
	if (value !== null && typeof value === 'object') {
		const entries = Object.entries(value as Record<string, unknown>)
			.filter(([, entry]) => entry !== undefined)
			.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
		return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

/**
 * The default key of a write: a UUID of the workflow, the node, the operation and the request's
 * content. The content, not the execution or the item's position, makes the key, so every way n8n
 * runs the same work again sends the same key: the transport's retries, Retry On Fail, "Retry
 * execution" (a new execution id) and a manual re-run of the same input. The node is known by its
 * id, which survives a rename; a node without one (very old workflows) by its name. An unsaved
 * workflow has no id of its own: the node id alone then scopes the key.
 * `content` holds only what defines the action: callers leave out one-time values (a payee
 * verification token, 2FA/SCA headers), which differ on every run.
 */
export function idempotencyKeyFor(this: IExecuteFunctions, operation: string, content: unknown): string {
	const workflowId = String(this.getWorkflow().id ?? '');
	const node = this.getNode();
	const parts = ['business-banking/2', workflowId === UNSAVED_WORKFLOW_ID ? '' : workflowId, node.id || `name:${node.name}`, operation, canonicalJson(content)];
	return uuidFromText(parts.join('\u0000'));
}

/** The user's own key when the field is filled in (e.g. an id from the source system), else the derived one. */
export function resolveIdempotencyKey(this: IExecuteFunctions, operation: string, content: unknown, userKey?: unknown): string {
	const own = typeof userKey === 'string' ? userKey.trim() : '';
	return own || idempotencyKeyFor.call(this, operation, content);
}

/** Derived keys handed out in one run of the node, by run (the node's execute context): key → item. */
const keysOfRun = new WeakMap<object, Map<string, number>>();

export interface WriteKeyOptions {
	/** The spec writes "uuid" for this endpoint's key: a user key of another form becomes a UUID. */
	uuid?: boolean;
	/** What the write makes, for the error when two items of one run are the same ("transfer"). */
	what: string;
	/** The fields that must differ for two of them to be two ("beneficiary, account, amount, currency and reference"). */
	sameFields: string;
	/** Two items of one run may be the same: the second then gets what the first made (the write memory's repeat). */
	allowSameInRun?: boolean;
}

/**
 * The key of a money-moving write: the user's own (Options › Idempotency Key; Advanced from version 2 on) or the one derived
 * from the workflow, node, operation and `content`. Two items of one run with the same derived key
 * would be made once: the second item stops with an error saying so instead of silently getting
 * the first one's result.
 */
export function writeKey(this: IExecuteFunctions, itemIndex: number, operation: string, content: unknown, options: WriteKeyOptions): string {
	const key = contentKey.call(this, itemIndex, operation, content, options);
	if (!memorySettings(this, itemIndex).makeAgain) return key;
	// Made again on purpose (Options › Make Again Even If Made Before): a key of this execution's own.
	const again = uuidFromText(`business-banking-again\u0000${String(this.getExecutionId() ?? '')}\u0000${key}`);
	let keys = againKeys.get(this);
	if (!keys) againKeys.set(this, (keys = new Map()));
	keys.set(again, key);
	return again;
}

/** Per run: the key of a write made again on purpose → the key of its content. */
const againKeys = new WeakMap<object, Map<string, string>>();

/** The key its content alone gives a write that `key` makes again on purpose; undefined for any other key. */
export function contentKeyOf(context: IExecuteFunctions, key: string): string | undefined {
	return againKeys.get(context)?.get(key);
}

function contentKey(this: IExecuteFunctions, itemIndex: number, operation: string, content: unknown, options: WriteKeyOptions): string {
	const own = String(advancedOption(this, 'idempotencyKey', itemIndex, '') ?? '').trim();
	if (own) return !options.uuid || uuidSchema.safeParse(own).success ? own : uuidFromText(`business-banking-user-key\u0000${own}`);
	const key = idempotencyKeyFor.call(this, operation, content);
	if (options.allowSameInRun) return key;
	let seen = keysOfRun.get(this);
	if (!seen) keysOfRun.set(this, (seen = new Map()));
	const first = seen.get(key);
	if (first !== undefined && first !== itemIndex) {
		throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: the same ${options.what} as item ${first} (same ${options.sameFields}); it would be made only once`, {
			itemIndex,
			description: `Identical requests within 30 minutes share one idempotency key, so the service would answer item ${first}'s ${options.what} instead of making a second one. If both are meant, make them differ (for example the reference) or give each its own ${advancedOptionLabel(this, 'Idempotency Key')}.`,
		});
	}
	seen.set(key, itemIndex);
	return key;
}

/** An optional field for operations that send an idempotency key; put it in the operation's options (version 2 shows it under Advanced). */
export const idempotencyKeyField: INodeProperties = {
	displayName: 'Idempotency Key',
	name: 'idempotencyKey',
	type: 'string',
	default: '',
	placeholder: 'e.g. {{ $json.paymentId }}',
	description:
		'Your own key for this action, e.g. its ID in your source system; the service acts once per key within 30 minutes. Leave empty to use one derived from this workflow, this node and the request’s content: running the same input again (a retry, Retry execution, a manual re-run) then does nothing new, and two identical requests within 30 minutes count as one.',
};
