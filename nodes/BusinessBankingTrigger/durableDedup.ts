import { NodeOperationError, sleep, type DeduplicationItemTypes, type ICheckProcessedOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { recordNewForNode } from '../BusinessBanking/n8n/processedData';

/**
 * The second line against repeated deliveries, shared by every n8n process of an instance.
 *
 * `webhook()` runs in whichever process received the delivery and can only remember ids in that
 * process's memory (dedup.ts). The execution it starts then runs this node's `execute()` (n8n runs
 * a trigger's `execute()` with the items its webhook produced), on a worker in queue mode, where
 * n8n's deduplication helpers are available: they keep processed values in n8n's database
 * (`processed_data`), so a replay that reaches another webhook process, or comes after a restart,
 * is dropped here and reaches no further node.
 *
 * What it must catch is what the bank sends twice: a retry, which comes after the previous try
 * failed or timed out (docs/assumptions.md, *Delivery*: 10 s timeout, then 1 s, 2 s, 4 s … of backoff), so at least a
 * second after the first try was recorded. It is not built to catch two copies of one delivery
 * that two processes check at the same instant (docs/production.md gives the measured count).
 *
 * Cost per event, kept off what grows: n8n's helper reads the node's stored list and writes it back
 * whole, so each call costs in proportion to the list. The checks of one node in this process are
 * written together (the ids that arrive while a write is under way go in the next one), so a
 * burst pays one read and one write per batch, not per event; nothing sleeps on an event's path.
 *
 * n8n's helper has no lock: another process that read the list before our write can write it back
 * without our id. So a second after they were recorded, this process records its ids once more
 * (one call for all of them, off the executions' path): an id that went missing is stored again
 * before any retry can come.
 */
export const DURABLE_DEDUP_MAX_IDS = 10_000;
/** How long after recording an id this process looks at it again (a stale write by another process has landed by then). */
export const CONFIRM_AFTER_MS = 1000;
const OPTIONS: ICheckProcessedOptions = { mode: 'entries', maxEntries: DURABLE_DEDUP_MAX_IDS };

/** n8n's check-and-record (tried again on failure there: n8n/processedData.ts), its failure named for the user. */
async function checkAndRecord(this: IExecuteFunctions, values: DeduplicationItemTypes[]): Promise<Set<string>> {
	try {
		return new Set((await recordNewForNode(this, values, OPTIONS)).map(String));
	} catch (error) {
		throw new NodeOperationError(this.getNode(), `Could not check the event ids against n8n's processed-data store: ${(error as Error).message}`);
	}
}

/** Ids waiting for the next write of one node, and that write's answer: the ids it found new. */
interface Batch {
	keys: string[];
	/** Ids this process recorded a moment ago, written again to restore any that went missing. */
	confirming: string[];
	fresh: Promise<Set<string>>;
}

/** Per node: the batch that has not started writing yet, and the tail of the node's writes. */
const waiting = new Map<string, Batch>();
const tails = new Map<string, Promise<unknown>>();

/** Adds ids to the node's next write; resolves with the ids that write found new (none of `confirming`). */
function joinBatch(this: IExecuteFunctions, nodeKey: string, keys: string[], confirming: string[] = []): Promise<Set<string>> {
	let batch = waiting.get(nodeKey);
	if (!batch) {
		const opened: Batch = { keys: [], confirming: [], fresh: Promise.resolve(new Set()) };
		const previous = tails.get(nodeKey) ?? Promise.resolve();
		opened.fresh = previous.then(async () => {
			// Closed now: ids that come from here on go in the next write.
			waiting.delete(nodeKey);
			// Ids being confirmed go first: a replay of one in the same write is then not new.
			const found = await checkAndRecord.call(this, [...opened.confirming, ...opened.keys]);
			for (const key of opened.confirming) found.delete(key);
			return found;
		});
		const tail = opened.fresh.catch(() => undefined);
		tails.set(nodeKey, tail);
		void tail.then(() => tails.get(nodeKey) === tail && tails.delete(nodeKey));
		waiting.set(nodeKey, (batch = opened));
	}
	batch.keys.push(...keys);
	batch.confirming.push(...confirming);
	return batch.fresh;
}

/** Per node: ids this process recorded, and when, until they are confirmed. */
const unconfirmed = new Map<string, Map<string, number>>();

/** Confirms `keys` a moment from now, in one write with every other id due by then. */
function confirmLater(this: IExecuteFunctions, nodeKey: string, keys: Iterable<string>): void {
	let due = unconfirmed.get(nodeKey);
	const idle = !due;
	if (!due) unconfirmed.set(nodeKey, (due = new Map()));
	const nowMs = Date.now();
	for (const key of keys) due.set(key, nowMs);
	if (idle) void confirmLoop.call(this, nodeKey, due);
}

async function confirmLoop(this: IExecuteFunctions, nodeKey: string, due: Map<string, number>): Promise<void> {
	try {
		while (due.size > 0) {
			await sleep(CONFIRM_AFTER_MS);
			const cutoff = Date.now() - CONFIRM_AFTER_MS;
			const keys: string[] = [];
			for (const [key, recordedAt] of due) {
				if (recordedAt > cutoff) break;
				keys.push(key);
				due.delete(key);
			}
			if (keys.length > 0) await joinBatch.call(this, nodeKey, [], keys);
		}
	} catch (error) {
		this.logger.warn(`Business Banking Trigger: recently recorded event ids could not be confirmed: ${(error as Error).message}`);
	} finally {
		if (unconfirmed.get(nodeKey) === due) unconfirmed.delete(nodeKey);
	}
}

/** The event's `data` (the resource); a non-object `data` is kept under a `data` key. */
function resourceOf(event: IDataObject): IDataObject {
	const { data } = event;
	return data && typeof data === 'object' && !Array.isArray(data) ? (data as IDataObject) : { data };
}

/**
 * The trigger's `execute()`: keeps each event whose id this node has not processed before (test and
 * production runs apart), and outputs the event or only its resource, as the Output option says.
 */
export async function firstDeliveriesOnly(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const mode = this.getMode() === 'manual' ? 'test' : 'production';
	const keyOf = (item: INodeExecutionData) => (typeof item.json.id === 'string' ? `${mode}:${item.json.id}` : undefined);
	const keys = [...new Set(items.map(keyOf).filter((key): key is string => key !== undefined))];
	const nodeKey = `${this.getWorkflow().id}:${this.getNode().id}`;
	const fresh = keys.length ? await joinBatch.call(this, nodeKey, keys) : new Set<string>();
	// Two executions of one event in one batch: the first to look takes it.
	const firstSeen = new Set(keys.filter((key) => fresh.delete(key)));
	// A batch larger than the list cannot be all stored: nothing to confirm then.
	if (firstSeen.size > 0 && keys.length < DURABLE_DEDUP_MAX_IDS) confirmLater.call(this, nodeKey, firstSeen);

	const options = this.getNodeParameter('options', 0, {}) as IDataObject;
	const output: INodeExecutionData[] = [];
	items.forEach((item, index) => {
		const key = keyOf(item);
		if (key !== undefined) {
			if (!firstSeen.has(key)) return;
			// The first item with this id only.
			firstSeen.delete(key);
		}
		output.push({ json: options.output === 'resource' ? resourceOf(item.json) : item.json, pairedItem: { item: index } });
	});
	return [output];
}
