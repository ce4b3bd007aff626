import { randomUUID } from 'crypto';

import { DAYS, useMovableClocks } from '../helpers/engine/clocks';
import { installProcessedDataStore, type ProcessedDataStore } from '../helpers/engine/processedDataStore';
import { runNode } from '../helpers/engine/runNode';
import { injectFault } from '../helpers/engine/sandboxControls';
import { outcomes, paymentRows, range, transfersAtBank } from '../helpers/madeOnceRuns';
import { transferByRow } from '../helpers/paymentParameters';
import { useTestSandbox } from '../helpers/sandbox';

jest.mock('../../nodes/BusinessBanking/transport/retry', () => ({ ...jest.requireActual('../../nodes/BusinessBanking/transport/retry'), retryDelayMs: () => 1 }));
// A small list, to reach "full" with a few hundred writes (n8n's own limit in the calls stays as shipped).
jest.mock('../../nodes/BusinessBanking/transport/memory/rowCalls', () => ({ ...jest.requireActual('../../nodes/BusinessBanking/transport/memory/rowCalls'), MEMORY_MAX_ENTRIES: 1_000 }));
jest.mock('../../nodes/BusinessBanking/transport/memory/timing', () => ({ ...jest.requireActual('../../nodes/BusinessBanking/transport/memory/timing'), BUSY_QUIET_MS: 4_000, POLL_MS: 500 }));

