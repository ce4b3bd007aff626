import { randomUUID } from 'crypto';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { MAX_TRIES } from '../../nodes/BusinessBanking/transport/retry';
import { injectFault, runNode, type RunNodeResult } from '../helpers/engine';
import type { TestSandbox } from '../helpers/sandbox';

/**
 * The fault test of issue 9: a sandbox that drops ~10 % of a write's requests after committing
 * them and answers 503 to ~5 % (seeded: the same requests get the same faults every run), plus an
 * outage of one item's every try after `outageAfter` requests, so that the first execution stops
 * midway. The outage fires before the handler: nothing is made by those tries.
 */
export async function armFaults(sandbox: TestSandbox, path: string, outageAfter: number): Promise<void> {
	await injectFault(sandbox, { method: 'POST', path, kind: 'status', status: 503, retryAfter: 0, after: outageAfter, count: MAX_TRIES });
	await injectFault(sandbox, { method: 'POST', path, kind: 'drop_after_commit', probability: 0.1, seed: 11, count: 10_000 });
	await injectFault(sandbox, { method: 'POST', path, kind: 'status', status: 503, retryAfter: 0, probability: 0.05, seed: 12, count: 10_000 });
}

export interface ThreeRuns {
	first: RunNodeResult;
	/** n8n's "Retry execution": a new execution id, the same workflow and input, mode 'retry'. */
	retried: RunNodeResult;
	/** The user runs the workflow again by hand on the same input. */
	rerun: RunNodeResult;
	/** How many records existed after the first execution stopped. */
	afterFirst: number;
}

/**
 * Runs one Business Banking node on `items` three times, as n8n would after a failure: the first
 * execution, "Retry execution", then a manual run. `count` tells how many records the sandbox holds.
 */
export async function runThreeTimes(
	sandbox: TestSandbox,
	node: { parameters: INodeParameters; continueOnFail?: boolean },
	items: IDataObject[],
	count: () => number,
): Promise<ThreeRuns> {
	const workflowId = `wf-${randomUUID()}`;
	const run = (mode: 'manual' | 'retry') => runNode({ sandbox, node, items, workflowId, executionId: randomUUID(), mode });
	const first = await run('manual');
	const afterFirst = count();
	const retried = await run('retry');
	const rerun = await run('manual');
	return { first, retried, rerun, afterFirst };
}

/** Faults that really happened on `path`, from the sandbox's request log. */
export function faultsSeen(sandbox: TestSandbox, path: string): { dropped: number; failed: number } {
	const posts = sandbox.ctx.requests.find('POST', path);
	return { dropped: posts.filter((post) => post.dropped).length, failed: posts.filter((post) => post.status === 503).length };
}
