import type { Operation } from '../types';

/**
 * An operation whose items may run at once: a read, or a write the service deduplicates (it
 * carries an idempotency key) or that acts on the one item only. The transport's pacer decides
 * how many run at once (up to 100, within the rate limit); output keeps input order.
 */
export function inParallel(operation: Operation): Operation {
	return { ...operation, concurrency: () => 'adaptive' };
}
