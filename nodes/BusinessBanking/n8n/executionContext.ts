import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

/*
 * Assumption: `this.getContext('node')` is an object n8n keeps with the execution (its
 * `executionData.contextData`), the same object for every run of the node in that execution (Retry
 * On Fail, a loop), saved with the execution when it ends, and copied into a "Retry execution" of it
 * (n8n's execution service retries with the failed execution's whole data). It is not shared with
 * any other execution and is lost with a crash before the execution is saved. Guarded by
 * test/n8n/executionContext.test.ts (kept across runs of one execution, on every n8n of the matrix)
 * and test/e2e/made-once-scale.test.ts (a real n8n's Retry execution finds it).
 */

/** A record the node keeps in its execution's context under `name` (created empty). */
export function executionRecord<T extends object>(context: IExecuteFunctions, name: string): T {
	const data = context.getContext('node') as IDataObject;
	if (!data[name] || typeof data[name] !== 'object') data[name] = {};
	return data[name] as T;
}
