import { randomUUID } from 'crypto';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { CredentialOptions } from '../helpers/engine/connectedCredential';
import { runNode, type RunNodeResult } from '../helpers/engine/runNode';
import { injectFault } from '../helpers/engine/sandboxControls';
import type { TestSandbox } from '../helpers/sandbox';

/**
 * The fault test of issue 9: the sandbox drops ~10 % of a write's requests after committing them
 * and answers 503 to ~5 % (seeded: the same requests get the same faults), all along.
 */
async function armFlakyService(sandbox: TestSandbox, path: string, seed: number): Promise<void> {
	await injectFault(sandbox, { method: 'POST', path, kind: 'drop_after_commit', probability: 0.1, seed, count: 10_000 });
	await injectFault(sandbox, { method: 'POST', path, kind: 'status', status: 503, retryAfter: 0, probability: 0.05, seed: seed + 1, count: 10_000 });
}

/**
 * Runs one Business Banking node on `items` three times, as happens after a failure: the first
 * execution, during which the service goes down for good after `outageAfter` requests to `path`
 * (503 before anything is made), so that it stops midway; the service comes back, then n8n's
 * "Retry execution" of it (a new execution id, mode 'retry', the failed execution's data and
 * context) and a manual run of the same input (a new execution). The service stays flaky throughout. `count` tells how many records exist.
 */
export async function runThreeTimes(
	sandbox: TestSandbox,
	setup: { path: string; outageAfter: number; node: { parameters: INodeParameters }; items: IDataObject[]; count: () => number; credentialOptions?: CredentialOptions },
): Promise<ThreeRuns> {
	const { path, node, items, credentialOptions } = setup;
	await injectFault(sandbox, { method: 'POST', path, kind: 'status', status: 503, retryAfter: 0, after: setup.outageAfter, count: 10_000 });
	await armFlakyService(sandbox, path, 11);
	const workflowId = `wf-${randomUUID()}`;
	const run = (retryOf?: RunNodeResult) => runNode({ sandbox, node, items, workflowId, executionId: randomUUID(), retryOf: retryOf?.run, credentialOptions });
	const first = await run();
	const afterFirst = setup.count();
	await sandbox.http.delete('/sandbox/faults');
	// At these rates an item meets four failures in a row about once in ten runs of 200 items
	// (0.15⁴ × 200): a correct "may have been made" error, but not what the re-runs here are about.
	// The draws follow the order requests arrive in, so this seed was chosen for the node's pacing
	// (100 in flight; 21 was, for 50) such that none does.
	await armFlakyService(sandbox, path, 31);
	const retried = await run(first);
	const rerun = await run();
	await sandbox.http.delete('/sandbox/faults');
	const posts = sandbox.ctx.requests.find('POST', path);
	return { first, retried, rerun, afterFirst, dropped: posts.filter((post) => post.dropped).length };
}

export interface ThreeRuns {
	first: RunNodeResult;
	retried: RunNodeResult;
	rerun: RunNodeResult;
	/** How many records existed when the first execution had stopped. */
	afterFirst: number;
	/** How many of the write's requests the sandbox committed and then dropped. */
	dropped: number;
}
