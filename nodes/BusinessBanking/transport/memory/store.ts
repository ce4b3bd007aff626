import { NodeOperationError, sleep, type ICheckProcessedOptions, type IExecuteFunctions } from 'n8n-workflow';

import { forgetForNode, recordNewForNode } from '../../n8n/processedData';
import { readRegister, registerProbes, registerValues, type RegisterRead } from './register';

/**
 * The node's write memory in n8n's processed-data store: one list per node (`'node'` scope), which
 * n8n reads and writes whole on every call. The calls of one node in this process never overlap
 * (two would each write back the list without the other's values): they wait in a queue per
 * workflow and node, and the calls that queued up meanwhile go to n8n together (nextBatch) (a batch
 * of concurrent items costs a few calls, not a few per item, so the node's concurrency still fills).
 * Other processes can still overwrite each other (n8n takes no lock); register.ts sees a record
 * torn that way as unreadable, and madeOnce.ts never pays on one.
 */

/** How many values the node's list keeps: about 125 per remembered write, so some 750 writes (docs/rerunning-safely.md). */
export const MEMORY_MAX_ENTRIES = 100_000;
/**
 * The most values one call to n8n asks about. A read records its probes before it takes them out
 * again, and n8n drops a list's oldest values past MEMORY_MAX_ENTRIES: a batch of reads asking
 * more than this headroom would push out the oldest writes' records (it did, at 100 items × 1,072 probes).
 */
export const MAX_VALUES_PER_CALL = 5_000;
const OPTIONS: ICheckProcessedOptions = { mode: 'entries', maxEntries: MEMORY_MAX_ENTRIES };

/** record: answers the values new to the list; forget: answers nothing; read: answers the probes the reading itself added (then taken out). */
type CallKind = 'record' | 'forget' | 'read';
interface QueuedCall {
	/** The caller's context: a batch is sent with its first call's (every call of a queue is of one workflow and node). */
	context: IExecuteFunctions;
	kind: CallKind;
	values: string[];
	resolve: (answer: Set<string>) => void;
	reject: (error: unknown) => void;
}

const queues = new Map<string, QueuedCall[]>();

/** Queues a call of this node; the queue is worked through by one drain per node at a time. */
function queued(context: IExecuteFunctions, kind: CallKind, values: string[]): Promise<Set<string>> {
	const name = `${context.getWorkflow().id}:${context.getNode().id}`;
	return new Promise((resolve, reject) => {
		const queue = queues.get(name);
		const call = { context, kind, values, resolve, reject };
		if (queue) return void queue.push(call);
		queues.set(name, [call]);
		void drain(name);
	});
}

/** The writes a call is about: each value is `<write's key>|…`. */
const writesOf = (call: QueuedCall) => new Set(call.values.map((value) => value.slice(0, value.indexOf('|'))));

/**
 * The calls sent together next: the first queued, and every later one that is about other writes
 * than any call still ahead of it, or of the same kind as the batch's calls about the same write.
 * Calls about one write keep their order; calls about different writes do not touch each other's values.
 */
function nextBatch(queue: QueuedCall[]): QueuedCall[] {
	const batch: QueuedCall[] = [];
	const kindOf = new Map<string, CallKind>();
	const waiting = new Set<string>();
	let asked = 0;
	for (const call of queue) {
		if (batch.length > 0 && asked + call.values.length > MAX_VALUES_PER_CALL) break;
		const writes = [...writesOf(call)];
		const joins = writes.every((write) => !waiting.has(write) && (kindOf.get(write) ?? call.kind) === call.kind);
		for (const write of writes) {
			if (!joins) waiting.add(write);
			else kindOf.set(write, call.kind);
		}
		if (!joins) continue;
		batch.push(call);
		asked += call.values.length;
	}
	return batch;
}

/** Sends the queued calls, as few calls to n8n as their order allows (nextBatch). */
async function drain(name: string): Promise<void> {
	const queue = queues.get(name)!;
	// The items started together reach here a few ticks apart: one turn of the event loop lets them join the first batch.
	await sleep(0);
	while (queue.length > 0) {
		const batch = nextBatch(queue);
		for (const call of batch) queue.splice(queue.indexOf(call), 1);
		try {
			const answers = await sendBatch(batch);
			batch.forEach((call, index) => call.resolve(answers[index]));
		} catch (error) {
			for (const call of batch) call.reject(error);
		}
	}
	queues.delete(name);
}

/**
 * At most two calls to n8n for a batch: one that records what the records and reads ask, one that
 * takes out what the forgets name and what the reads added. Each call's answer is what it would have
 * been alone, in queue order (a value is new to the first call that recorded it).
 */
async function sendBatch(batch: QueuedCall[]): Promise<Array<Set<string>>> {
	const { context } = batch[0];
	const valuesOf = (kinds: CallKind[]) => [...new Set(batch.filter((call) => kinds.includes(call.kind)).flatMap((call) => call.values))];
	const asked = valuesOf(['record', 'read']);
	const fresh = new Set(asked.length > 0 ? (await recordNewForNode(context, asked, OPTIONS)).map(String) : []);
	const strays = valuesOf(['read']).filter((value) => fresh.has(value));
	// Reading adds what was not there; it is taken out again before any other call of this node.
	await forgetForNode(context, [...valuesOf(['forget']), ...strays], OPTIONS);
	const taken = new Set<string>();
	return batch.map((call) => {
		if (call.kind === 'forget') return new Set<string>();
		if (call.kind === 'read') return new Set(call.values.filter((value) => fresh.has(value)));
		const mine = new Set(call.values.filter((value) => fresh.has(value) && !taken.has(value)));
		for (const value of call.values) taken.add(value);
		return mine;
	});
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
		return await queued(context, 'record', values);
	} catch (error) {
		storeFailed(context, itemIndex, error);
	}
}

/** Takes `values` out of the node's list. */
export async function forget(context: IExecuteFunctions, itemIndex: number, values: string[]): Promise<void> {
	try {
		await queued(context, 'forget', values);
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

/** Which of `values` the node's list holds (asking records the others, which are taken out again at once). */
export async function present(context: IExecuteFunctions, itemIndex: number, values: string[]): Promise<Set<string>> {
	try {
		const strays = await queued(context, 'read', values);
		return new Set(values.filter((value) => !strays.has(value)));
	} catch (error) {
		storeFailed(context, itemIndex, error);
	}
}

/**
 * Reads the records `names`: records every probe, then takes out those the reading itself added,
 * both before any other call of this node in this process, so none sees those strays.
 */
export async function readRecords(context: IExecuteFunctions, itemIndex: number, names: string[]): Promise<RegisterRead[]> {
	const found = await present(context, itemIndex, names.flatMap(registerProbes));
	return names.map((name) => readRegister(name, found));
}
