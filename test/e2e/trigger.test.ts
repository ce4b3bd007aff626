// The Business Banking Trigger in a real n8n (examples/events-to-log.json): activation subscribes at
// the sandbox, a signed delivery starts an execution, a forged one does not, deactivation unsubscribes.
import { randomUUID } from 'crypto';
import axios from 'axios';

import { SEED } from '../../sandbox/core/seed';
import { readExample, withCredential } from '../../tools/n8n/examples';
import type { TestSandbox } from '../helpers/sandbox';
import { describeInN8n, E2eN8n, waitFor } from './helpers/n8n';
import { connectedCredentialData, requestsTo, startE2eSandbox } from './helpers/sandbox';

jest.setTimeout(10 * 60_000);

interface Subscription {
	id: string;
	callback_url: string;
	types: string[];
}

describeInN8n('Business Banking Trigger in a real n8n', (state) => {
	let sandbox: TestSandbox;
	let n8n: E2eN8n;
	let workflowId: string;
	let webhookId: string;
	let subscription: Subscription;

	async function subscriptions(): Promise<Subscription[]> {
		const response = await sandbox.api('fr').get('/v2/webhook_subscriptions');
		expect(response.status).toBe(200);
		return response.data.webhook_subscriptions as Subscription[];
	}

	async function successfulRuns() {
		const executions = await n8n.executions(workflowId);
		return executions.filter((execution) => execution.status === 'success');
	}

	/** The Log line node's output of each successful execution. */
	async function loggedLines(count: number): Promise<Array<{ event_id: string; line: string }>> {
		const runs = await waitFor(`${count} execution(s) of the trigger workflow`, async () => {
			const found = await successfulRuns();
			return found.length >= count ? found : undefined;
		});
		return runs.map((run) => run.data?.resultData.runData['Log line']?.[0]?.data?.main[0]?.[0]?.json as { event_id: string; line: string });
	}

	beforeAll(async () => {
		n8n = E2eN8n.fromState(state);
		sandbox = await startE2eSandbox(n8n.url);
	});

	afterAll(async () => {
		if (workflowId) await n8n.client.publicApi('POST', `/workflows/${workflowId}/deactivate`, {}).catch(() => undefined);
		await sandbox?.close();
		n8n?.cleanup();
	});

	it('activation subscribes to v1/client-invoices with n8n\'s production webhook URL', async () => {
		const credential = await n8n.importCredential('Business Banking (e2e trigger)', connectedCredentialData(sandbox, 'fr'));
		const example = readExample('events-to-log.json');
		webhookId = randomUUID();
		const workflow = withCredential(example, credential);
		workflow.nodes = workflow.nodes.map((node) => (node.webhookId ? { ...node, webhookId } : node));
		workflowId = await n8n.importWorkflow(workflow);
		expect(await subscriptions()).toEqual([]);

		await n8n.client.publicApi('POST', `/workflows/${workflowId}/activate`, {});

		// n8n 2.x registers the triggers of a published workflow shortly after answering.
		const [created] = await waitFor('the subscription at the sandbox', async () => {
			const found = await subscriptions();
			return found.length > 0 ? found : undefined;
		});
		expect(created).toMatchObject({ callback_url: `${n8n.url}/webhook/${webhookId}/webhook`, types: ['v1/client-invoices'] });
		subscription = created;
		const [subscribe] = await requestsTo(sandbox, 'POST', '/v2/webhook_subscriptions');
		expect(subscribe.status).toBe(201);
		expect(subscribe.headers.authorization).toBe('Bearer [redacted]');
	});

	it('a signed delivery starts an execution that uses the event; a forged one is refused and starts none', async () => {
		if (!subscription) throw new Error('the workflow was not activated');
		const invoice = { id: randomUUID(), number: 'F-2026-0042', status: 'unpaid', total_amount: { value: '1250.40', currency: 'EUR' } };

		// A forged delivery straight to n8n: right shape, wrong signature.
		const forgedId = randomUUID();
		const forgedBody = JSON.stringify({ id: forgedId, type: 'v1/client-invoices', created_at: new Date().toISOString(), organization_id: SEED.organizations.fr, data: invoice });
		const forged = await axios.post(subscription.callback_url, forgedBody, {
			headers: { 'Content-Type': 'application/json', 'X-Service-Signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
			validateStatus: () => true,
		});
		expect(forged.status).toBe(401);

		const emitted = await sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.fr, type: 'v1/client-invoices', data: invoice });
		expect(emitted.status).toBe(201);
		const eventId = emitted.data.event.id as string;

		const [logged] = await loggedLines(1);
		expect(logged.event_id).toBe(eventId);
		expect(logged.line).toContain('v1/client-invoices: invoice F-2026-0042 is unpaid (1250.40 EUR)');
		const deliveries = await sandbox.http.get('/sandbox/deliveries', { params: { event_id: eventId } });
		expect(deliveries.data.deliveries.map((attempt: { status_code: number; outcome: string; target: { callback_url: string } }) => [attempt.target.callback_url, attempt.status_code, attempt.outcome])).toContainEqual([
			subscription.callback_url,
			200,
			'delivered',
		]);

		// Only the signed delivery ran; the forged one left no execution behind (failed or otherwise).
		const all = await n8n.executions(workflowId);
		expect(all.map((execution) => execution.status)).toEqual(['success']);
	});

	it('deactivation deletes the subscription at the sandbox', async () => {
		if (!subscription) throw new Error('the workflow was not activated');
		await n8n.client.publicApi('POST', `/workflows/${workflowId}/deactivate`, {});
		await waitFor('the subscription to be deleted', async () => ((await subscriptions()).length === 0 ? true : undefined));
		const [unsubscribe] = await requestsTo(sandbox, 'DELETE', `/v2/webhook_subscriptions/${subscription.id}`);
		expect(unsubscribe.status).toBe(204);
	});
});
