import { type ICheckProcessedOptions, type IExecuteFunctions } from 'n8n-workflow';

import { countForNode, forgetForNode, recordNewForNode } from '../../n8n/processedData';

/**
 * The node's list holds at most this many values: n8n drops the oldest past it. Two per write
 * that was made (names.ts): 100,000 writes with room for markers and open claims;
 * capacity.ts refuses a claim before a write made within the window would be dropped.
 */
export const MEMORY_MAX_ENTRIES = 240_000;
const OPTIONS: ICheckProcessedOptions = { mode: 'entries', maxEntries: MEMORY_MAX_ENTRIES };
/**
 * One call at a time per node's list in this process: n8n reads the list and writes it back whole,
 * so two overlapping calls here would each write back the list without the other's values. Other
 * processes are caught by the call tokens (ledger.ts). A call waits on n8n's database as long as its
 * driver lets it (SQLite's busy timeout, Postgres' statement timeout), never on this code.
 */
const lastCall = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(context: IExecuteFunctions, call: () => Promise<T>): Promise<T> {
	const row = `${context.getWorkflow().id}:${context.getNode().id}`;
	const before = lastCall.get(row) ?? Promise.resolve();
	const mine = before.catch(() => undefined).then(call);
	lastCall.set(row, mine);
	try {
		return await mine;
	} finally {
		if (lastCall.get(row) === mine) lastCall.delete(row);
	}
}

/** Records `values` in the node's list; answers those that were not there. */
export async function recordValues(context: IExecuteFunctions, values: string[]): Promise<Set<string>> {
	return new Set((await oneAtATime(context, async () => await recordNewForNode(context, values, OPTIONS))).map(String));
}

/** Takes `values` out of the node's list. */
export async function forgetValues(context: IExecuteFunctions, values: string[]): Promise<void> {
	if (values.length > 0) await oneAtATime(context, async () => await forgetForNode(context, values, OPTIONS));
}

/** How many values the node's list holds. */
export async function countValues(context: IExecuteFunctions): Promise<number> {
	return await oneAtATime(context, async () => await countForNode(context, OPTIONS));
}
