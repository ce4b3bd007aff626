// The long suite (`npm run test:long`, outside .ci/run): the write memory at the sizes issue 42 names,
// in n8n's engine with the harness's processed-data store kept as n8n keeps it (one JSON row read and
// written whole per call). The service's rate limit is raised (sandbox and node alike) so that 100,000
// writes take minutes, not an afternoon: the memory's behaviour does not depend on the pace. CI runs
// the same paths at a smaller size (test/node/madeOnceTransfers.test.ts, madeOncePaths.test.ts).
import { randomUUID } from 'crypto';
import type { IRun } from 'n8n-workflow';

import { DAYS, MINUTES, useMovableClocks } from '../helpers/engine/clocks';
import { installProcessedDataStore } from '../helpers/engine/processedDataStore';
import { runNode } from '../helpers/engine/runNode';
import { injectFault } from '../helpers/engine/sandboxControls';
import { outcomes, paymentRows, transfersAtBank } from '../helpers/madeOnceRuns';
import { transferByRow } from '../helpers/paymentParameters';
import { useTestSandbox } from '../helpers/sandbox';

jest.mock('../../nodes/BusinessBanking/transport/retry', () => ({ ...jest.requireActual('../../nodes/BusinessBanking/transport/retry'), retryDelayMs: () => 1 }));

const RATE = { max: 20_000, windowMs: 10_000 };
const figure = (scenario: string, values: Record<string, unknown>) => process.stderr.write(`\n[long made once] ${scenario}: ${JSON.stringify(values)}\n`);

describe('the write memory at a payment run’s size (long suite)', () => {
	const sandbox = useTestSandbox({ rateLimit: RATE });
	const clocks = useMovableClocks();
	const parameters = (options: Record<string, unknown> = {}) => ({ ...transferByRow(options as never), rateLimit: { requests: RATE.max, windowSeconds: RATE.windowMs / 1000 } });
	const run = (workflowId: string, items: object[], extra: { retryOf?: IRun; options?: Record<string, unknown> } = {}) =>
		runNode({ sandbox, node: { parameters: parameters(extra.options), continueOnFail: Boolean(extra.retryOf) }, items: items as never, workflowId, executionId: randomUUID(), retryOf: extra.retryOf });
	const timed = async <T>(work: () => Promise<T>) => {
		const started = Date.now();
		const result = await work();
		return { result, seconds: Math.round((Date.now() - started) / 100) / 10 };
	};

	it('10,000 transfers stopped by an outage at the 9,001st, retried 31 minutes and 3 days later: 10,000 at the bank, none twice', async () => {
		const workflowId = `wf-${randomUUID()}`;
		const rows = paymentRows(10_000, 'Outage');
		await injectFault(sandbox, { method: 'POST', path: '/v2/external_transfers', kind: 'status', status: 503, retryAfter: 0, after: 9_000, count: 10_000 });
		const first = await timed(() => run(workflowId, rows));
		expect(first.result.error?.message).toMatch(/^The external transfer may have been made/);
		expect(transfersAtBank(sandbox).count).toBe(9_000);
		await sandbox.http.delete('/sandbox/faults');

		clocks.move(31 * MINUTES);
		const retry = await timed(() => run(workflowId, rows, { retryOf: first.result.run }));
		const afterRetry = outcomes(retry.result.items);
		expect(afterRetry.earlier).toHaveLength(9_000);
		expect(transfersAtBank(sandbox).paidTwice).toEqual([]);
		// The ones sent into the outage, unanswered: made only on the author's word.
		const makeAgain = await timed(() => run(workflowId, afterRetry.refused.map((i) => rows[i]), { options: { makeAgain: true } }));
		expect(makeAgain.result.error).toBeUndefined();
		expect(transfersAtBank(sandbox)).toMatchObject({ count: 10_000, paidTwice: [] });

		clocks.move(3 * DAYS);
		const late = await timed(() => run(workflowId, rows, { retryOf: first.result.run }));
		expect(outcomes(late.result.items).earlier).toHaveLength(10_000);
		expect(transfersAtBank(sandbox)).toMatchObject({ count: 10_000, paidTwice: [] });
		figure('10,000 with an outage at the 9,001st', {
			seconds: { first: first.seconds, retry_31_minutes: retry.seconds, make_again: makeAgain.seconds, retry_3_days: late.seconds },
			retry: { earlier: afterRetry.earlier.length, made_now: afterRetry.madeNow.length, refused_answer_lost: afterRetry.refused.length },
			at_bank: transfersAtBank(sandbox).count,
		});
	}, 60 * 60_000);

	it('five runs of 20,000 new transfers, then the first run’s input again: 100,000 at the bank, none twice, the repeat costing less', async () => {
		const store = await installProcessedDataStore();
		const workflowId = `wf-${randomUUID()}`;
		const seconds: number[] = [];
		const runs = ['A', 'B', 'C', 'D', 'E'].map((batch) => paymentRows(20_000, `Batch ${batch}`, true));
		for (const rows of runs) {
			const made = await timed(() => run(workflowId, rows));
			const got = outcomes(made.result.items);
			if (got.madeNow.length !== 20_000) figure('a run of 20,000 did not make them all', { error: made.result.error?.message, made: got.madeNow.length, earlier: got.earlier.length, refused: got.refused.length, first: made.result.items.find((item) => item.json.error)?.json.error });
			expect(got.madeNow).toHaveLength(20_000);
			seconds.push(made.seconds);
			clocks.move(60 * MINUTES);
		}
		expect(transfersAtBank(sandbox)).toMatchObject({ count: 100_000, paidTwice: [] });
		const values = store.hashes(`${workflowId}|n:node`).length;
		const again = await timed(() => run(workflowId, runs[0]));
		expect(outcomes(again.result.items).earlier).toHaveLength(20_000);
		expect(transfersAtBank(sandbox)).toMatchObject({ count: 100_000, paidTwice: [] });
		expect(again.seconds).toBeLessThan(seconds[0]);
		figure('5 × 20,000 then the first again', { seconds_new: seconds, seconds_repeat: again.seconds, values_in_list: values });
	}, 90 * 60_000);
});
