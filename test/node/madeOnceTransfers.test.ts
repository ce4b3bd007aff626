import { randomUUID } from 'crypto';
import type { INodeParameters, IRun } from 'n8n-workflow';

import { DAYS, MINUTES, useMovableClocks } from '../helpers/engine/clocks';
import { runNode } from '../helpers/engine/runNode';
import { injectFault } from '../helpers/engine/sandboxControls';
import { outcomes, paymentRows, range, transfersAtBank } from '../helpers/madeOnceRuns';
import { transferByRow } from '../helpers/paymentParameters';
import { useTestSandbox } from '../helpers/sandbox';

jest.mock('../../nodes/BusinessBanking/transport/retry', () => ({ ...jest.requireActual('../../nodes/BusinessBanking/transport/retry'), retryDelayMs: () => 1 }));

/**
 * Issue 42: a payment is made once at the size of a real payment run, however late the run is
 * repeated: a "Retry execution" (which keeps the failed execution's record), a re-run of the same
 * input in a new execution (the node's list in n8n's processed-data store), the same run twice at once.
 * The long suite (test/long/) runs the same at 10,000 and 100,000 writes.
 */
describe('External Transfer › Create is made once per content, at a payment run’s size (n8n’s engine)', () => {
	const sandbox = useTestSandbox();
	const clocks = useMovableClocks();
	const posts = () => sandbox.ctx.requests.find('POST', '/v2/external_transfers');
	beforeEach(() => sandbox.ctx.requests.clear());

	const SIZE = 600;
	const OUTAGE_AT = 540;

	it(`${SIZE} transfers, the bank down from the ${OUTAGE_AT + 1}st: Retry execution 31 minutes and 3 days later pays each once`, async () => {
		const workflowId = `wf-${randomUUID()}`;
		const rows = paymentRows(SIZE);
		const run = (options: { retryOf?: IRun; items?: object[]; parameters?: INodeParameters; continueOnFail?: boolean } = {}) =>
			runNode({ sandbox, node: { parameters: options.parameters ?? transferByRow(), continueOnFail: options.continueOnFail ?? Boolean(options.retryOf) }, items: (options.items ?? rows) as never, workflowId, executionId: randomUUID(), retryOf: options.retryOf });
		await injectFault(sandbox, { method: 'POST', path: '/v2/external_transfers', kind: 'status', status: 503, retryAfter: 0, after: OUTAGE_AT, count: 10_000 });

		const first = await run();
		expect(first.error?.message).toBe('The external transfer may have been made: 4 tries with the same idempotency key, none confirmed (last: HTTP 503)');
		expect(transfersAtBank(sandbox).count).toBe(OUTAGE_AT);
		const madeFirst = new Map([...transfersAtBank(sandbox).references.keys()].map((reference) => [reference, true]));
		await sandbox.http.delete('/sandbox/faults');

		// The next morning the bank has forgotten its keys; n8n's Retry execution runs the node on the same items.
		clocks.move(31 * MINUTES);
		sandbox.ctx.requests.clear();
		const retried = await run({ retryOf: first.run });
		expect(retried.error).toBeUndefined();
		expect(retried.items).toHaveLength(SIZE);
		const { madeNow, earlier, refused } = outcomes(retried.items);
		// What was made before the outage is output as the bank has it now, naming the execution that made it.
		expect(earlier.map((i) => rows[i].reference).sort()).toEqual([...madeFirst.keys()].sort());
		for (const i of earlier) expect(retried.items[i].json).toMatchObject({ status: 'pending', reference: rows[i].reference, _madeEarlier: { executionId: first.executionId } });
		// What was sent into the outage and never answered is not paid on a guess.
		expect(refused.length).toBeGreaterThan(0);
		for (const i of refused) expect(retried.items[i].json.error).toMatch(new RegExp(`^Item ${i}: an external transfer with this content may have been made since \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:00\\.000Z \\(execution ${first.executionId}\\); its answer was lost, so nothing was sent$`));
		// Only what never reached the bank was sent, once each.
		expect(posts()).toHaveLength(madeNow.length);
		expect(earlier.length + refused.length + madeNow.length).toBe(SIZE);
		expect(transfersAtBank(sandbox).paidTwice).toEqual([]);

		// The accountant checks: they are not at the bank. Paying them anyway is one option away.
		const payAnyway = await run({ items: refused.map((i) => rows[i]), parameters: transferByRow({ makeAgain: true }) });
		expect(payAnyway.error).toBeUndefined();
		expect(transfersAtBank(sandbox)).toMatchObject({ count: SIZE, paidTwice: [] });

		// Three days later the failed execution is retried once more: nothing is sent, each is output as made.
		clocks.move(3 * DAYS);
		sandbox.ctx.requests.clear();
		const late = await run({ retryOf: first.run });
		expect(outcomes(late.items)).toEqual({ madeNow: [], earlier: range(SIZE), refused: [] });
		expect(posts()).toHaveLength(0);
		// The same rows in a new execution (a re-run): the node's list says each was made.
		const rerun = await run();
		expect(outcomes(rerun.items)).toEqual({ madeNow: [], earlier: range(SIZE), refused: [] });
		expect(rerun.items[0].json._madeEarlier).toMatchObject({ executionId: null, note: expect.stringMatching(/^Made by an earlier execution of this workflow/) });
		expect(posts()).toHaveLength(0);
		expect(transfersAtBank(sandbox)).toMatchObject({ count: SIZE, paidTwice: [] });
	}, 240_000);

	it('a lost answer: asked again while the bank knows the key (10 minutes), refused after (31 minutes), output as made once answered', async () => {
		const workflowId = `wf-${randomUUID()}`;
		const rows = paymentRows(2, 'Lost');
		const run = (items: object[], retryOf?: IRun) => runNode({ sandbox, node: { parameters: transferByRow() }, items: items as never, workflowId, executionId: randomUUID(), retryOf });
		// The bank makes each of the two transfers, then the connection drops before its answer, 4 times.
		await injectFault(sandbox, { method: 'POST', path: '/v2/external_transfers', kind: 'drop_after_commit', count: 8 });
		const lost = await run([rows[0]]);
		expect(lost.error?.message).toMatch(/^The external transfer may have been made/);
		const lostAgain = await run([rows[1]]);
		expect(lostAgain.error?.message).toMatch(/^The external transfer may have been made/);
		expect(transfersAtBank(sandbox).count).toBe(2);

		clocks.move(10 * MINUTES);
		const asked = await run([rows[0]], lost.run);
		expect(asked.error).toBeUndefined();
		expect(asked.items[0].json.reference).toBe(rows[0].reference);
		expect(transfersAtBank(sandbox).count).toBe(2);

		clocks.move(21 * MINUTES);
		sandbox.ctx.requests.clear();
		const refused = await run([rows[1]], lostAgain.run);
		expect(refused.error?.message).toMatch(new RegExp(`^Item 0: an external transfer with this content may have been made since .* \\(execution ${lostAgain.executionId}\\); its answer was lost, so nothing was sent$`));
		expect(posts()).toHaveLength(0);
		// The first one, answered at 10 minutes, is now remembered as made: its own retry and a new execution say so.
		const repeated = await run([rows[0]], lost.run);
		expect(repeated.items[0].json._madeEarlier).toBeDefined();
		expect((await run([rows[0]])).items[0].json._madeEarlier).toBeDefined();
		// The second stays open in a new execution too (never paid on a guess, however late).
		clocks.move(30 * DAYS);
		const later = await run([rows[1]]);
		expect(later.error?.message).toMatch(/^Item 0: this external transfer was started by another execution of this workflow and is not recorded as made; nothing was sent$/);
		expect(posts()).toHaveLength(0);
		expect(transfersAtBank(sandbox).count).toBe(2);
	}, 120_000);

	it.each([
		['Make Again Even If Made Before', { makeAgain: '={{ $json.again }}' }],
		['Remember Made Items For (Days)', { rememberDays: '={{ $json.days }}' }],
	])('Options › %s from the data is refused before anything is sent: paying again is the author’s call', async (label, options) => {
		const workflowId = `wf-${randomUUID()}`;
		const rent = { amount: '900.00', reference: 'Rent', again: true, days: 1 };
		await runNode({ sandbox, node: { parameters: transferByRow() }, items: [rent], workflowId, executionId: randomUUID() });
		sandbox.ctx.requests.clear();
		const { error } = await runNode({ sandbox, node: { parameters: transferByRow(options) }, items: [rent], workflowId, executionId: randomUUID() });
		// n8n 2.x keeps the expression's text as inert text (the field takes no expression), refused as such; 1.x keeps the expression, refused as one.
		expect(error?.message).toMatch(new RegExp(`^Item 0: Options › ${label.replace(/[()]/g, '\\$&')} (holds an expression; it takes only a fixed value|\\(options\\.\\w+\\) must be)`));
		expect(sandbox.ctx.requests.find(undefined, '/v2/*')).toEqual([]);
		expect(transfersAtBank(sandbox).count).toBe(1);
	});

	it('paying the same again on purpose: another reference, the author’s own key, or Make Again; the memory window is the author’s', async () => {
		const run = (workflowId: string, items: object[], options: INodeParameters = {}) => runNode({ sandbox, node: { parameters: transferByRow(options) }, items: items as never, workflowId, executionId: randomUUID() });
		const rent = { amount: '900.00', reference: 'Rent' };
		const monthly = `wf-${randomUUID()}`;
		await run(monthly, [rent]);
		clocks.move(31 * MINUTES);
		expect((await run(monthly, [rent])).items[0].json._madeEarlier).toBeDefined();
		await run(monthly, [{ ...rent, reference: 'Rent December' }]);
		await run(monthly, [rent], { idempotencyKey: 'rent-2026-12' });
		await run(monthly, [rent], { makeAgain: true });
		expect(transfersAtBank(sandbox).count).toBe(4);
		// Made again on purpose, it is now what the content made: a repeat outputs it, nothing new.
		expect((await run(monthly, [rent])).items[0].json._madeEarlier).toBeDefined();
		// Remembered for 1 day (at least one, at most two): 2 days later the same content is made again, once.
		const daily = `wf-${randomUUID()}`;
		await run(daily, [rent], { rememberDays: 1 });
		clocks.move(2 * DAYS);
		expect((await run(daily, [rent], { rememberDays: 1 })).items[0].json._madeEarlier).toBeUndefined();
		expect((await run(daily, [rent], { rememberDays: 1 })).items[0].json._madeEarlier).toBeDefined();
		// Lengthened to 30 days after that: what was made under 1 day is still found while 1 day would keep it.
		expect((await run(daily, [rent], { rememberDays: 30 })).items[0].json._madeEarlier).toBeDefined();
		expect(transfersAtBank(sandbox).count).toBe(6);
		// The 7-day default: 8 to 16 days (generations of 8 days), then made again.
		clocks.move(17 * DAYS);
		expect((await run(monthly, [rent])).items[0].json._madeEarlier).toBeUndefined();
		expect(transfersAtBank(sandbox).count).toBe(7);
	}, 120_000);

	it('two executions of the same run at the same instant: each transfer paid once, the second outputs what the first made', async () => {
		const workflowId = `wf-${randomUUID()}`;
		const rows = paymentRows(200, 'Twice');
		const run = () => runNode({ sandbox, node: { parameters: transferByRow() }, items: rows as never, workflowId, executionId: randomUUID() });
		const started = Date.now();
		const [a, b] = await Promise.all([run(), run()]);
		expect(a.error).toBeUndefined();
		expect(b.error).toBeUndefined();
		expect(transfersAtBank(sandbox)).toMatchObject({ count: 200, paidTwice: [] });
		for (const i of range(200)) expect(Boolean(a.items[i].json._madeEarlier) !== Boolean(b.items[i].json._madeEarlier)).toBe(true);
		expect(posts()).toHaveLength(200);
		expect(Date.now() - started).toBeLessThan(60_000);
	}, 120_000);
});
