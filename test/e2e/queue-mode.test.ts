// n8n 2.x in queue mode, as production runs it: Postgres, Redis, `n8n start` (main), `n8n webhook`
// and two `n8n worker`s, each process with the packed package in its own user folder (linked to one
// install). Production webhook calls go to the webhook process, which queues them; workers run them.
// Figures (executions, failures, refreshes, duplicates) are printed as `[e2e queue]` lines.
import { randomUUID } from 'crypto';
import axios from 'axios';

import { SEED } from '../../sandbox/core/seed';
import { webhookStore } from '../../sandbox/modules/webhooks';
import { subscriptionSignature } from '../../sandbox/modules/webhooks/signing';
import { readExample, withCredential } from '../../tools/n8n/examples';
import { createClient, frCompanyClient, uniqueNumber } from '../helpers/fixtures';
import type { TestSandbox } from '../helpers/sandbox';
import { createParameters } from '../node/invoiceFixtures';
import { describeInN8n, waitFor } from './helpers/n8n';
import { QueueN8n } from './helpers/queue';
import { figure, finished, inBatches, settled } from './helpers/queueRuns';
import { bankingNode, webhookWorkflow } from './helpers/queueWorkflows';
import { clearRequestLog, connectedCredentialData, requestsTo, startE2eSandbox } from './helpers/sandbox';

jest.setTimeout(10 * 60_000);

