import { randomUUID } from 'crypto';

// n8n-workflow's sleep, counted (it still sleeps): a test holds it to show no event waits for it.
jest.mock('n8n-workflow', () => {
	const actual = jest.requireActual<typeof import('n8n-workflow')>('n8n-workflow');
	return { ...actual, sleep: jest.fn(actual.sleep) };
});
import { sleep } from 'n8n-workflow';

import { CONFIRM_AFTER_MS, DURABLE_DEDUP_MAX_IDS } from '../../nodes/BusinessBankingTrigger/durableDedup';
import { installProcessedDataStore, ProcessedDataStore, runTriggerExecute, triggerNode } from './execute';

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

/** Resolves once a write of row `key` leaves `done()` true (the writes of the confirmation included). */
function untilStored(key: string, done: () => boolean): Promise<void> {
	return new Promise((resolve) => {
		store.afterWrite = (rowKey) => {
			if (rowKey !== key || !done()) return;
			store.afterWrite = undefined;
			resolve();
		};
	});
}

describe("the trigger's execute(): n8n's processed-data store as a second line", () => {
	it('a replay that joins the confirmation of its own id is dropped', async () => {
		const node = triggerNode(randomUUID());
		const first = event();
		const key = `wf-durable|n:${node.id}`;
		let replay: Promise<unknown> | undefined;
		// The first test of the file: no other node's confirmation is asleep, so the next wait is the
		// one of `first`. When it ends, another event's write is held in flight, and the replay and
		// the confirmation both wait for the next write: the same one.
		jest.mocked(sleep).mockImplementationOnce(async (ms) => {
			await new Promise((resolve) => setTimeout(resolve, ms));
			let release = () => undefined as void;
			store.hold = new Promise((resolve) => (release = resolve));
			void runTriggerExecute(node, delivery(event()));
			await new Promise((resolve) => setImmediate(resolve));
			replay = runTriggerExecute(node, delivery(first));
			setImmediate(() => {
				store.hold = undefined;
				release();
			});
		});
		expect(await runTriggerExecute(node, delivery(first))).toHaveLength(1);
		// Then the id goes missing (a stale write): the confirmation finds it new and restores it.
		store.setHashes(key, []);
		await untilStored(key, () => store.hashes(key).includes(ProcessedDataStore.hash(`production:${first.id}`)));
		expect(await replay).toEqual([]);
	});

	it('lets an event through once; a replay in a later execution reaches no further node', async () => {
		const node = triggerNode(randomUUID());
		const first = event();
		expect(await runTriggerExecute(node, delivery(first))).toEqual([{ json: first, pairedItem: { item: 0 } }]);
		expect(await runTriggerExecute(node, delivery(first))).toEqual([]);
		// Recorded under this node, one value per event (and mode).
		expect(store.hashes(`wf-durable|n:${node.id}`)).toEqual([ProcessedDataStore.hash(`production:${first.id}`)]);
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

	it('a new event waits for no confirmation: its execution goes on while the confirmation is still asleep', async () => {
		const node = triggerNode(randomUUID());
		const first = event();
		// The confirmation's wait never ends: an execution that waited for it would never return.
		jest.mocked(sleep).mockImplementationOnce(() => new Promise(() => undefined));
		expect(await runTriggerExecute(node, delivery(first))).toHaveLength(1);
		expect(jest.mocked(sleep)).toHaveBeenCalledWith(CONFIRM_AFTER_MS);
		expect(await runTriggerExecute(node, delivery(first))).toEqual([]);
	});

	it('concurrent executions in one process each record their event, in fewer writes than events (none lost to a concurrent write)', async () => {
		const node = triggerNode(randomUUID());
		const events = Array.from({ length: 20 }, () => event());
		const key = `wf-durable|n:${node.id}`;
		let writes = 0;
		store.afterWrite = (rowKey) => void (rowKey === key && writes++);
		const firstRuns = await Promise.all(events.map((one) => runTriggerExecute(node, delivery(one))));
		expect(firstRuns.map((output) => output.length)).toEqual(events.map(() => 1));
		// Written together: the checks that come while a write is under way share the next one.
		expect(writes).toBeLessThan(events.length);
		const replays = await Promise.all(events.map((one) => runTriggerExecute(node, delivery(one))));
		expect(replays.flat()).toEqual([]);
		expect(await store.getProcessedDataCount('node', { workflow: { id: 'wf-durable', active: true }, node })).toBe(20);
	});

	it('two executions of one event at once in one process (two webhook processes got it): one goes on', async () => {
		const node = triggerNode(randomUUID());
		const same = event();
		const outputs = await Promise.all([runTriggerExecute(node, delivery(same)), runTriggerExecute(node, delivery(same)), runTriggerExecute(node, delivery(same))]);
		expect(outputs.map((output) => output.length).sort()).toEqual([0, 0, 1]);
	});

	it('an id overwritten by another process writing a stale list is stored again a moment later, so its retry is dropped', async () => {
		const node = triggerNode(randomUUID());
		const earlier = event();
		await runTriggerExecute(node, delivery(earlier));
		const key = `wf-durable|n:${node.id}`;
		const stale = [...store.hashes(key)];
		const first = event();
		const firstHash = ProcessedDataStore.hash(`production:${first.id}`);
		// Right after our write, the other worker writes back the list it read before (without our id).
		store.afterWrite = (rowKey) => {
			if (rowKey !== key) return;
			store.afterWrite = undefined;
			store.setHashes(key, [...stale, ProcessedDataStore.hash('production:other-worker')]);
		};
		expect(await runTriggerExecute(node, delivery(first))).toHaveLength(1);
		expect(store.hashes(key)).not.toContain(firstHash);
		// The confirmation, a second later, stores it again; a retry comes later than that.
		await untilStored(key, () => store.hashes(key).includes(firstHash));
		expect(await runTriggerExecute(node, delivery(first))).toEqual([]);
		expect(await runTriggerExecute(node, delivery(earlier))).toEqual([]);
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
		let writes = 0;
		// Its own write, then its confirmation's: the 10,000 come after, as they would.
		const confirmed = untilStored(`wf-durable|n:${node.id}`, () => ++writes === 2);
		await runTriggerExecute(node, [oldest]);
		await confirmed;
		const newer = Array.from({ length: DURABLE_DEDUP_MAX_IDS }, () => ({ json: event() }));
		expect(await runTriggerExecute(node, newer)).toHaveLength(DURABLE_DEDUP_MAX_IDS);
		expect(await runTriggerExecute(node, [newer[0]])).toHaveLength(0);
		// The oldest id was dropped to make room: it counts as new again.
		expect(await runTriggerExecute(node, [oldest])).toHaveLength(1);
	}, 60_000);
});
