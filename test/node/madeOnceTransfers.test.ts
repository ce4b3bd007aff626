import { randomUUID } from 'crypto';
import type { INodeParameters } from 'n8n-workflow';

import { SEED } from '../../sandbox/core/seed';
import { externalTransfers } from '../../sandbox/modules/transfers/store';
import { DAYS, MINUTES, useMovableClocks } from '../helpers/engine/clocks';
import { runNode } from '../helpers/engine/runNode';
import { injectFault } from '../helpers/engine/sandboxControls';
import { transferByRow } from '../helpers/paymentParameters';
import { useTestSandbox } from '../helpers/sandbox';

jest.mock('../../nodes/BusinessBanking/transport/retry', () => ({ ...jest.requireActual('../../nodes/BusinessBanking/transport/retry'), retryDelayMs: () => 1 }));

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/**
 * Issue 35: a payment is made once, however late the run is repeated. The node remembers what it
 * made in n8n's processed-data store (here n8n-core's DataDeduplicationService over the harness's
 * store), not only as long as the bank remembers the idempotency key (30 minutes).
 */
describe('External Transfer › Create is made once per content, however late the repeat (n8n’s engine)', () => {
	const sandbox = useTestSandbox();
	const clocks = useMovableClocks();
	const fr = SEED.organizations.fr;
	const stored = () => externalTransfers(sandbox.ctx).list(fr);
	const posts = () => sandbox.ctx.requests.find('POST', '/v2/external_transfers');
	beforeEach(() => sandbox.ctx.requests.clear());

	const parameters = transferByRow;
	const payments = range(100).map((i) => ({ amount: `${10 + i}.00`, reference: `Payroll 2026-11 #${i + 1}` }));

	it('100 transfers, the bank down from the 51st: Retry execution 31 minutes and 3 days later makes each once', async () => {
		const workflowId = `wf-${randomUUID()}`;
		const run = (mode: 'manual' | 'retry', items = payments, options: INodeParameters = {}) =>
			runNode({ sandbox, node: { parameters: parameters(options), continueOnFail: mode === 'retry' }, items, workflowId, executionId: randomUUID(), mode });
		await injectFault(sandbox, { method: 'POST', path: '/v2/external_transfers', kind: 'status', status: 503, retryAfter: 0, after: 50, count: 10_000 });

		const first = await run('manual');
		expect(first.error?.message).toBe('The external transfer may have been made: 4 tries with the same idempotency key, none confirmed (last: HTTP 503)');
		expect(stored()).toHaveLength(50);
		const madeFirst = new Map(stored().map((transfer) => [transfer.reference, transfer.id]));
		await sandbox.http.delete('/sandbox/faults');

		// The next morning: the bank has forgotten the keys; n8n's Retry execution runs the node on the same 100 items.
		clocks.move(31 * MINUTES);
		sandbox.ctx.requests.clear();
		const retried = await run('retry');
		expect(retried.items).toHaveLength(100);
		const outcome = (index: number) => retried.items[index].json;
		const earlier = range(100).filter((i) => outcome(i)._madeEarlier);
		const refused = range(100).filter((i) => typeof outcome(i).error === 'string');
		const madeNow = range(100).filter((i) => !outcome(i)._madeEarlier && !outcome(i).error);
		// Every transfer made before the outage is output as the bank has it, with no new request to make it.
		expect(earlier.map((i) => payments[i].reference).sort()).toEqual([...madeFirst.keys()].sort());
		for (const i of earlier) {
			expect(outcome(i).id).toBe(madeFirst.get(payments[i].reference));
			expect(outcome(i)).toMatchObject({ status: 'pending', reference: payments[i].reference, _madeEarlier: { executionId: first.executionId } });
		}
		// Those whose answer was lost at the outage (503 after 4 tries) are not paid on a guess.
		expect(refused.length).toBeGreaterThan(0);
		for (const i of refused) {
			expect(outcome(i).error).toMatch(new RegExp(`^Item ${i}: an? external transfer with this content may have been made since \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:00\\.000Z \\(execution ${first.executionId}\\); its answer was lost, so nothing was sent$`));
			expect(outcome(i).description).toMatch(/The bank recognises a repeated request for 30 minutes only.*turn on Options › Make Again Even If Made Before/);
		}
		expect(earlier.length + refused.length + madeNow.length).toBe(100);
		// Only the items that never reached the bank were sent.
		expect(posts().map((post) => post.body && (post.body as { external_transfer: { reference: string } }).external_transfer.reference).sort()).toEqual(madeNow.map((i) => payments[i].reference).sort());
		expect(stored()).toHaveLength(50 + madeNow.length);

		// The accountant checks: they are not at the bank. Paying them anyway is one option away.
		const payAnyway = await run('manual', refused.map((i) => payments[i]), { makeAgain: true });
		expect(payAnyway.error).toBeUndefined();
		expect(stored()).toHaveLength(100);
		expect(new Set(stored().map((transfer) => transfer.reference)).size).toBe(100);

		// Three days later the same input again (a re-run): nothing is sent, every one is output as made.
		clocks.move(3 * DAYS);
		sandbox.ctx.requests.clear();
		const rerun = await run('retry');
		expect(rerun.items.every((item) => item.json._madeEarlier && !item.json.error)).toBe(true);
		expect(posts()).toHaveLength(0);
		expect(stored()).toHaveLength(100);
	}, 180_000);

	it('a lost answer: asked again while the bank knows the key (10 minutes), refused after (31 minutes)', async () => {
		const workflowId = `wf-${randomUUID()}`;
		const run = (items: object[], mode: 'manual' | 'retry' = 'manual') => runNode({ sandbox, node: { parameters: parameters() }, items: items as never, workflowId, executionId: randomUUID(), mode });
		// The bank makes each of the first two transfers, then the connection drops before its answer, 4 times.
		await injectFault(sandbox, { method: 'POST', path: '/v2/external_transfers', kind: 'drop_after_commit', count: 8 });
		const lost = await run([payments[0]]);
		expect(lost.error?.message).toMatch(/^The external transfer may have been made/);
		const lostAgain = await run([payments[1]]);
		expect(lostAgain.error?.message).toMatch(/^The external transfer may have been made/);
		expect(stored()).toHaveLength(2);

		clocks.move(10 * MINUTES);
		const asked = await run([payments[0]], 'retry');
		expect(asked.error).toBeUndefined();
		expect(asked.items[0].json.id).toBe(stored()[0].id);
		expect(stored()).toHaveLength(2);

		clocks.move(21 * MINUTES);
		sandbox.ctx.requests.clear();
		const refused = await run([payments[1]], 'retry');
		expect(refused.error?.message).toMatch(/^Item 0: an external transfer with this content may have been made since .* \(execution .*\); its answer was lost, so nothing was sent$/);
		expect(posts()).toHaveLength(0);
		// The first one, answered at 10 minutes, is now remembered as made.
		const repeated = await run([payments[0]], 'retry');
		expect(repeated.items[0].json).toMatchObject({ id: stored()[0].id, _madeEarlier: {} });
		expect(stored()).toHaveLength(2);
	}, 60_000);

	it.each([
		['Make Again Even If Made Before', { makeAgain: '={{ $json.again }}' }],
		['Remember Made Items For (Days)', { rememberDays: '={{ $json.days }}' }],
	])('Options › %s from the data is refused before anything is sent: paying again is the author’s call', async (label, options) => {
		const workflowId = `wf-${randomUUID()}`;
		const rent = { amount: '900.00', reference: 'Rent', again: true, days: 1 };
		await runNode({ sandbox, node: { parameters: parameters() }, items: [rent], workflowId, executionId: randomUUID() });
		sandbox.ctx.requests.clear();
		const { error } = await runNode({ sandbox, node: { parameters: parameters(options) }, items: [rent], workflowId, executionId: randomUUID() });
		// n8n 2.x keeps the expression's text as inert text (the field takes no expression), refused as such; 1.x keeps the expression, refused as one.
		expect(error?.message).toMatch(new RegExp(`^Item 0: Options › ${label.replace(/[()]/g, '\\$&')} (holds an expression; it takes only a fixed value|\\(options\\.\\w+\\) must be)`));
		expect(sandbox.ctx.requests.find(undefined, '/v2/*')).toEqual([]);
		expect(stored()).toHaveLength(1);
	});

	it('paying the same again on purpose: another reference, the author’s own key, or Make Again; the memory window is the author’s', async () => {
		const workflowId = `wf-${randomUUID()}`;
		const run = (items: object[], options: INodeParameters = {}) => runNode({ sandbox, node: { parameters: parameters(options) }, items: items as never, workflowId, executionId: randomUUID() });
		const rent = { amount: '900.00', reference: 'Rent' };
		await run([rent]);
		clocks.move(31 * MINUTES);
		expect((await run([rent])).items[0].json._madeEarlier).toBeDefined();
		await run([{ ...rent, reference: 'Rent December' }]);
		await run([rent], { idempotencyKey: 'rent-2026-12' });
		await run([rent], { makeAgain: true });
		expect(stored()).toHaveLength(4);
		// Remembered for 1 day: 2 days later the same content is made again, once.
		clocks.move(2 * DAYS);
		const later = await run([rent], { rememberDays: 1 });
		expect(later.items[0].json._madeEarlier).toBeUndefined();
		expect((await run([rent], { rememberDays: 1 })).items[0].json._madeEarlier).toBeDefined();
		expect(stored()).toHaveLength(5);
	}, 60_000);

	it('two executions of the same input at the same instant: one makes each transfer, the other outputs it as made', async () => {
		const workflowId = `wf-${randomUUID()}`;
		const items = payments.slice(0, 20);
		const run = () => runNode({ sandbox, node: { parameters: parameters() }, items, workflowId, executionId: randomUUID(), mode: 'retry' });
		const [a, b] = await Promise.all([run(), run()]);
		expect(a.error).toBeUndefined();
		expect(b.error).toBeUndefined();
		expect(stored()).toHaveLength(20);
		for (const i of range(20)) {
			expect(a.items[i].json.id).toBe(b.items[i].json.id);
			expect(Boolean(a.items[i].json._madeEarlier) !== Boolean(b.items[i].json._madeEarlier)).toBe(true);
		}
	}, 60_000);
});
