import type { IExecuteFunctions } from 'n8n-workflow';

export const DEFAULT_BATCH_CONCURRENCY = 5;
export const MAX_BATCH_CONCURRENCY = 20;

/** "Batch Concurrency" (Options) of the node, clamped to 1–20; read once per execution. */
export function batchConcurrency(this: IExecuteFunctions): number {
	const value = Number(this.getNodeParameter('options.batchConcurrency', 0, DEFAULT_BATCH_CONCURRENCY));
	if (!Number.isFinite(value)) return DEFAULT_BATCH_CONCURRENCY;
	return Math.min(MAX_BATCH_CONCURRENCY, Math.max(1, Math.floor(value)));
}