describeInN8n('n8n queue mode: main, 2 webhook processes, 2 workers, Postgres, Redis', (state) => {
	let n8n: QueueN8n;
	let sandbox: TestSandbox;
	let credential: { id: string; name: string };
	const started = Date.now();

	beforeAll(async () => {
		if (!state.tarball) throw new Error('the global setup packed no package');
		n8n = await QueueN8n.start(state.n8n.install, state.tarball, 2);
		sandbox = await startE2eSandbox(n8n.url);
		credential = await n8n.importCredential('Business Banking (e2e queue)', connectedCredentialData(sandbox, 'fr'));
		figure('topology up', { seconds: Math.round((Date.now() - started) / 1000) });
	});

	afterAll(async () => {
		await sandbox?.close();
		await n8n?.stop();
		figure('suite', { seconds: Math.round((Date.now() - started) / 1000) });
	});

	it('a worker runs the 1,000-invoice batch: every invoice once, in input order', async () => {
		const clientId = await createClient(sandbox.api('fr'), { ...frCompanyClient, name: 'Queue Batch SARL' });
		const prefix = uniqueNumber('Q');
		const rows = `return Array.from({ length: 1000 }, (_, index) => ({ json: { number: '${prefix}-' + String(index).padStart(4, '0'), lines: [{ title: 'Line ' + index, quantity: '1', unit_price: '10.' + String(index % 100).padStart(2, '0'), vat_rate: '0.2' }] } }));`;
		const path = `batch-${randomUUID()}`;
		const workflow = webhookWorkflow('Queue: 1,000 invoices', path, 'onReceived', [
			{ id: randomUUID(), name: 'Rows', type: 'n8n-nodes-base.code', typeVersion: 2, position: [0, 0], parameters: { jsCode: rows } },
			bankingNode(
				'Create invoice',
				createParameters(clientId, { status: 'draft', itemsInput: 'json', itemsJson: '={{ $json.lines }}', additionalFields: { number: '={{ $json.number }}' }, options: {} }),
				credential,
			),
		]);
		const workflowId = await n8n.importWorkflow(workflow);
		await n8n.client.publicApi('POST', `/workflows/${workflowId}/activate`, {});
		await clearRequestLog(sandbox);

		const call = await waitFor('the batch webhook on the webhook process', async () => {
			const response = await axios.get(`${n8n.webhookUrl}/webhook/${path}`, { validateStatus: () => true });
			return response.status === 404 ? undefined : response;
		});
		expect(call.status).toBe(200);
		const [execution] = await finished(n8n, workflowId, 1, 400_000);
		expect(execution.status).toBe('success');
		const [withData] = (await n8n.allExecutions(workflowId, true)).filter((one) => one.id === execution.id);
		const numbers = (withData.data?.resultData.runData['Create invoice']?.[0]?.data?.main[0] ?? []).map((item) => item.json.number);
		expect(numbers).toEqual(Array.from({ length: 1000 }, (_, index) => `${prefix}-${String(index).padStart(4, '0')}`));

		// Queued by the webhook process, run by exactly one worker.
		expect(QueueN8n.executionIds(n8n.topology.webhook, 'enqueued')).toContain(execution.id);
		expect(n8n.runsPerWorker([execution.id]).sort()).toEqual([0, 1]);
		// Each invoice reached the API once (a 429 creates nothing), and the client has exactly 1,000.
		const posts = await requestsTo(sandbox, 'POST', '/v2/client_invoices');
		const created = posts.filter((request) => request.status === 201);
		expect(created).toHaveLength(1000);
		expect(new Set(created.map((request) => (request.body as { client_invoice: { number: string } }).client_invoice.number)).size).toBe(1000);
		const list = await sandbox.api('fr').get('/v2/client_invoices', { params: { 'filter[client_id]': clientId, per_page: 1 } });
		expect(list.data.meta.total_count).toBe(1000);
		figure('batch', { executions: 1, failed: 0, worker_runs: n8n.runsPerWorker([execution.id]), invoices_created: created.length, throttled_429: posts.length - created.length });
	});

	describe('the Business Banking Trigger (examples/events-to-log.json)', () => {
		let workflowId: string;
		let callbackUrl: string;
		let secret: string;
		const emitted: Array<Record<string, unknown>> = [];

		/** Executions in which the event reached the Log line node, with the event id it logged. */
		async function loggedEvents(): Promise<string[]> {
			const executions = await n8n.allExecutions(workflowId, true);
			return executions.flatMap((execution) => (execution.data?.resultData.runData['Log line'] ?? []).flatMap((run) => (run.data?.main[0] ?? []).map((item) => String(item.json.event_id))));
		}

		/** Delivers `event` again, signed now with the subscription's secret, as the service's retry would. */
		async function replay(event: Record<string, unknown>): Promise<number> {
			const body = JSON.stringify(event);
			const response = await axios.post(callbackUrl, body, {
				headers: { 'Content-Type': 'application/json', 'X-Service-Signature': subscriptionSignature(secret, body, Math.floor(Date.now() / 1000)) },
				transformRequest: [(data: string) => data],
				validateStatus: () => true,
			});
			return response.status;
		}

		it('publishing on main subscribes with the webhook process\'s URL', async () => {
			const webhookId = randomUUID();
			const workflow = withCredential(readExample('events-to-log.json'), credential);
			workflow.nodes = workflow.nodes.map((node) => (node.webhookId ? { ...node, webhookId } : node));
			workflowId = await n8n.importWorkflow(workflow);
			await n8n.client.publicApi('POST', `/workflows/${workflowId}/activate`, {});
			const subscriptions = await waitFor('the subscription at the sandbox', async () => {
				const found = webhookStore(sandbox.ctx).subscriptions.all();
				return found.length > 0 ? found : undefined;
			});
			expect(subscriptions).toHaveLength(1);
			callbackUrl = subscriptions[0].callback_url;
			secret = subscriptions[0].secret;
			expect(callbackUrl).toBe(`${n8n.webhookUrl}/webhook/${webhookId}/webhook`);
		});

		it('signed deliveries reach the webhook process and run on the workers, each once', async () => {
			const emits = await Promise.all(
				Array.from({ length: 20 }, (_, index) =>
					sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.fr, type: 'v1/client-invoices', data: { id: randomUUID(), number: `F-Q-${index}`, status: 'unpaid' } }),
				),
			);
			emitted.push(...emits.map((response) => response.data.event as Record<string, unknown>));
			const executions = await finished(n8n, workflowId, 20);
			expect(executions.map((execution) => execution.status)).toEqual(Array(20).fill('success'));
			expect((await loggedEvents()).sort()).toEqual(emitted.map((event) => String(event.id)).sort());
			const ids = executions.map((execution) => execution.id);
			expect(QueueN8n.executionIds(n8n.topology.webhook, 'enqueued')).toEqual(expect.arrayContaining(ids));
			const perWorker = n8n.runsPerWorker(ids);
			expect(perWorker.reduce((sum, runs) => sum + runs, 0)).toBe(20);
			figure('trigger deliveries', { events: 20, executions: executions.length, failed: 0, worker_runs: perWorker });
		});

		it('1,000 forged deliveries are refused and start no execution', async () => {
			const before = (await n8n.allExecutions(workflowId)).length;
			const statuses = await inBatches(1000, 25, async (index) => {
				const body = JSON.stringify({ ...emitted[index % emitted.length], id: randomUUID() });
				const forgedSignature = index % 2 === 0 ? subscriptionSignature('not-the-secret', body, Math.floor(Date.now() / 1000)) : `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
				const response = await axios.post(callbackUrl, body, { headers: { 'Content-Type': 'application/json', 'X-Service-Signature': forgedSignature }, validateStatus: () => true });
				return response.status;
			});
			expect(statuses.filter((status) => status !== 401)).toEqual([]);
			// Give a wrongly queued execution time to show up.
			await new Promise((resolve) => setTimeout(resolve, 2000));
			const after = (await n8n.allExecutions(workflowId)).length;
			expect(after - before).toBe(0);
			figure('forged deliveries', { deliveries: 1000, answered_401: statuses.length, executions_started: after - before });
		});

		it('replays to the same webhook process start no execution (its in-memory filter)', async () => {
			const before = (await n8n.allExecutions(workflowId)).length;
			const statuses = await Promise.all(emitted.map((event) => replay(event)));
			expect(statuses).toEqual(Array(emitted.length).fill(200));
			await new Promise((resolve) => setTimeout(resolve, 2000));
			const after = (await n8n.allExecutions(workflowId)).length;
			expect(after - before).toBe(0);
			expect(await loggedEvents()).toHaveLength(emitted.length);
			figure('replays, same webhook process', { replays: emitted.length, executions_started: after - before, reached_log_line: 0 });
		});

		it('after the webhook process restarts, replays run on the workers but reach no further node (n8n\'s processed-data store)', async () => {
			await n8n.topology.webhook.stop();
			await n8n.topology.webhook.start();
			const before = await n8n.allExecutions(workflowId);
			// All at once (over both workers), then once more one by one.
			const together = await Promise.all(emitted.map((event) => replay(event)));
			const oneByOne: number[] = [];
			for (const event of emitted) oneByOne.push(await replay(event));
			expect([...together, ...oneByOne]).toEqual(Array(emitted.length * 2).fill(200));

			const all = await settled(n8n, workflowId);
			const started = all.length - before.length;
			const failed = all.filter((execution) => execution.status !== 'success');
			expect(failed).toEqual([]);
			const logged = await loggedEvents();
			expect(logged.sort()).toEqual(emitted.map((event) => String(event.id)).sort());
			figure('replays after webhook restart', { replays: emitted.length * 2, executions_started: started, failed: failed.length, reached_log_line: logged.length - emitted.length });
		});

		// Not a case the bank makes (its retries come after a timeout and a backoff): measured, not prevented.
		// The bound (docs/production.md, "Duplicate deliveries"): at least once, at most once per process that got it.
		it('the same delivery at the same instant on two webhook processes, 1,000 events: each reaches the workflow at least once and at most twice', async () => {
			const [first, second] = n8n.topology.webhooks;
			const path = new URL(callbackUrl).pathname;
			const before = new Set((await n8n.allExecutions(workflowId)).map((execution) => execution.id));
			const events = Array.from({ length: 1000 }, (_, index) => ({ ...emitted[0], id: randomUUID(), data: { id: randomUUID(), number: `F-SAME-${index}`, status: 'unpaid' } }));
			// Each event to both processes at once (a load balancer that sent a retry to the other one).
			const statuses = await inBatches(events.length, 10, async (index) => {
				const body = JSON.stringify(events[index]);
				const headers = { 'Content-Type': 'application/json', 'X-Service-Signature': subscriptionSignature(secret, body, Math.floor(Date.now() / 1000)) };
				const answers = await Promise.all(
					[first, second].map((process) => axios.post(`${process.url}${path}`, body, { headers, transformRequest: [(data: string) => data], validateStatus: () => true })),
				);
				return answers.map((answer) => answer.status);
			});
			expect(statuses.flat().filter((status) => status !== 200)).toEqual([]);

			const all = await settled(n8n, workflowId, 600_000);
			const started = all.filter((execution) => !before.has(execution.id));
			const failed = started.filter((execution) => execution.status !== 'success');
			const perEvent = new Map<string, number>();
			for (const id of await loggedEvents()) perEvent.set(id, (perEvent.get(id) ?? 0) + 1);
			const lost = events.filter((event) => !perEvent.has(String(event.id)));
			const twice = events.filter((event) => (perEvent.get(String(event.id)) ?? 0) > 1);
			figure('same event, same instant, two webhook processes', {
				events: events.length,
				deliveries: events.length * 2,
				executions_started: started.length,
				failed: failed.length,
				reached_log_line_once: events.length - lost.length - twice.length,
				reached_log_line_twice_or_more: twice.length,
				lost: lost.length,
			});
			expect(failed).toEqual([]);
			expect(lost).toEqual([]);
			expect(events.filter((event) => (perEvent.get(String(event.id)) ?? 0) > 2).map((event) => event.id)).toEqual([]);
		});
	});

	it('50 executions at once over both workers, access token expired, one-time refresh tokens: 0 failures, one credential that still works', async () => {
		const race = await n8n.importCredential('Business Banking (e2e queue race)', connectedCredentialData(sandbox, 'fr'));
		const before = await n8n.exportCredential(race.id);
		const path = `race-${randomUUID()}`;
		const workflowId = await n8n.importWorkflow(
			webhookWorkflow('Queue: refresh race', path, 'lastNode', [bankingNode('Clients', { resource: 'client', operation: 'getMany', returnAll: false, limit: 1, filters: {} }, race)]),
		);
		await n8n.client.publicApi('POST', `/workflows/${workflowId}/activate`, {});
		// One call while the token is valid: the webhook is registered and the workflow answers.
		const first = await waitFor('the race webhook', async () => {
			const response = await axios.get(`${n8n.webhookUrl}/webhook/${path}`, { validateStatus: () => true });
			return response.status === 404 ? undefined : response;
		});
		expect(first.status).toBe(200);
		// The stored access token expires (the sandbox's clock moves past its hour).
		expect((await sandbox.http.post('/sandbox/clock/advance', { seconds: 3700 })).status).toBe(200);
		await clearRequestLog(sandbox);

		const responses = await Promise.all(Array.from({ length: 50 }, () => axios.get(`${n8n.webhookUrl}/webhook/${path}`, { validateStatus: () => true, timeout: 300_000 })));
		expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
		const executions = (await finished(n8n, workflowId, 51)).slice(0, 50);
		const failed = executions.filter((execution) => execution.status !== 'success');
		expect(failed).toEqual([]);
		const perWorker = n8n.runsPerWorker(executions.map((execution) => execution.id));
		expect(perWorker.every((runs) => runs > 0)).toBe(true);

		const tokenCalls = (await requestsTo(sandbox, 'POST', '/oauth2/token')).filter((request) => (request.body as { grant_type?: string }).grant_type === 'refresh_token');
		const unauthorized = (await requestsTo(sandbox, 'GET', '/v2/clients')).filter((request) => request.status === 401);
		// No one-time refresh token was used twice: every refresh succeeded.
		expect(tokenCalls.map((request) => request.status)).toEqual(Array(tokenCalls.length).fill(200));
		expect(tokenCalls.length).toBeGreaterThanOrEqual(1);

		// The rotated token was saved, and it works.
		const after = await n8n.exportCredential(race.id);
		expect(after.oauthTokenData?.refresh_token).toBeDefined();
		expect(after.oauthTokenData?.refresh_token).not.toBe(before.oauthTokenData?.refresh_token);
		const direct = await axios.get(`${sandbox.url}/v2/clients`, { headers: { Authorization: `Bearer ${String(after.oauthTokenData?.access_token)}` }, validateStatus: () => true });
		expect(direct.status).toBe(200);
		await clearRequestLog(sandbox);
		expect((await axios.get(`${n8n.webhookUrl}/webhook/${path}`, { validateStatus: () => true })).status).toBe(200);
		expect((await requestsTo(sandbox, 'POST', '/oauth2/token')).length).toBe(0);
		figure('refresh race', { executions: 50, failed: failed.length, worker_runs: perWorker, refreshes_seen: tokenCalls.length, refreshes_refused: 0, api_401s: unauthorized.length });
	});
});
