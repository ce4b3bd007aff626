import { HookContext } from 'n8n-core';

import { SEED } from '../../sandbox/core/seed';
import { webhookDeliverer, webhookStore } from '../../sandbox/modules/webhooks';
import { PARTNER_ENDPOINT_IDS } from '../../sandbox/modules/webhooks/store';
import { verifySignature } from '../../nodes/BusinessBankingTrigger/signature';
import { connectedCredential } from '../helpers/engine/connectedCredential';
import { CredentialStore } from '../helpers/engine/credentialStore';
import { useTestSandbox } from '../helpers/sandbox';
import { TriggerHarness } from './harness';

/**
 * Activation, deliveries and deactivation against the running sandbox over HTTP, the webhook
 * methods run in n8n-core's HookContext as n8n's webhook service runs them.
 */
describe('Business Banking Trigger lifecycle', () => {
	const sandbox = useTestSandbox({ deliveryBackoffMs: 5, stagingToken: 'staging-trigger' });

	const store = () => webhookStore(sandbox.ctx);
	const subscriptionsOfFr = () => store().subscriptions.list(SEED.organizations.fr);

	async function harness(parameters: Record<string, unknown>, credentialFields: Record<string, unknown> = {}) {
		const credential = new CredentialStore(connectedCredential(sandbox, { fields: { partnerId: sandbox.ctx.application.partnerId, ...credentialFields } }));
		return await new TriggerHarness({ parameters: { mode: 'subscription', events: ['v1/client-invoices'], options: {}, ...parameters }, credential }).start();
	}

	async function emit(type: string, data: Record<string, unknown> = {}) {
		const response = await sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.fr, type, data });
		expect(response.status).toBe(201);
		await webhookDeliverer(sandbox.ctx).settled(response.data.event.id);
		return response.data.event;
	}

	describe('webhook subscription', () => {
		let trigger: TriggerHarness;
		beforeEach(async () => {
			trigger = await harness({ events: ['v1/client-invoices', 'v1/transactions'], options: { description: 'n8n workflow' } });
		});
		afterEach(() => trigger.close());

		it('subscribes once on activation, receives verified events, and unsubscribes on deactivation', async () => {
			expect(await trigger.runMethod('checkExists')).toBe(false);
			await trigger.activate();

			expect(subscriptionsOfFr()).toHaveLength(1);
			const [subscription] = subscriptionsOfFr();
			expect(subscription).toMatchObject({ callback_url: trigger.productionUrl(), types: ['v1/client-invoices', 'v1/transactions'], description: 'n8n workflow' });
			expect(trigger.staticData).toMatchObject({ mode: 'subscription', webhookId: subscription.id, secret: subscription.secret, callbackUrl: trigger.productionUrl() });

			// Activating again (n8n restarts) finds it and creates nothing.
			expect(await trigger.runMethod('checkExists')).toBe(true);
			await trigger.activate();
			expect(subscriptionsOfFr()).toHaveLength(1);

			const event = await emit('v1/client-invoices', { id: 'inv-42', status: 'paid' });
			expect(trigger.executions).toHaveLength(1);
			expect(trigger.executions[0].data[0][0].json).toEqual(event);
			const log = webhookDeliverer(sandbox.ctx).log.filter((entry) => entry.event_id === event.id);
			expect(log).toEqual([expect.objectContaining({ status_code: 200, outcome: 'delivered', attempt: 1 })]);

			// An event of an unselected type reaches nobody: the subscription holds only the selected types.
			await emit('v1/cards');
			expect(trigger.executions).toHaveLength(1);

			expect(await trigger.deactivate()).toBe(true);
			expect(subscriptionsOfFr()).toHaveLength(0);
			expect(trigger.staticData.webhookId).toBeUndefined();
			expect(trigger.staticData.secret).toBeUndefined();
		});

		it('signs deliveries so that the node\'s verifier accepts them with the stored secret (and only with it)', async () => {
			await trigger.activate();
			await emit('v1/transactions', { id: 'tr-1' });
			expect(trigger.received).toHaveLength(1);
			const [request] = trigger.received;
			const check = (secret: string) =>
				verifySignature({ scheme: 'timestamped', secret, header: request.headers['x-service-signature'], rawBody: request.rawBody, toleranceSeconds: 300, nowMs: Date.now() });
			expect(check(String(trigger.staticData.secret))).toEqual({ valid: true });
			expect(check('whsec_other')).toEqual({ valid: false, reason: 'mismatch' });
			expect(trigger.executions).toHaveLength(1);
		});

		it('refuses a forged delivery to the registered URL with 401, and the sandbox\'s own with 200', async () => {
			await trigger.activate();
			const forged = JSON.stringify({ id: 'forged', type: 'v1/client-invoices', created_at: '', organization_id: SEED.organizations.fr, data: {} });
			const t = Math.floor(Date.now() / 1000);
			const attempt = await trigger.post(forged, { 'X-Service-Signature': `t=${t},v1=${'ab'.repeat(32)}` });
			expect(attempt.status).toBe(401);
			await emit('v1/client-invoices');
			expect(trigger.executions).toHaveLength(1);
		});

		it('starts one execution when the sandbox delivers the same event twice', async () => {
			await trigger.activate();
			const response = await sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.fr, type: 'v1/client-invoices', data: { id: 'inv-dup' }, duplicate: true });
			const eventId = response.data.event.id;
			const deliverer = webhookDeliverer(sandbox.ctx);
			await deliverer.settled(eventId);
			expect(deliverer.log.filter((entry) => entry.event_id === eventId).map((entry) => entry.status_code)).toEqual([200, 200]);
			expect(trigger.received).toHaveLength(2);
			expect(trigger.executions).toHaveLength(1);
			expect(trigger.executions[0].data[0][0].json).toMatchObject({ id: eventId });
		});

		it('refuses deliveries whose timestamp is out of the tolerance (sandbox clock 400 s ahead): 401, retried, no execution', async () => {
			await trigger.activate();
			sandbox.ctx.clock.advance(400_000);
			try {
				const event = await emit('v1/client-invoices');
				const log = webhookDeliverer(sandbox.ctx).log.filter((entry) => entry.event_id === event.id);
				expect(log).toHaveLength(8);
				expect(log.every((entry) => entry.status_code === 401)).toBe(true);
				expect(log[7].outcome).toBe('failed');
				expect(trigger.executions).toHaveLength(0);
			} finally {
				sandbox.ctx.clock.reset();
			}
		});

		it('finds a subscription deleted on the service gone: checkExists is false, forgets it, and activation subscribes anew', async () => {
			await trigger.activate();
			const oldId = trigger.staticData.webhookId as string;
			expect((await sandbox.api('fr').delete(`/v2/webhook_subscriptions/${oldId}`, { headers: { 'X-Service-Staging-Token': 'staging-trigger' } })).status).toBe(204);

			expect(await trigger.runMethod('checkExists')).toBe(false);
			expect(trigger.staticData.webhookId).toBeUndefined();
			await trigger.activate();
			expect(subscriptionsOfFr().map((s) => s.id)).toEqual([trigger.staticData.webhookId]);
			expect(trigger.staticData.webhookId).not.toBe(oldId);
		});

		it('replaces its subscription when the selected events changed', async () => {
			await trigger.activate();
			const oldId = trigger.staticData.webhookId;
			trigger.setParameters({ mode: 'subscription', events: ['v1/cards'], options: {} });
			expect(await trigger.runMethod('checkExists')).toBe(false);
			await trigger.runMethod('create');
			expect(subscriptionsOfFr()).toEqual([expect.objectContaining({ types: ['v1/cards'] })]);
			expect(subscriptionsOfFr()[0].id).not.toBe(oldId);
		});

		it('answers a failed unsubscription with false and a logged warning, keeping the id for the next activation', async () => {
			await trigger.activate();
			const id = trigger.staticData.webhookId;
			const credential = (trigger as unknown as { options: { credential: CredentialStore } }).options.credential;
			credential.data = connectedCredential(sandbox, { scopes: ['webhooks.read'], fields: { partnerId: sandbox.ctx.application.partnerId } });
			const warnings: string[] = [];
			const spy = jest.spyOn(HookContext.prototype, 'logger', 'get').mockReturnValue({
				warn: (message: string) => warnings.push(message),
				debug: () => undefined,
				info: () => undefined,
				error: () => undefined,
			} as never);
			try {
				expect(await trigger.deactivate()).toBe(false);
			} finally {
				spy.mockRestore();
			}
			expect(warnings).toHaveLength(1);
			expect(warnings[0]).toContain(String(id));
			expect(warnings[0]).toContain('webhooks.write');
			expect(warnings[0]).not.toContain(String(trigger.staticData.secret));
			expect(subscriptionsOfFr()).toHaveLength(1);
			expect(trigger.staticData.webhookId).toBe(id);
		});

		it('refuses to subscribe a URL the service would not call, before any request', async () => {
			// n8n behind a plain-http public address: the service only calls https:// (or loopback http://).
			trigger.webhookBaseUrlOverride = 'http://n8n.example.com/webhook';
			await expect(trigger.runMethod('create')).rejects.toThrow(/https:\/\//);
			expect(subscriptionsOfFr()).toHaveLength(0);
		});

		it('listens for a test event with a short-lived subscription of its own, removed when the test run ends', async () => {
			await trigger.activate();
			const production = trigger.staticData.webhookId;

			// n8n starts a test run with empty static data, so the production subscription is not seen.
			await trigger.activate({ isTest: true });
			expect(subscriptionsOfFr()).toHaveLength(2);
			const test = subscriptionsOfFr().find((s) => s.callback_url === trigger.testUrl());
			expect(test).toBeDefined();
			expect(trigger.testStaticData).toMatchObject({ [`node:${'Business Banking Trigger'}`]: expect.objectContaining({ webhookId: test!.id }) });

			await emit('v1/client-invoices', { id: 'inv-test' });
			// Delivered to both: the test URL starts a manual execution, the production URL a production one.
			expect(trigger.executions.map((e) => e.isTest).sort()).toEqual([false, true]);

			await trigger.deactivate({ isTest: true });
			expect(subscriptionsOfFr().map((s) => s.id)).toEqual([production]);
			expect(trigger.staticData.webhookId).toBe(production);
		});
	});

	describe('partner webhook endpoint', () => {
		const endpointId = PARTNER_ENDPOINT_IDS.fr;
		const endpoint = () => store().partnerEndpoints.get(SEED.organizations.fr, endpointId)!;
		const partnerSecret = 'partner-lifecycle-sécret';
		const partnerHarness = (parameters: Record<string, unknown>, fields: Record<string, unknown> = {}) =>
			harness({ mode: 'partner', endpointId, events: ['v1/memberships'], ...parameters }, { partnerWebhookSecret: partnerSecret, ...fields });

		it('enables the endpoint with the n8n URL and the credential\'s secret, receives verified events, and disables it', async () => {
			const trigger = await partnerHarness({});
			try {
				expect(await trigger.runMethod('checkExists')).toBe(false);
				await trigger.activate();
				expect(endpoint()).toMatchObject({ enabled: true, callback_url: trigger.productionUrl(), secret: partnerSecret });
				// The secret stays in the (encrypted) credential: the workflow's static data holds no copy.
				expect(trigger.staticData).toEqual({ mode: 'partner', webhookId: endpointId, callbackUrl: trigger.productionUrl() });
				expect(await trigger.runMethod('checkExists')).toBe(true);

				const event = await emit('v1/memberships', { id: 'm-1' });
				expect(trigger.executions).toHaveLength(1);
				expect(trigger.executions[0].data[0][0].json).toEqual(event);
				// The partner endpoint receives every type; the trigger starts only for the selected ones.
				await emit('v1/cards');
				expect(trigger.executions).toHaveLength(1);
				expect(webhookDeliverer(sandbox.ctx).log.filter((e) => e.event_type === 'v1/cards').map((e) => e.status_code)).toEqual([200]);

				expect(await trigger.deactivate()).toBe(true);
				expect(endpoint().enabled).toBe(false);
				expect(trigger.staticData.webhookId).toBeUndefined();
			} finally {
				await trigger.close();
			}
		});

		it('switching an active trigger from subscription to partner endpoint removes the subscription', async () => {
			const trigger = await harness({ events: ['v1/memberships'] }, { partnerWebhookSecret: partnerSecret });
			try {
				await trigger.activate();
				expect(subscriptionsOfFr()).toHaveLength(1);
				trigger.setParameters({ mode: 'partner', endpointId, events: ['v1/memberships'], options: {} });
				await trigger.activate();
				expect(subscriptionsOfFr()).toHaveLength(0);
				expect(endpoint()).toMatchObject({ enabled: true, callback_url: trigger.productionUrl() });
				expect(trigger.staticData).toMatchObject({ mode: 'partner', webhookId: endpointId });
			} finally {
				await trigger.close();
			}
		});

		it('asks for the credential\'s Partner ID before any request', async () => {
			const trigger = await partnerHarness({}, { partnerId: '' });
			try {
				await expect(trigger.runMethod('create')).rejects.toThrow(/Partner ID/);
				expect(endpoint().enabled).toBe(false);
			} finally {
				await trigger.close();
			}
		});

		it('shows the service\'s refusal of a wrong Partner ID', async () => {
			const trigger = await partnerHarness({}, { partnerId: 'not-ours' });
			try {
				await expect(trigger.runMethod('create')).rejects.toThrow(/Service-Partner-Id/);
				expect(endpoint().enabled).toBe(false);
				expect(trigger.staticData.webhookId).toBeUndefined();
			} finally {
				await trigger.close();
			}
		});
	});
});
