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
 * n8n's helper reads the stored list, then writes it back whole, without a lock: another process
 * that read the list before our write can write it back without our id. So within this process the
 * checks of one node run one at a time; a recorded id is read back at once, and again a moment
 * later together with every id this process recorded lately, and written again where it went
 * missing.
 *
 * Two copies of one event checked at the same instant by two processes (two webhook processes that
 * each got the delivery) can both find the id new. So a first sighting is claimed again, in rounds:
 * each process waits a random moment, then records `<id>#claim-<round>`; whoever finds it recorded
 * already drops the event. A copy alone always wins; two copies tie only if they act at the same
 * moment in every round. n8n gives a node no atomic claim; this makes the tie rare, not impossible
 * (docs/production.md, "Duplicate deliveries", gives the measured figure).
 */
export const DURABLE_DEDUP_MAX_IDS = 10_000;
/** Claims after the first record (each adds a value per event to the stored list). */
export const CLAIM_ROUNDS = 2;
/** The longest random wait before a claim: the wider, the rarer two claimants act at once. */
export const CLAIM_JITTER_MS = 600;
/** How long after recording the ids are looked at again (another process's stale write lands by then). */
export const CONFIRM_AFTER_MS = 1000;
const RECENT_TTL_MS = 10 * 60 * 1000;
const RECENT_MAX = 1000;
const RECORD_CHECKS = 5;
const RECORD_TRIES = 3;
// Room for each id and its claims, so the newest DURABLE_DEDUP_MAX_IDS ids are remembered.
const OPTIONS: ICheckProcessedOptions = { mode: 'entries', maxEntries: DURABLE_DEDUP_MAX_IDS * (1 + CLAIM_ROUNDS) };

/** The tail of each node's queue of checks in this process. */
const queues = new Map<string, Promise<void>>();

/** Runs `task` once the previous task queued under `key` has settled. */
async function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
	const previous = queues.get(key) ?? Promise.resolve();
	const run = previous.then(task);
	const tail = run.then(
		() => undefined,
		() => undefined,
	);
	queues.set(key, tail);
	try {
		return await run;
	} finally {
		if (queues.get(key) === tail) queues.delete(key);
	}
}

/**
 * n8n's check-and-record, tried again on failure: when two processes record a node's first ids at
 * once, both insert its row and the second insert fails (duplicate key); the retry finds the row.
 */
async function checkAndRecord(this: IExecuteFunctions, values: DeduplicationItemTypes[]): Promise<DeduplicationItemTypes[]> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await recordNewForNode(this, values, OPTIONS);
		} catch (error) {
			if (attempt >= RECORD_TRIES) {
				throw new NodeOperationError(this.getNode(), `Could not check the event ids against n8n's processed-data store: ${(error as Error).message}`);
			}
		}
	}
}

/** Records `values` again until n8n reports each as stored (a value reported new was missing and is now written). */
async function restoreMissing(this: IExecuteFunctions, values: DeduplicationItemTypes[]): Promise<void> {
	let unconfirmed = values;
	for (let check = 0; check < RECORD_CHECKS && unconfirmed.length > 0; check++) {
		unconfirmed = await checkAndRecord.call(this, unconfirmed);
	}
}

/** Records `keys` and returns those not recorded before, read back once. */
async function recordFirstSeen(this: IExecuteFunctions, keys: string[]): Promise<Set<string>> {
	const fresh = await checkAndRecord.call(this, keys);
	// A batch larger than the list cannot be all stored: nothing to read back then.
	if (keys.length < DURABLE_DEDUP_MAX_IDS) await restoreMissing.call(this, fresh);
	return new Set(fresh.map(String));
}

/** Ids this process recorded lately, per node (bounded in age and count). */
const recentlyRecorded = new Map<string, Map<string, number>>();

function rememberRecorded(nodeKey: string, keys: Iterable<string>, nowMs: number): string[] {
	let recent = recentlyRecorded.get(nodeKey);
	if (!recent) recentlyRecorded.set(nodeKey, (recent = new Map()));
	for (const key of keys) recent.set(key, nowMs);
	for (const [key, recordedAt] of recent) {
		if (nowMs - recordedAt > RECENT_TTL_MS || recent.size > RECENT_MAX) recent.delete(key);
	}
	return [...recent.keys()];
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
	let firstSeen = keys.length ? await oneAtATime(nodeKey, async () => await recordFirstSeen.call(this, keys)) : new Set<string>();
	const recorded = [...firstSeen];
	for (let round = 1; round <= CLAIM_ROUNDS && firstSeen.size > 0; round++) {
		await sleep(Math.floor(Math.random() * CLAIM_JITTER_MS));
		const claimOf = (key: string) => `${key}#claim-${round}`;
		const claims = [...firstSeen].map(claimOf);
		recorded.push(...claims);
		const won = await oneAtATime(nodeKey, async () => await recordFirstSeen.call(this, claims));
		firstSeen = new Set([...firstSeen].filter((key) => won.has(claimOf(key))));
	}
	if (recorded.length > 0) {
		const recent = rememberRecorded(nodeKey, recorded, Date.now());
		// Not holding the queue meanwhile: the node's other checks in this process go on.
		await sleep(CONFIRM_AFTER_MS);
		await oneAtATime(nodeKey, async () => await restoreMissing.call(this, recent));
	}

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
