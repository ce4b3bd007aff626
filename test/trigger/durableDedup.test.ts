import { randomUUID } from 'crypto';

// n8n-workflow's sleep, counted (it still sleeps): whether the confirmation wait ran is asserted on
// the calls, not on the clock, so a slow machine cannot fail the test.
jest.mock('n8n-workflow', () => {
	const actual = jest.requireActual<typeof import('n8n-workflow')>('n8n-workflow');
	return { ...actual, sleep: jest.fn(actual.sleep) };
});
import { sleep } from 'n8n-workflow';

import { CLAIM_ROUNDS, CONFIRM_AFTER_MS, DURABLE_DEDUP_MAX_IDS } from '../../nodes/BusinessBankingTrigger/durableDedup';
import { installProcessedDataStore, ProcessedDataStore, runTriggerExecute, triggerNode } from './execute';

// Every first sighting waits for its claims and the confirmation (about 1 to 2 s).
jest.setTimeout(60_000);

let store: ProcessedDataStore;
beforeAll(async () => {
	store = await installProcessedDataStore();
});
afterEach(() => {
	store.afterWrite = undefined;
});

const event = (id = randomUUID()) => ({
	id,
	type: 'v1/client-invoices',
	created_at: '2026-03-01T10:00:00.000Z',
	organization_id: 'org-1',
	data: { id: `inv-${id}`, number: 'F-1', status: 'unpaid' },
});
const delivery = (json: ReturnType<typeof event>) => [{ json }];

