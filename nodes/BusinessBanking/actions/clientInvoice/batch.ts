import type { IExecuteFunctions } from 'n8n-workflow';

import { MAX_IN_FLIGHT } from '../../transport/pacer';
import { advancedOption } from '../../transport/developerSwitches';

export const MAX_BATCH_CONCURRENCY = MAX_IN_FLIGHT;

/**
 * "Batch Concurrency" (Options; Advanced from version 2 on) of the node, clamped to 1–100, read once per execution; when it is
 * not set, 'adaptive': the pacer keeps as many in flight as the latency needs, within the limit.
 */
export function batchConcurrency(this: IExecuteFunctions): number | 'adaptive' {
	const value = Number(advancedOption(this, 'batchConcurrency', 0, Number.NaN));
	if (!Number.isFinite(value)) return 'adaptive';
	return Math.min(MAX_BATCH_CONCURRENCY, Math.max(1, Math.floor(value)));
}
