import type { DeduplicationItemTypes, ICheckProcessedOptions, IExecuteFunctions } from 'n8n-workflow';

/*
 * Assumption: in a node's `execute()`, n8n hands `helpers.checkProcessedAndRecord(values, 'node',
 * options)` to its processed-data store (n8n's database, shared by every process of an instance) and
 * answers which values were not recorded before (`new`), recording them. n8n's store reads the list and
 * writes it back whole without a lock (durableDedup.ts batches its calls and confirms its ids once, off the executions' path). Guarded by
 * test/n8n/processedData.test.ts (n8n-core's DataDeduplicationService, on every n8n of the matrix) and
 * test/trigger/durableDedup.test.ts.
 */

/** The values of `values` not recorded yet for this node, which are recorded now. */
export async function recordNewForNode(context: IExecuteFunctions, values: DeduplicationItemTypes[], options: ICheckProcessedOptions): Promise<DeduplicationItemTypes[]> {
	return (await context.helpers.checkProcessedAndRecord(values, 'node', options)).new;
}
