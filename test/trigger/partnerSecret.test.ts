import { createHmac } from 'crypto';

import { SEED } from '../../sandbox/core/seed';
import { webhookDeliverer, webhookStore } from '../../sandbox/modules/webhooks';
import { PARTNER_ENDPOINT_IDS } from '../../sandbox/modules/webhooks/store';
import { connectedCredential } from '../helpers/engine/connectedCredential';
import { CredentialStore } from '../helpers/engine/credentialStore';
import { clearSeenRequests, seenRequests } from '../helpers/engine/sandboxControls';
import { captureN8nLogs } from '../helpers/logCapture';
import { useTestSandbox } from '../helpers/sandbox';
import { installProcessedDataStore, runTriggerExecute } from './execute';
import { TriggerHarness } from './harness';

// Several activations, a restart and sandbox deliveries per test.
jest.setTimeout(30_000);

/**
 * Partner mode has one endpoint per partner, so one secret: the credential's Partner Webhook Secret.
 * Two workflows (two trigger nodes) on one credential, n8n restarts and rotations must all agree on
 * it, against the sandbox over loopback, the webhook methods and webhook() in n8n-core's contexts.
 */
const SECRET = 'partner-shared-sécret-41';
const ROTATED = 'partner-rotated-sécret-42';
const BLANK_MESSAGE = "Credential 'Business Banking OAuth2 API' › Partner Webhook Secret is blank";
const endpointId = PARTNER_ENDPOINT_IDS.fr;
const sign = (secret: string, raw: string) => createHmac('sha256', Buffer.from(secret, 'utf8')).update(raw).digest('hex');

