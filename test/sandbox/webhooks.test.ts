// Webhook subscriptions of the sandbox: signatures, create/delete, deliveries and retries (the partner endpoint:
// partner-webhooks.test.ts).
import { createHmac } from 'crypto';

import { SEED } from '../../sandbox/core/seed';
import { webhookDeliverer } from '../../sandbox/modules/webhooks';
import { partnerSignature, subscriptionSignature } from '../../sandbox/modules/webhooks/signing';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { Receiver } from '../trigger/receiver';

// Known answers computed with openssl, e.g.:
//   printf '%s' '1767225600.<body>' | openssl dgst -sha256 -hmac 'whsec_known_answer_secret'
const KNOWN_BODY =
	'{"id":"5b3f0f9e-1c1a-4a57-9a0e-0d5f3c2b1a00","type":"v1/client-invoices","created_at":"2026-01-01T00:00:00.000Z","organization_id":"7d2f5f0c-1b8e-4f6a-9a51-2b8c0f0a0f01","data":{"id":"inv-1","status":"paid"}}';

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

describe('sandbox webhook signatures (known answers)', () => {
	it('signs a subscription delivery as t=<unix seconds>,v1=<HMAC-SHA256 of "<t>.<body>">', () => {
		expect(subscriptionSignature('whsec_known_answer_secret', KNOWN_BODY, 1767225600)).toBe(
			't=1767225600,v1=2c86271bb5b940d18c9f64ea787fa15fdb9b7eca28d8a8c8863e17e6b5823dd2',
		);
	});

	it('signs a partner delivery with the UTF-8 bytes of the secret over the body', () => {
		expect(partnerSignature('partner-sécret-ünïcode', KNOWN_BODY)).toBe('c457bdb4a3dd4730b42d0ab5be061b60861eb80fdade141599c17548075c8c1e');
	});
});

