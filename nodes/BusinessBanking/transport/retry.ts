import type { IHttpRequestMethods } from 'n8n-workflow';

import { mayHaveApplied, type FailedCall } from './errors';

/** At most this many tries of one call (the first one included). */
export const MAX_TRIES = 4;
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;
/** A server asking for a longer pause than this is not waited for (the node would look frozen). */
const MAX_RETRY_AFTER_MS = 30_000;

/**
 * Whether a failed try may be repeated. 429 means nothing happened, so any method may be repeated.
 * A 5xx or a dropped connection may have happened after the change was made: only calls that are
 * safe to repeat (reads, or writes carrying an idempotency key) are retried.
 */
export function isRetryable(failure: FailedCall, method: IHttpRequestMethods, hasIdempotencyKey: boolean): boolean {
	if (failure.status === 429) return true;
	if (!mayHaveApplied(failure)) return false;
	return method === 'GET' || method === 'HEAD' || hasIdempotencyKey;
}

/** Exponential backoff (0.5 s, 1 s, 2 s … capped), or the server's Retry-After when it sent one. */
export function retryDelayMs(failure: FailedCall, attempt: number): number {
	if (failure.retryAfterSeconds !== undefined) return Math.min(failure.retryAfterSeconds * 1000, MAX_RETRY_AFTER_MS);
	return Math.min(BASE_DELAY_MS * 2 ** (attempt - 1), MAX_DELAY_MS);
}