describe('Business Banking Trigger, partner mode: the credential\'s secret for every workflow on it', () => {
	const sandbox = useTestSandbox({ deliveryBackoffMs: 5 });
	const logs = captureN8nLogs();
	beforeAll(async () => {
		await installProcessedDataStore();
	});
	afterAll(() => logs.stop());

	const endpoint = () => webhookStore(sandbox.ctx).partnerEndpoints.get(SEED.organizations.fr, endpointId)!;
	const running: TriggerHarness[] = [];
	afterEach(async () => {
		await Promise.all(running.splice(0).map((harness) => harness.close()));
		// Nothing the trigger logged shows the secret.
		expect(logs.lines.filter((line) => `${line.message}${line.metadata}`.includes(SECRET) || `${line.message}${line.metadata}`.includes(ROTATED))).toEqual([]);
	});

	function credentialWith(secret: unknown): CredentialStore {
		const fields: Record<string, unknown> = { partnerId: sandbox.ctx.application.partnerId, partnerWebhookSecret: secret };
		if (secret === undefined) delete fields.partnerWebhookSecret;
		return new CredentialStore(connectedCredential(sandbox, { fields: fields as never }));
	}

	async function workflow(workflowId: string, credential: CredentialStore): Promise<TriggerHarness> {
		const parameters = { mode: 'partner', endpointId, events: ['v1/memberships'], options: {} };
		const harness = await new TriggerHarness({ parameters, credential, workflowId }).start();
		running.push(harness);
		return harness;
	}

	/** n8n restarted: the same workflow, fresh contexts, the static data n8n saved. */
	async function restart(harness: TriggerHarness): Promise<TriggerHarness> {
		const next = await harness.restarted();
		running.splice(running.indexOf(harness), 1, next);
		return next;
	}

	async function emit(duplicate = false) {
		const response = await sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.fr, type: 'v1/memberships', data: { id: 'm-1' }, duplicate });
		expect(response.status).toBe(201);
		await webhookDeliverer(sandbox.ctx).settled(response.data.event.id);
		return response.data.event as { id: string };
	}

	/** The event ids that reach the rest of the workflow: each started execution through execute() (n8n's processed-data store). */
	async function ranEvents(harness: TriggerHarness): Promise<string[]> {
		const ids: string[] = [];
		for (const execution of harness.executions) {
			const output = await runTriggerExecute(harness.node, execution.data[0], 'webhook', harness.workflowId);
			ids.push(...output.map((item) => String(item.json.id)));
		}
		return ids;
	}

	/** A request the trigger received, posted again (to it or to another workflow) byte for byte with its signature. */
	const replay = (to: TriggerHarness, request: TriggerHarness['received'][number]) =>
		to.post(request.rawBody.toString('utf8'), { 'Service-SHA256-Signature': String(request.headers['service-sha256-signature']) });

	const holdsNoSecret = (harness: TriggerHarness) => {
		expect(harness.staticData).not.toHaveProperty('secret');
		expect(JSON.stringify(harness.staticData)).not.toContain(SECRET);
	};

	it('two workflows and a restart: the endpoint only ever gets the credential\'s secret, each signed delivery runs once, forged ones are refused', async () => {
		const credential = credentialWith(SECRET);
		let a = await workflow('wf-a', credential);
		let b = await workflow('wf-b', credential);
		await clearSeenRequests(sandbox);

		await a.activate();
		expect(endpoint()).toMatchObject({ enabled: true, callback_url: a.productionUrl(), secret: SECRET });
		// One endpoint per partner: B points it at itself, with the same secret, so A's deliveries still verify.
		await b.activate();
		expect(endpoint()).toMatchObject({ enabled: true, callback_url: b.productionUrl(), secret: SECRET });
		const patches = await seenRequests(sandbox, { method: 'PATCH', path: '/register/*' });
		expect(patches.map((request) => [request.body, request.headers['service-partner-id']])).toEqual(
			[a, b].map((harness) => [{ callback_url: harness.productionUrl(), enabled: true, secret: '[redacted]' }, sandbox.ctx.application.partnerId]),
		);
		holdsNoSecret(a);
		holdsNoSecret(b);

		// Delivered twice by the sandbox (at least once): one execution.
		const first = await emit(true);
		expect(b.received).toHaveLength(2);
		expect(b.executions).toHaveLength(1);
		const firstDelivery = b.received[0];

		const forged = JSON.stringify({ id: 'forged-1', type: 'v1/memberships', created_at: '2026-01-01T00:00:00Z', organization_id: SEED.organizations.fr, data: {} });
		for (const harness of [a, b]) {
			expect((await harness.post(forged, { 'Service-SHA256-Signature': sign('not-the-secret', forged) })).status).toBe(401);
			expect((await harness.post(forged, {})).status).toBe(401);
		}
		const ranBeforeRestart = { a: await ranEvents(a), b: await ranEvents(b) };

		// n8n restarts and runs checkExists/create for both again (B first, so the endpoint ends on A).
		b = await restart(b);
		a = await restart(a);
		await b.activate();
		await a.activate();
		expect(endpoint()).toMatchObject({ enabled: true, callback_url: a.productionUrl(), secret: SECRET });
		holdsNoSecret(a);
		holdsNoSecret(b);

		const second = await emit(true);
		expect(a.received).toHaveLength(2);
		// What the service signed reaches B as well (its endpoint pointed there): the same secret verifies it.
		expect((await replay(b, a.received[0])).status).toBe(200);
		// The first event again, to B after the restart: accepted (200) but run no second time.
		expect((await replay(b, firstDelivery)).status).toBe(200);
		for (const harness of [a, b]) expect((await harness.post(forged, { 'Service-SHA256-Signature': sign('not-the-secret', forged) })).status).toBe(401);

		expect({ a: [...ranBeforeRestart.a, ...(await ranEvents(a))], b: [...ranBeforeRestart.b, ...(await ranEvents(b))] }).toEqual({
			a: [second.id],
			b: [first.id, second.id],
		});
	});

	it('reads the secret at each delivery: after a rotation, one re-activation updates the endpoint and every workflow verifies with the new secret', async () => {
		const credential = credentialWith(SECRET);
		const a = await workflow('wf-a', credential);
		const b = await workflow('wf-b', credential);
		await a.activate();
		await b.activate();
		const staticDataOfA = structuredClone(a.staticData);

		credential.data = { ...credential.data, partnerWebhookSecret: ROTATED };
		const signedWithOld = JSON.stringify({ id: 'old-1', type: 'v1/memberships', created_at: '2026-01-01T00:00:00Z', organization_id: SEED.organizations.fr, data: {} });
		expect((await b.post(signedWithOld, { 'Service-SHA256-Signature': sign(SECRET, signedWithOld) })).status).toBe(401);

		// Republishing B (checkExists sends the PATCH again) gives the endpoint the new secret.
		expect(await b.runMethod('checkExists')).toBe(true);
		expect(endpoint()).toMatchObject({ callback_url: b.productionUrl(), secret: ROTATED });
		const event = await emit();
		expect(b.executions.map((execution) => execution.data[0][0].json.id)).toEqual([event.id]);
		// A was not re-activated and its static data did not change, yet it verifies with the new secret.
		expect((await replay(a, b.received.at(-1)!)).status).toBe(200);
		expect(a.staticData).toEqual(staticDataOfA);
		expect(a.executions.map((execution) => execution.data[0][0].json.id)).toEqual([event.id]);
	});

	it('rotation as docs/trigger.md tells it: a delivery refused between the credential change and the PATCH goes through on the service\'s retry', async () => {
		const credential = credentialWith(SECRET);
		const trigger = await workflow('wf-a', credential);
		await trigger.activate();
		credential.data = { ...credential.data, partnerWebhookSecret: ROTATED };
		const options = sandbox.ctx.options as { deliveryBackoffMs?: number };
		options.deliveryBackoffMs = 300;
		try {
			const response = await sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.fr, type: 'v1/memberships', data: {} });
			while (trigger.received.length === 0) await new Promise((resolve) => setImmediate(resolve));
			// The first try, signed with the old secret, is refused; then the endpoint gets the new one.
			expect(await trigger.runMethod('checkExists')).toBe(true);
			await webhookDeliverer(sandbox.ctx).settled(response.data.event.id);
			const log = webhookDeliverer(sandbox.ctx).log.filter((entry) => entry.event_id === response.data.event.id);
			expect(log.map((entry) => entry.status_code)).toEqual([401, 200]);
			expect(trigger.executions.map((execution) => execution.data[0][0].json.id)).toEqual([response.data.event.id]);
		} finally {
			options.deliveryBackoffMs = 5;
		}
	});

	it('static data saved by 1.0.0 (a random secret of the trigger\'s own): the next activation registers the credential\'s and forgets the old one', async () => {
		const legacy = 'ab'.repeat(32);
		const staticData = { [`node:${'Business Banking Trigger'}`]: { mode: 'partner', webhookId: endpointId, secret: legacy, callbackUrl: 'http://127.0.0.1:1/webhook/old/webhook' } };
		const parameters = { mode: 'partner', endpointId, events: ['v1/memberships'], options: {} };
		const trigger = await new TriggerHarness({ parameters, credential: credentialWith(SECRET), staticData }).start();
		running.push(trigger);
		await trigger.activate();
		expect(endpoint()).toMatchObject({ callback_url: trigger.productionUrl(), secret: SECRET });
		expect(trigger.staticData).toEqual({ mode: 'partner', webhookId: endpointId, callbackUrl: trigger.productionUrl() });
		const body = JSON.stringify({ id: 'e-1', type: 'v1/memberships', created_at: '2026-01-01T00:00:00Z', organization_id: SEED.organizations.fr, data: {} });
		expect((await trigger.post(body, { 'Service-SHA256-Signature': sign(legacy, body) })).status).toBe(401);
		expect((await trigger.post(body, { 'Service-SHA256-Signature': sign(SECRET, body) })).status).toBe(200);
	});

	it('a credential that never had a Partner Webhook Secret (what a 1.0.0 trigger ran on): the trigger keeps a secret of its own, as 1.0.0 did, across a restart, until the credential gets one', async () => {
		const credential = credentialWith(undefined);
		let trigger = await workflow('wf-a', credential);
		await trigger.activate();
		const own = trigger.staticData.secret as string;
		expect(own).toMatch(/^[0-9a-f]{64}$/);
		expect(endpoint()).toMatchObject({ callback_url: trigger.productionUrl(), enabled: true, secret: own });

		trigger = await restart(trigger);
		expect(await trigger.runMethod('checkExists')).toBe(true);
		expect(endpoint().secret).toBe(own);
		const body = JSON.stringify({ id: 'e-own', type: 'v1/memberships', created_at: '2026-01-01T00:00:00Z', organization_id: SEED.organizations.fr, data: {} });
		expect((await trigger.post(body, { 'Service-SHA256-Signature': sign('forged', body) })).status).toBe(401);
		expect((await trigger.post(body, { 'Service-SHA256-Signature': sign(own, body) })).status).toBe(200);
		expect(trigger.executions).toHaveLength(1);

		// The credential gets the secret: the next check registers it and the trigger's own is forgotten.
		credential.data = { ...credential.data, partnerWebhookSecret: SECRET };
		expect(await trigger.runMethod('checkExists')).toBe(true);
		expect(endpoint().secret).toBe(SECRET);
		expect(trigger.staticData.secret).toBeUndefined();
		const next = body.replace('e-own', 'e-shared');
		expect((await trigger.post(next, { 'Service-SHA256-Signature': sign(own, next) })).status).toBe(401);
		expect((await trigger.post(next, { 'Service-SHA256-Signature': sign(SECRET, next) })).status).toBe(200);
	});

	it.each([
		['a secret of only spaces', '   '],
		['a secret of only a tab and a line break', '\t\n'],
	])('refuses to register with %s, naming the credential field, before any request', async (_case, secret) => {
		const trigger = await workflow('wf-a', credentialWith(secret));
		await clearSeenRequests(sandbox);
		await expect(trigger.activate()).rejects.toMatchObject({ name: 'NodeOperationError', message: BLANK_MESSAGE });
		expect(await seenRequests(sandbox)).toEqual([]);
		expect(endpoint()).toMatchObject({ enabled: false, secret: null });
		expect(trigger.staticData).toEqual({});
	});

	it('a registered trigger whose credential secret became blank: activation refused before any request, deliveries refused with a warning that names the field', async () => {
		const credential = credentialWith(SECRET);
		const trigger = await workflow('wf-a', credential);
		await trigger.activate();
		credential.data = { ...credential.data, partnerWebhookSecret: ' ' };
		await clearSeenRequests(sandbox);

		await expect(trigger.runMethod('checkExists')).rejects.toMatchObject({ name: 'NodeOperationError', message: BLANK_MESSAGE });
		expect(await seenRequests(sandbox)).toEqual([]);

		const body = JSON.stringify({ id: 'e-1', type: 'v1/memberships', created_at: '2026-01-01T00:00:00Z', organization_id: SEED.organizations.fr, data: {} });
		logs.lines.length = 0;
		expect((await trigger.post(body, { 'Service-SHA256-Signature': sign(' ', body) })).status).toBe(401);
		expect(trigger.executions).toHaveLength(0);
		expect(logs.lines.filter((line) => line.level === 'warn').map((line) => line.message)).toEqual([
			`Business Banking Trigger: partner delivery refused: ${BLANK_MESSAGE}`,
		]);
	});
});
