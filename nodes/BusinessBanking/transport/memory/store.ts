import { NodeOperationError, type ICheckProcessedOptions, type IExecuteFunctions } from 'n8n-workflow';

import { forgetForNode, recordNewForNode } from '../../n8n/processedData';
import { readRegister, registerProbes, registerValues, type RegisterRead } from './register';

/**
 * The node's write memory in n8n's processed-data store: one list per node (`'node'` scope), which
 * n8n reads and writes whole on every call. The calls of one node in this process go one after
 * the other (a queue per workflow and node): two calls of this process would otherwise each write
 * back the list without the other's values. Other processes can still do that (n8n takes no lock);
 * register.ts sees a record torn that way as unreadable, and madeOnce.ts never pays on one.
 */

/** How many values the node's list keeps: about 120 per remembered write, so some 800 writes (docs/rerunning-safely.md). */
export const MEMORY_MAX_ENTRIES = 100_000;
const OPTIONS: ICheckProcessedOptions = { mode: 'entries', maxEntries: MEMORY_MAX_ENTRIES };

const queues = new Map<string, Promise<unknown>>();

/** Runs `call` after every earlier call of this node in this process. */
async function inTurn<T>(context: IExecuteFunctions, call: () => Promise<T>): Promise<T> {
	const name = `${context.getWorkflow().id}:${context.getNode().id}`;
	const previous = queues.get(name) ?? Promise.resolve();
	const mine = previous.then(call, call);
	const tail = mine.catch(() => undefined);
	queues.set(name, tail);
	void tail.then(() => queues.get(name) === tail && queues.delete(name));
	return await mine;
}

function storeFailed(context: IExecuteFunctions, itemIndex: number, error: unknown): never {
	throw new NodeOperationError(context.getNode(), `Item ${itemIndex}: n8n's processed-data store, where this node remembers what it made, did not answer: nothing was sent`, {
		itemIndex,
		description: `${(error as Error).message}. Without it the node cannot tell whether this was made before, so it does not send it.`,
	});
}

/** Records `values`; answers those that were not recorded before. */
export async function record(context: IExecuteFunctions, itemIndex: number, values: string[]): Promise<Set<string>> {
	try {
		return new Set((await inTurn(context, () => recordNewForNode(context, values, OPTIONS))).map(String));
	} catch (error) {
		storeFailed(context, itemIndex, error);
	}
}

/** Takes `values` out of the node's list. */
export async function forget(context: IExecuteFunctions, itemIndex: number, values: string[]): Promise<void> {
	try {
		await inTurn(context, () => forgetForNode(context, values, OPTIONS));
	} catch (error) {
		storeFailed(context, itemIndex, error);
	}
}

/** The values that write a record of `fields` under `name` (a record too long to keep is an error). */
export function recordValues(context: IExecuteFunctions, itemIndex: number, name: string, fields: string[]): string[] {
	const values = registerValues(name, fields);
	if (!values) throw new NodeOperationError(context.getNode(), `Item ${itemIndex}: the record of what was made is too long to remember (${fields.join(', ')})`, { itemIndex });
	return values;
}

/**
 * Reads the records `names` in one call, then takes out the values the reading itself recorded,
 * both in this node's turn: no other call of this process sees those strays.
 */
export async function readRecords(context: IExecuteFunctions, itemIndex: number, names: string[]): Promise<RegisterRead[]> {
	const probes = names.flatMap(registerProbes);
	try {
		const strays = await inTurn(context, async () => {
			const fresh = new Set((await recordNewForNode(context, probes, OPTIONS)).map(String));
			await forgetForNode(context, [...fresh], OPTIONS);
			return fresh;
		});
		const found = new Set(probes.filter((probe) => !strays.has(probe)));
		return names.map((name) => readRegister(name, found));
	} catch (error) {
		storeFailed(context, itemIndex, error);
	}
}