/** Issue 42, point 4: every path a repeat can take ends, with what is known, and the store is called per batch. */
describe('The write memory’s paths each end (n8n’s engine)', () => {
	const sandbox = useTestSandbox();
	const clocks = useMovableClocks();
	let store: ProcessedDataStore;
	beforeAll(async () => {
		store = await installProcessedDataStore();
	});
	beforeEach(() => sandbox.ctx.requests.clear());
	afterEach(() => {
		store.afterWrite = undefined;
	});
	const posts = () => sandbox.ctx.requests.find('POST', '/v2/external_transfers');
	const run = (workflowId: string, items: object[], options: Record<string, unknown> = {}) =>
		runNode({ sandbox, node: { parameters: transferByRow(options as never), continueOnFail: true }, items: items as never, workflowId, executionId: randomUUID() });

	/**
	 * Another worker's write landing over the run's first claiming call (it read the list before that
	 * call and wrote after it): the row becomes what `over` makes of the list before and after the call.
	 * Answers how many times it did so (once).
	 */
	function writeOverFirstClaimingCall(workflowId: string, over: (before: string[], now: string[]) => string[]): () => number {
		const row = `${workflowId}|n:node`;
		let before: string[] = [];
		let writtenOver = 0;
		store.afterWrite = (key) => {
			if (key !== row) return;
			const now = store.hashes(key);
			if (writtenOver === 0 && now.length > before.length + 40) {
				writtenOver++;
				store.setHashes(key, over(before, now));
				return;
			}
			before = now;
		};
		return () => writtenOver;
	}

	it('a run’s claims, checks and records go to n8n in a few calls, not a few per item; a repeat in fewer', async () => {
		const workflowId = `wf-${randomUUID()}`;
		const rows = paymentRows(150, 'Calls');
		const before = { ...store.calls };
		const first = await run(workflowId, rows);
		expect(outcomes(first.items).madeNow).toHaveLength(150);
		const firstCalls = { record: store.calls.record - before.record, remove: store.calls.remove - before.remove };
		expect(firstCalls.record).toBeLessThanOrEqual(8);
		expect(firstCalls.remove).toBeLessThanOrEqual(4);
		// Two values per write stay: made, this generation and the next (names.ts).
		expect(store.hashes(`${workflowId}|n:node`).length).toBeLessThan(2 * 150 + 20);
		const again = { ...store.calls };
		const repeat = await run(workflowId, rows);
		expect(outcomes(repeat.items).earlier).toEqual(range(150));
		expect(store.calls.record - again.record).toBeLessThanOrEqual(firstCalls.record);
		expect(posts()).toHaveLength(150);
	}, 60_000);

	it('a run leaves its made values and the window’s three markers, no call’s token: one write an execution, then each again, keeps the list as it was', async () => {
		const workflowId = `wf-${randomUUID()}`;
		const key = `${workflowId}|n:node`;
		const rows = paymentRows(12, 'One by one');
		for (const row of rows) expect(outcomes((await run(workflowId, [row])).items).madeNow).toHaveLength(1);
		// Two made values a write, and the day's anchor and the window's two generation markers (names.ts).
		expect(store.hashes(key)).toHaveLength(2 * rows.length + 3);
		for (const row of rows) expect(outcomes((await run(workflowId, [row])).items).earlier).toHaveLength(1);
		expect(store.hashes(key)).toHaveLength(2 * rows.length + 3);
		expect(posts()).toHaveLength(rows.length);
	}, 60_000);

	it('the node’s first call meets another process inserting its row (n8n: duplicate key): tried again, each made once', async () => {
		const workflowId = `wf-${randomUUID()}`;
		store.failNextWrite = true;
		const first = await run(workflowId, paymentRows(5, 'Row race'));
		expect(store.failNextWrite).toBe(false);
		expect(outcomes(first.items).madeNow).toHaveLength(5);
		expect(posts()).toHaveLength(5);
	}, 60_000);

	it('five runs of new writes, then the first run’s input again: none paid twice, the repeat costing less than the first run', async () => {
		const workflowId = `wf-${randomUUID()}`;
		const runs = ['A', 'B', 'C', 'D', 'E'].map((batch) => paymentRows(60, `Five ${batch}`));
		const seconds: number[] = [];
		for (const rows of runs) {
			const started = Date.now();
			expect(outcomes((await run(workflowId, rows)).items).madeNow).toHaveLength(60);
			seconds.push(Date.now() - started);
		}
		const started = Date.now();
		expect(outcomes((await run(workflowId, runs[0])).items).earlier).toEqual(range(60));
		expect(Date.now() - started).toBeLessThan(seconds[0]);
		expect(transfersAtBank(sandbox)).toMatchObject({ count: 300, paidTwice: [] });
	}, 60_000);

	it('a call written over by another worker (n8n takes no lock): the run sees its token gone, claims again, pays each once', async () => {
		const workflowId = `wf-${randomUUID()}`;
		// The first claiming call is undone: the other worker wrote the list as it read it, with a value of its own.
		const writtenOver = writeOverFirstClaimingCall(workflowId, (before) => [...before, 'another worker’s value']);
		const rows = paymentRows(60, 'Over');
		const made = await run(workflowId, rows);
		expect(writtenOver()).toBe(1);
		expect(outcomes(made.items).madeNow).toHaveLength(60);
		expect(transfersAtBank(sandbox)).toMatchObject({ count: 60, paidTwice: [] });
		store.afterWrite = undefined;
		expect(outcomes((await run(workflowId, rows)).items).earlier).toEqual(range(60));
	}, 60_000);

	it('another worker claims the same writes at the same moment and its write lands over this run’s: the claims read as the other’s, yet the run that made them takes them out; a repeat finds them made', async () => {
		const workflowId = `wf-${randomUUID()}`;
		// The other worker claimed the same writes: the same claim values, without this call's token (its last value).
		const writtenOver = writeOverFirstClaimingCall(workflowId, (_before, now) => now.slice(0, -1));
		const rows = paymentRows(60, 'Both claimed');
		const made = await run(workflowId, rows);
		store.afterWrite = undefined;
		expect(writtenOver()).toBe(1);
		expect(outcomes(made.items).madeNow).toHaveLength(60);
		// The other worker is gone (or yielded them too): nobody else would ever take the claims out.
		const repeat = await run(workflowId, rows);
		expect(outcomes(repeat.items)).toMatchObject({ earlier: range(60), refused: [] });
		expect(transfersAtBank(sandbox)).toMatchObject({ count: 60, paidTwice: [] });
	}, 60_000);

	it('held by another execution that then makes it: the second outputs it as made; held and never resolved: refused after the bound', async () => {
		const workflowId = `wf-${randomUUID()}`;
		const rows = paymentRows(3, 'Held');
		// The first execution's transfers take 3 s each at the bank.
		await injectFault(sandbox, { method: 'POST', path: '/v2/external_transfers', kind: 'latency', latencyMs: 3_000, count: 3 });
		const slow = run(workflowId, rows);
		await new Promise((resolve) => setTimeout(resolve, 1_500));
		const second = await run(workflowId, rows);
		await slow;
		expect(outcomes(second.items).earlier).toEqual([0, 1, 2]);
		expect(posts()).toHaveLength(3);

		// An answer lost in another execution: the claim stays, and a new execution gives up after the quiet bound.
		await injectFault(sandbox, { method: 'POST', path: '/v2/external_transfers', kind: 'drop_after_commit', count: 4 });
		const lost = await run(workflowId, [{ amount: '5.00', reference: 'Held lost' }]);
		expect(lost.items[0].json.error).toMatch(/^The external transfer may have been made/);
		const started = Date.now();
		const refused = await run(workflowId, [{ amount: '5.00', reference: 'Held lost' }]);
		expect(refused.items[0].json.error).toBe('Item 0: this external transfer was started by another execution of this workflow and is not recorded as made; nothing was sent');
		expect(Date.now() - started).toBeLessThan(15_000);
		expect(transfersAtBank(sandbox).count).toBe(4);
	}, 60_000);

	it('full: a claim that would push out a write made within the window is refused, nothing sent; once the oldest are older, it goes on', async () => {
		const workflowId = `wf-${randomUUID()}`;
		const first = await run(workflowId, paymentRows(300, 'Full A'));
		expect(outcomes(first.items).madeNow).toHaveLength(300);
		sandbox.ctx.requests.clear();
		const refused = await run(workflowId, paymentRows(150, 'Full B'));
		const { refused: stopped } = outcomes(refused.items);
		expect(stopped.length).toBeGreaterThan(0);
		expect(refused.items[stopped[0]].json).toMatchObject({
			error: `Item ${stopped[0]}: this node's memory of what it made is full; nothing was sent`,
			description: expect.stringMatching(/^It keeps 1,000 values .*within Remember Made Items For \(7 days\)/),
		});
		expect(posts().length).toBe(150 - stopped.length);
		// Eight days on, the first run's day is before the window: its anchor shows what n8n drops first is older.
		clocks.move(8 * DAYS);
		const later = await run(workflowId, paymentRows(100, 'Full C'));
		expect(outcomes(later.items).madeNow).toHaveLength(100);
	}, 60_000);
});
