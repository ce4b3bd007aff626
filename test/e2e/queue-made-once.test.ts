// Issue 35 in a real n8n 2.x in queue mode (Postgres, Redis, main, a webhook process, two workers):
// a payment run stopped part-way by a bank outage, the bank's clock moved past its key window, a
// worker restarted, then n8n's "Retry execution" through n8n's API on the other worker: every
// transfer (and every direct-debit subscription) exists once at the bank. Figures as `[e2e queue]` lines.
import { randomUUID } from 'crypto';
import axios from 'axios';
import type { INodeParameters } from 'n8n-workflow';

import { SEED } from '../../sandbox/core/seed';
import { externalTransfers } from '../../sandbox/modules/transfers/store';
import { subscriptionByRow, transferByRow } from '../helpers/paymentParameters';
import type { TestSandbox } from '../helpers/sandbox';
import { describeInN8n, waitFor } from './helpers/n8n';
import { QueueN8n, type Execution } from './helpers/queue';
import { figure, finished } from './helpers/queueRuns';
import { bankingNode, webhookWorkflow } from './helpers/queueWorkflows';
import { connectedCredentialData, requestsTo, startE2eSandbox } from './helpers/sandbox';

jest.setTimeout(15 * 60_000);

describeInN8n('queue mode: a payment is made once, however late the run is retried', (state) => {
	let n8n: QueueN8n;
	let sandbox: TestSandbox;
	let credential: { id: string; name: string };
	const started = Date.now();

	beforeAll(async () => {
		if (!state.tarball) throw new Error('the global setup packed no package');
		n8n = await QueueN8n.start(state.n8n.install, state.tarball, 1);
		sandbox = await startE2eSandbox(n8n.url);
		credential = await n8n.importCredential('Business Banking (e2e made once)', connectedCredentialData(sandbox, 'fr'));
		figure('made once: topology up', { seconds: Math.round((Date.now() - started) / 1000) });
	});

	afterAll(async () => {
		await sandbox?.close();
		await n8n?.stop();
		figure('made once: suite', { seconds: Math.round((Date.now() - started) / 1000) });
	});

	/** A webhook → Code (`count` rows from `row`) → Business Banking workflow, activated; its id and path. */
	async function paymentRun(name: string, count: number, row: string, parameters: INodeParameters): Promise<{ workflowId: string; path: string }> {
		const path = `made-once-${randomUUID()}`;
		const rows = `return Array.from({ length: ${count} }, (_, index) => ({ json: ${row} }));`;
		const workflow = webhookWorkflow(name, path, 'onReceived', [
			{ id: randomUUID(), name: 'Rows', type: 'n8n-nodes-base.code', typeVersion: 2, position: [0, 0], parameters: { jsCode: rows } },
			bankingNode('Pay', parameters, credential),
		]);
		const workflowId = await n8n.importWorkflow(workflow);
		await n8n.client.publicApi('POST', `/workflows/${workflowId}/activate`, {});
		return { workflowId, path };
	}

	const call = async (path: string) =>
		await waitFor('the webhook on the webhook process', async () => {
			const response = await axios.get(`${n8n.webhookUrl}/webhook/${path}`, { validateStatus: () => true });
			return response.status === 404 ? undefined : response;
		});

	/** The outage, the bank's clock 31 minutes on, the worker that ran it restarted, and n8n's Retry execution (run by the other worker). */
	async function failThenRetry(workflowId: string, path: string, writePath: string, outageAfter: number): Promise<{ first: Execution; retry: Execution; otherWorker: boolean }> {
		await sandbox.http.post('/sandbox/faults', { method: 'POST', path: writePath, kind: 'status', status: 503, retryAfter: 0, after: outageAfter, count: 10_000 });
		expect((await call(path)).status).toBe(200);
		const [first] = await finished(n8n, workflowId, 1, 600_000);
		expect(first.status).toBe('error');
		await sandbox.http.delete('/sandbox/faults');
		await sandbox.http.post('/sandbox/clock/advance', { seconds: 31 * 60 });
		// The worker that ran it stops: the retry runs on the other one; it comes back afterwards.
		const ranOn = n8n.runsPerWorker([first.id]).findIndex((runs) => runs > 0);
		await n8n.topology.workers[ranOn].stop();
		await n8n.client.rest('POST', `/executions/${first.id}/retry`, { loadWorkflow: false });
		const all = await finished(n8n, workflowId, 2, 600_000);
		const retry = all.find((execution) => execution.id !== first.id)!;
		await n8n.topology.workers[ranOn].start();
		return { first, retry, otherWorker: n8n.runsPerWorker([retry.id])[1 - ranOn] === 1 };
	}

	it('100 transfers, the bank down from the 51st: Retry execution 31 minutes later on the other worker makes 100, none twice', async () => {
		const { workflowId, path } = await paymentRun('Made once: 100 transfers', 100, "{ amount: (10 + index) + '.00', reference: 'Payroll #' + (index + 1) }", transferByRow());
		const { retry, otherWorker } = await failThenRetry(workflowId, path, '/v2/external_transfers', 50);
		expect(retry.status).toBe('success');
		expect(otherWorker).toBe(true);
		const made = (await requestsTo(sandbox, 'POST', '/v2/external_transfers')).filter((request) => request.status === 201);
		const references = made.map((request) => (request.body as { external_transfer: { reference: string } }).external_transfer.reference);
		expect(references).toHaveLength(100);
		expect(new Set(references).size).toBe(100);
		figure('made once: 100 transfers', { transfers_at_bank: references.length, distinct: new Set(references).size, retry_on_other_worker: otherWorker });
	});

	it('20 subscriptions, the bank down from the 11th: the retry 31 minutes later makes none twice and stops at the one whose answer was lost', async () => {
		const clientId = ((await sandbox.http.post('/sandbox/seed/clients', { organization_id: SEED.organizations.fr, count: 1 })).data.client_ids as string[])[0];
		const date = new Date(sandbox.ctx.clock.nowMs() + 20 * 86_400_000).toISOString().slice(0, 10);
		const { workflowId, path } = await paymentRun('Made once: 20 subscriptions', 20, "{ amount: (20 + index) + '.90', reference: 'Plan ' + (index + 1) }", subscriptionByRow(clientId, date));
		const { retry } = await failThenRetry(workflowId, path, '/v2/sepa/direct_debit_subscriptions', 10);
		// The 11th's answer was lost (a 503, no key in the API): never paid on a guess.
		expect(retry.status).toBe('error');
		const created = async () => (await requestsTo(sandbox, 'POST', '/v2/sepa/direct_debit_subscriptions')).filter((request) => request.status === 201).length;
		expect(await created()).toBe(10);
		figure('made once: 20 subscriptions', { after_retry: await created(), refused: 'the 11th (may have been made)' });
	});

	/** What stopped an execution: n8n's error, else the first node's error in its run data. */
	async function errorOf(execution: Execution): Promise<string> {
		if (execution.status === 'success') return '';
		type RunData = { resultData?: { error?: { message: string }; runData?: Record<string, Array<{ error?: { message: string } }>> } };
		const { data } = await n8n.client.publicApi<{ data?: RunData }>('GET', `/executions/${execution.id}?includeData=true`);
		const nodeErrors = Object.entries(data?.resultData?.runData ?? {}).flatMap(([node, runs]) => runs.filter((run) => run.error).map((run) => `${node}: ${run.error?.message}`));
		return data?.resultData?.error?.message ?? nodeErrors[0] ?? '';
	}

	// Issue 42, point 5: the same 1,000 transfers started twice at once (two workers, or Retry execution
	// clicked twice). The run that claims first makes them; the other finds them claimed, waits while
	// they are recorded as made, and outputs each as made earlier: none paid twice, both done in a minute.
	it('the same 1,000 transfers started twice at the same instant on two workers: 1,000 at the bank, none twice, the second done within 60 s of the first', async () => {
		const { workflowId, path } = await paymentRun('Made once: 1,000 twice at once', 1000, "{ amount: (1 + (index % 9)) + '.00', reference: 'Twice #' + (index + 1) }", transferByRow());
		const twice = await Promise.all([call(path), call(path)]);
		expect(twice.map((response) => response.status)).toEqual([200, 200]);
		const executions = await finished(n8n, workflowId, 2, 600_000);
		const stopped = executions.map((execution) => Date.parse((execution as unknown as { stoppedAt: string }).stoppedAt)).sort((a, b) => a - b);
		const references = externalTransfers(sandbox.ctx)
			.list(SEED.organizations.fr)
			.map((transfer) => transfer.reference)
			.filter((reference) => reference.startsWith('Twice #'));
		figure('made once: 1,000 twice at once', {
			transfers_at_bank: references.length,
			distinct: new Set(references).size,
			executions: await Promise.all(executions.map(async (execution) => [execution.status, await errorOf(execution)])),
			executions_per_worker: n8n.runsPerWorker(executions.map((execution) => execution.id)),
			second_after_first_seconds: (stopped[1] - stopped[0]) / 1000,
		});
		expect(references).toHaveLength(1000);
		expect(new Set(references).size).toBe(1000);
		expect(executions.map((execution) => execution.status)).toEqual(['success', 'success']);
		expect(stopped[1] - stopped[0]).toBeLessThan(60_000);
	});
});