describe("the trigger's execute(): n8n's processed-data store as a second line", () => {
	it('lets an event through once; a replay in a later execution reaches no further node', async () => {
		const node = triggerNode(randomUUID());
		const first = event();
		expect(await runTriggerExecute(node, delivery(first))).toEqual([{ json: first, pairedItem: { item: 0 } }]);
		expect(await runTriggerExecute(node, delivery(first))).toEqual([]);
		// Recorded under this node, a value per event (and mode), and the event's claims.
		const claims = Array.from({ length: CLAIM_ROUNDS }, (_, round) => ProcessedDataStore.hash(`production:${first.id}#claim-${round + 1}`));
		expect(store.rows.get(`wf-durable|n:${node.id}`)).toEqual([ProcessedDataStore.hash(`production:${first.id}`), ...claims]);
	});

	it('keeps test runs apart from production, and nodes and workflows apart from each other', async () => {
		const node = triggerNode(randomUUID());
		const shared = event();
		expect(await runTriggerExecute(node, delivery(shared))).toHaveLength(1);
		expect(await runTriggerExecute(node, delivery(shared), 'manual')).toHaveLength(1);
		expect(await runTriggerExecute(node, delivery(shared), 'manual')).toHaveLength(0);
		expect(await runTriggerExecute(triggerNode(randomUUID()), delivery(shared))).toHaveLength(1);
		expect(await runTriggerExecute(node, delivery(shared), 'webhook', 'wf-other')).toHaveLength(1);
	});

	it('outputs only the resource with "Resource Only"', async () => {
		const node = triggerNode(randomUUID(), { output: 'resource' });
		const first = event();
		expect(await runTriggerExecute(node, delivery(first))).toEqual([{ json: first.data, pairedItem: { item: 0 } }]);
	});

	it('keeps the first of two items with one id, and items without an id', async () => {
		const node = triggerNode(randomUUID());
		const first = event();
		const output = await runTriggerExecute(node, [{ json: first }, { json: first }, { json: { note: 'no id' } as never }]);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 2 }]);
	});

	it('concurrent executions in one process each record their event (none lost to a concurrent write)', async () => {
		const node = triggerNode(randomUUID());
		const events = Array.from({ length: 20 }, () => event());
		const firstRuns = await Promise.all(events.map((one) => runTriggerExecute(node, delivery(one))));
		expect(firstRuns.map((output) => output.length)).toEqual(events.map(() => 1));
		const replays = await Promise.all(events.map((one) => runTriggerExecute(node, delivery(one))));
		expect(replays.flat()).toEqual([]);
		expect(await store.getProcessedDataCount('node', { workflow: { id: 'wf-durable', active: true }, node })).toBe(20 * (1 + CLAIM_ROUNDS));
	});

	it('a copy of the event that another process found new at the same instant, and claimed first: this one is dropped', async () => {
		const node = triggerNode(randomUUID());
		const same = event();
		const key = `wf-durable|n:${node.id}`;
		// Our first record finds the id new (the other process read the list before either wrote); the
		// other process's first claim lands before ours.
		store.afterWrite = () => {
			store.afterWrite = undefined;
			store.rows.set(key, [...(store.rows.get(key) ?? []), ProcessedDataStore.hash(`production:${same.id}#claim-1`)]);
		};
		expect(await runTriggerExecute(node, delivery(same))).toEqual([]);
	});

	it('a copy alone wins every claim', async () => {
		const node = triggerNode(randomUUID());
		const alone = event();
		expect(await runTriggerExecute(node, delivery(alone))).toHaveLength(1);
	});

	/**
	 * A node that recorded one event, and another worker that writes `list(stale)` right after our
	 * `afterWrites`-th write from now (it read the list before our writes).
	 */
	async function withStaleWriter(afterWrites: number, list: (stale: string[]) => string[]) {
		const node = triggerNode(randomUUID());
		const earlier = event();
		await runTriggerExecute(node, delivery(earlier));
		const key = `wf-durable|n:${node.id}`;
		const stale = [...(store.rows.get(key) ?? [])];
		let writes = 0;
		store.afterWrite = () => {
			if (++writes < afterWrites) return;
			store.afterWrite = undefined;
			store.rows.set(key, list(stale));
		};
		return { node, key, earlier, first: event() };
	}

	it('an id overwritten by another process writing a stale list is stored again, so its replay is still dropped', async () => {
		const { node, key, earlier, first } = await withStaleWriter(1, (stale) => [...stale, ProcessedDataStore.hash('production:other-worker')]);
		expect(await runTriggerExecute(node, delivery(first))).toHaveLength(1);
		expect(store.rows.get(key)).toContain(ProcessedDataStore.hash(`production:${first.id}`));
		expect(await runTriggerExecute(node, delivery(first))).toEqual([]);
		expect(await runTriggerExecute(node, delivery(earlier))).toEqual([]);
	});

	it('an id overwritten after it was read back is stored again a moment later (with the ids this process recorded lately)', async () => {
		// The other worker's list lands after our record and our immediate read-back, and drops `earlier` too.
		const { node, key, earlier, first } = await withStaleWriter(2, () => [ProcessedDataStore.hash('production:other-worker')]);
		jest.mocked(sleep).mockClear();
		expect(await runTriggerExecute(node, delivery(first))).toHaveLength(1);
		expect(jest.mocked(sleep)).toHaveBeenCalledWith(CONFIRM_AFTER_MS);
		expect(store.rows.get(key)).toEqual(expect.arrayContaining([ProcessedDataStore.hash(`production:${first.id}`), ProcessedDataStore.hash(`production:${earlier.id}`)]));
		expect(await runTriggerExecute(node, delivery(first))).toEqual([]);
	});

	it('a replay is dropped without waiting', async () => {
		const node = triggerNode(randomUUID());
		const first = event();
		await runTriggerExecute(node, delivery(first));
		jest.mocked(sleep).mockClear();
		expect(await runTriggerExecute(node, delivery(first))).toEqual([]);
		expect(jest.mocked(sleep)).not.toHaveBeenCalled();
	});

	it('a write that fails once (another process inserted the row first) is tried again', async () => {
		const node = triggerNode(randomUUID());
		const first = event();
		store.failNextWrite = true;
		expect(await runTriggerExecute(node, delivery(first))).toHaveLength(1);
		expect(store.failNextWrite).toBe(false);
		expect(await runTriggerExecute(node, delivery(first))).toEqual([]);
	});

	it(`remembers the newest ${DURABLE_DEDUP_MAX_IDS} ids`, async () => {
		const node = triggerNode(randomUUID());
		const oldest = { json: event() };
		await runTriggerExecute(node, [oldest]);
		const newer = Array.from({ length: DURABLE_DEDUP_MAX_IDS }, () => ({ json: event() }));
		expect(await runTriggerExecute(node, newer)).toHaveLength(DURABLE_DEDUP_MAX_IDS);
		expect(await runTriggerExecute(node, [newer[0]])).toHaveLength(0);
		// The oldest id was dropped to make room: it counts as new again.
		expect(await runTriggerExecute(node, [oldest])).toHaveLength(1);
	}, 60_000);
});
