import { NodeOperationError, sleep, type DeduplicationItemTypes, type ICheckProcessedOptions, type IExecuteFunctions } from 'n8n-workflow';

/*
 * Assumption: in a node's `execute()`, n8n hands `helpers.checkProcessedAndRecord(values, 'node',
 * options)` to its processed-data store (n8n's database, shared by every process of an instance) and
 * answers which values were not recorded before (`new`), recording them; `helpers.removeProcessed`
 * takes values out of the same list (one search of the list per value, from its oldest end);
 * `getProcessedDataCount` reads the list's length without writing. n8n's store reads the list and writes it back whole without a
 * lock (durableDedup.ts batches its calls and confirms its ids once, off the executions' path; the
 * write memory, transport/memory/, checks what it reads). It keeps only a hash of each value, so it
 * answers "was this recorded?", never what a value held. A workflow that was never saved has no row
 * (n8n asserts the workflow's id and the table's foreign key needs it), and n8n inserts the row on
 * its first record: two processes recording a node's first values at once both insert, and the second
 * fails (duplicate key), so a record is tried again. Guarded by
 * test/n8n/processedData.test.ts (n8n-core's DataDeduplicationService, on every n8n of the matrix),
 * test/trigger/durableDedup.test.ts and test/node/madeOnce*.test.ts.
 */

/** n8n-core's stand-in id for a workflow that was never saved. */
export const UNSAVED_WORKFLOW_ID = '__EMPTY__';

/** Tries of a record, and the pause before the next (times the try's number). */
const RECORD_TRIES = 3;
const RECORD_PAUSE_MS = 100;

/**
 * The values of `values` not recorded yet for this node, which are recorded now; tried again on
 * failure (the next try finds the row another process inserted). A try that failed after writing
 * leaves values the next reads as recorded before: a caller must take that as another's, never as its own.
 */
export async function recordNewForNode(context: IExecuteFunctions, values: DeduplicationItemTypes[], options: ICheckProcessedOptions): Promise<DeduplicationItemTypes[]> {
	for (let attempt = 1; ; attempt++) {
		try {
			return (await context.helpers.checkProcessedAndRecord(values, 'node', options)).new;
		} catch (error) {
			if (attempt >= RECORD_TRIES) throw new NodeOperationError(context.getNode(), error as Error);
			await sleep(RECORD_PAUSE_MS * attempt);
		}
	}
}

/** Takes `values` out of this node's list (those not in it are ignored). */
export async function forgetForNode(context: IExecuteFunctions, values: DeduplicationItemTypes[], options: ICheckProcessedOptions): Promise<void> {
	if (values.length > 0) await context.helpers.removeProcessed(values, 'node', options);
}

/** How many values this node's list holds now (n8n reads the row; nothing is written). */
export async function countForNode(context: IExecuteFunctions, options: ICheckProcessedOptions): Promise<number> {
	return await context.helpers.getProcessedDataCount('node', options);
}

/** Whether n8n can keep processed data for this node: a saved workflow, and the helpers present. */
export function nodeCanRecord(context: IExecuteFunctions): boolean {
	const id = context.getWorkflow().id;
	return typeof id === 'string' && id !== '' && id !== UNSAVED_WORKFLOW_ID && typeof context.helpers.checkProcessedAndRecord === 'function';
}