describe('webhook subscriptions', () => {
	let sandbox: TestSandbox;
	let receiver: Receiver;
	beforeAll(async () => {
		sandbox = await startTestSandbox({ deliveryBackoffMs: 5, deliveryTimeoutMs: 300 });
		receiver = await new Receiver().start();
	});
	afterAll(async () => {
		await sandbox.close();
		await receiver.close();
	});
	beforeEach(() => {
		sandbox.reset();
		receiver.requests.length = 0;
		receiver.setHandler(() => 200);
	});

	const create = (body: unknown, api = sandbox.api()) => api.post('/v2/webhook_subscriptions', body);
	const valid = (overrides: Record<string, unknown> = {}) => ({
		webhook_subscription: { callback_url: 'https://hooks.example.com/banking', types: ['v1/client-invoices'], description: 'n8n', ...overrides },
	});

	it('creates a subscription, shows its secret only in the create response, and reads it back unwrapped', async () => {
		const created = await create(valid());
		expect(created.status).toBe(201);
		const subscription = created.data.webhook_subscription;
		expect(subscription).toMatchObject({
			organization_id: SEED.organizations.fr,
			membership_id: sandbox.ctx.users.get(SEED.userId)!.memberships[SEED.organizations.fr],
			callback_url: 'https://hooks.example.com/banking',
			types: ['v1/client-invoices'],
			description: 'n8n',
		});
		expect(subscription.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
		expect(subscription.created_at).toEqual(subscription.updated_at);

		const read = await sandbox.api().get(`/v2/webhook_subscriptions/${subscription.id}`);
		expect(read.status).toBe(200);
		expect(read.data).toMatchObject({ id: subscription.id, callback_url: 'https://hooks.example.com/banking' });
		expect(read.data).not.toHaveProperty('secret');
		expect(read.data).not.toHaveProperty('webhook_subscription');

		const list = await sandbox.api().get('/v2/webhook_subscriptions');
		expect(list.data.webhook_subscriptions).toHaveLength(1);
		expect(list.data.webhook_subscriptions[0]).not.toHaveProperty('secret');
		expect(list.data.meta.total_count).toBe(1);
	});

	it.each([
		['plain http to a public host', { callback_url: 'http://hooks.example.com/x' }, '/webhook_subscription/callback_url'],
		['a callback_url of 513 characters', { callback_url: `https://hooks.example.com/${'a'.repeat(513 - 26)}` }, '/webhook_subscription/callback_url'],
		['no event type', { types: [] }, '/webhook_subscription/types'],
		['an unknown event type', { types: ['v1/client-invoices', 'v1/invoices'] }, '/webhook_subscription/types/1'],
		['a description of 257 characters', { description: 'd'.repeat(257) }, '/webhook_subscription/description'],
		['no callback_url', { callback_url: undefined }, '/webhook_subscription/callback_url'],
	])('refuses %s with 422 naming the field', async (_case, overrides, pointer) => {
		const response = await create(valid(overrides));
		expect(response.status).toBe(422);
		expect(response.data.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toContain(pointer);
		expect(sandbox.ctx.organizations.size).toBeGreaterThan(0);
		expect((await sandbox.api().get('/v2/webhook_subscriptions')).data.webhook_subscriptions).toHaveLength(0);
	});

	it('accepts exactly 512 characters, and plain http only for loopback hosts', async () => {
		const url512 = `https://hooks.example.com/${'a'.repeat(512 - 26)}`;
		expect(url512).toHaveLength(512);
		expect((await create(valid({ callback_url: url512 }))).status).toBe(201);
		for (const url of ['http://localhost:5678/webhook/x', 'http://127.0.0.1:5678/webhook', 'http://[::1]:5678/webhook']) {
			expect((await create(valid({ callback_url: url }))).status).toBe(201);
		}
		expect((await create(valid({ callback_url: 'http://localhost.example.com/x' }))).status).toBe(422);
	});

	it('refuses a body without the webhook_subscription wrapper', async () => {
		const response = await create({ callback_url: 'https://hooks.example.com', types: ['v1/cards'] });
		expect(response.status).toBe(422);
		expect(response.data.errors[0].source.pointer).toBe('/webhook_subscription');
	});

	it('needs webhooks.write to create and delete, webhooks.read to read', async () => {
		const readOnly = sandbox.api('fr', ['webhooks.read']);
		expect((await create(valid(), readOnly)).status).toBe(403);
		const id = (await create(valid())).data.webhook_subscription.id;
		expect((await readOnly.get(`/v2/webhook_subscriptions/${id}`)).status).toBe(200);
		expect((await readOnly.delete(`/v2/webhook_subscriptions/${id}`)).status).toBe(403);
		expect((await sandbox.api('fr', ['webhooks.write']).get(`/v2/webhook_subscriptions/${id}`)).status).toBe(403);
	});

	it('deletes with 204; the subscription is then 404, and another organization never sees it', async () => {
		const id = (await create(valid())).data.webhook_subscription.id;
		expect((await sandbox.api('it').get(`/v2/webhook_subscriptions/${id}`)).status).toBe(404);
		expect((await sandbox.api('it').delete(`/v2/webhook_subscriptions/${id}`)).status).toBe(404);
		const deleted = await sandbox.api().delete(`/v2/webhook_subscriptions/${id}`);
		expect(deleted.status).toBe(204);
		expect((await sandbox.api().get(`/v2/webhook_subscriptions/${id}`)).status).toBe(404);
	});

	it('delivers a selected event signed with the subscription secret, and nothing for other types or organizations', async () => {
		const { id: subscriptionId, secret } = (await create(valid({ callback_url: receiver.url, types: ['v1/client-invoices', 'v1/cards'] }))).data.webhook_subscription;
		const ignored = (await sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.fr, type: 'v1/transactions', data: { id: 't1' } })).data.event;
		const otherOrg = (await sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.it, type: 'v1/cards', data: {} })).data.event;
		const emitted = await sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.fr, type: 'v1/cards', data: { id: 'card-1', status: 'active' } });
		expect(emitted.status).toBe(201);
		const event = emitted.data.event;
		await webhookDeliverer(sandbox.ctx).settled(event.id);

		expect(receiver.requests).toHaveLength(1);
		const [request] = receiver.requests;
		expect(request.method).toBe('POST');
		expect(request.headers['content-type']).toBe('application/json');
		const raw = request.rawBody.toString('utf8');
		expect(JSON.parse(raw)).toEqual({ id: event.id, type: 'v1/cards', created_at: event.created_at, organization_id: SEED.organizations.fr, data: { id: 'card-1', status: 'active' } });
		const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(request.headers['x-service-signature']));
		expect(match).not.toBeNull();
		expect(match![2]).toBe(hmac(secret, `${match![1]}.${raw}`));
		expect(Math.abs(Number(match![1]) - Date.now() / 1000)).toBeLessThan(300);

		const log = (await sandbox.http.get('/sandbox/deliveries')).data.deliveries;
		expect(log).toEqual([
			expect.objectContaining({ event_id: event.id, event_type: 'v1/cards', target: { kind: 'subscription', id: subscriptionId, callback_url: receiver.url }, attempt: 1, status_code: 200, outcome: 'delivered', error: null }),
		]);
		expect(log.some((entry: { event_id: string }) => entry.event_id === ignored.id || entry.event_id === otherOrg.id)).toBe(false);
	});

	it('retries a failing receiver with backoff until it answers 2xx, with the same body each time', async () => {
		await create(valid({ callback_url: receiver.url }));
		receiver.setHandler((_request, index) => (index < 2 ? 500 : 204));
		const event = (await sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.fr, type: 'v1/client-invoices', data: { id: 'inv-9' } })).data.event;
		await webhookDeliverer(sandbox.ctx).settled(event.id);

		expect(receiver.requests).toHaveLength(3);
		expect(new Set(receiver.requests.map((r) => r.rawBody.toString())).size).toBe(1);
		const log = (await sandbox.http.get('/sandbox/deliveries', { params: { event_id: event.id } })).data.deliveries;
		expect(log.map((e: { attempt: number; status_code: number; outcome: string }) => [e.attempt, e.status_code, e.outcome])).toEqual([
			[1, 500, 'retrying'],
			[2, 500, 'retrying'],
			[3, 204, 'delivered'],
		]);
		expect(log[0].error).toBe('HTTP 500');
		expect(log[0].next_attempt_at).not.toBeNull();
		expect(new Set(log.map((e: { delivery_id: string }) => e.delivery_id)).size).toBe(1);
	});

	it('gives up after 8 tries', async () => {
		await create(valid({ callback_url: receiver.url }));
		receiver.setHandler(() => 503);
		const event = (await sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.fr, type: 'v1/client-invoices', data: {} })).data.event;
		await webhookDeliverer(sandbox.ctx).settled(event.id);
		expect(receiver.requests).toHaveLength(8);
		const log = webhookDeliverer(sandbox.ctx).log.filter((e) => e.event_id === event.id);
		expect(log.map((e) => e.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
		expect(log[7]).toMatchObject({ outcome: 'failed', status_code: 503, next_attempt_at: null });
	});

	it('counts a receiver that does not answer in time as failed and retries it', async () => {
		await create(valid({ callback_url: receiver.url }));
		// The first request never gets an answer (the sandbox's timeout is 300 ms in this file).
		receiver.setHandler((_request, index) => (index === 0 ? new Promise<undefined>(() => undefined) : 200));
		const event = (await sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.fr, type: 'v1/client-invoices', data: {} })).data.event;
		await webhookDeliverer(sandbox.ctx).settled(event.id);
		const log = webhookDeliverer(sandbox.ctx).log.filter((e) => e.event_id === event.id);
		expect(log.map((e) => [e.status_code, e.outcome])).toEqual([
			[null, 'retrying'],
			[200, 'delivered'],
		]);
		expect(log[0].error).toMatch(/ECONNABORTED|ETIMEDOUT|timeout/i);
	});

	it('delivers the same envelope twice when asked for a duplicate', async () => {
		await create(valid({ callback_url: receiver.url }));
		const event = (await sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.fr, type: 'v1/client-invoices', data: { id: 'inv-2' }, duplicate: true })).data.event;
		await webhookDeliverer(sandbox.ctx).settled(event.id);
		expect(receiver.requests).toHaveLength(2);
		const bodies = receiver.requests.map((r) => JSON.parse(r.rawBody.toString()));
		expect(bodies.map((b) => b.id)).toEqual([event.id, event.id]);
		expect(bodies[0]).toEqual(bodies[1]);
	});

	it('refuses to emit an unknown event type or for an unknown organization', async () => {
		expect((await sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.fr, type: 'v1/nope' })).status).toBe(422);
		expect((await sandbox.http.post('/sandbox/events', { organization_id: '00000000-0000-4000-8000-000000000000', type: 'v1/cards' })).status).toBe(422);
	});

	it('stops retrying a subscription deleted meanwhile', async () => {
		const { id } = (await create(valid({ callback_url: receiver.url }))).data.webhook_subscription;
		receiver.setHandler(async () => {
			await sandbox.api().delete(`/v2/webhook_subscriptions/${id}`);
			return 500;
		});
		const event = (await sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.fr, type: 'v1/client-invoices', data: {} })).data.event;
		await webhookDeliverer(sandbox.ctx).settled(event.id);
		expect(receiver.requests).toHaveLength(1);
		expect(webhookDeliverer(sandbox.ctx).log.filter((e) => e.event_id === event.id).map((e) => e.outcome)).toEqual(['retrying', 'cancelled']);
	});
});

describe('closing the sandbox', () => {
	it('abandons pending retries at once (no timer keeps the process alive)', async () => {
		const sandbox = await startTestSandbox({ deliveryBackoffMs: 60_000 });
		const receiver = await new Receiver(() => 500).start();
		try {
			await sandbox.api().post('/v2/webhook_subscriptions', { webhook_subscription: { callback_url: receiver.url, types: ['v1/cards'] } });
			const event = (await sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.fr, type: 'v1/cards', data: {} })).data.event;
			await receiver.waitForRequests(1);
			const settled = webhookDeliverer(sandbox.ctx).settled(event.id);
			await sandbox.close();
			// Resolves although the next try was a minute away: the wait was cancelled.
			await settled;
			expect(receiver.requests).toHaveLength(1);
		} finally {
			await receiver.close();
		}
	});
});
