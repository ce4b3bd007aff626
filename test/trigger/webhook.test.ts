import { createHmac, randomUUID } from 'crypto';
import type { INodeParameters } from 'n8n-workflow';

import { CredentialStore } from '../helpers/engine/credentialStore';
import { NODE_NAME, TriggerHarness } from './harness';

/**
 * The trigger's webhook() run by n8n-core's WebhookContext behind a real HTTP server, with raw
 * bodies: what n8n answers, and whether an execution starts.
 */
const SECRET = 'whsec_0123456789abcdef';
const PARTNER_SECRET = 'partner-sécret';

const envelope = (overrides: Record<string, unknown> = {}) => ({
	id: randomUUID(),
	type: 'v1/client-invoices',
	created_at: '2026-01-01T00:00:00.000Z',
	organization_id: '7d2f5f0c-1b8e-4f6a-9a51-2b8c0f0a0f01',
	data: { id: 'inv-1', status: 'paid', total_amount: { value: '120.00', currency: 'EUR' } },
	...overrides,
});

const nowSeconds = () => Math.floor(Date.now() / 1000);
const timestampedHeader = (secret: string, raw: string, t = nowSeconds()) =>
	`t=${t},v1=${createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex')}`;
const plainHeader = (secret: string, raw: string) => createHmac('sha256', Buffer.from(secret, 'utf8')).update(raw).digest('hex');

/**
 * `secret: null` stores none (a trigger that was never registered). A subscription's secret is in
 * the node's static data; the partner endpoint's in the credential (static data keeps none).
 */
function harnessFor(mode: 'subscription' | 'partner', options: INodeParameters = {}, secret: string | null = mode === 'partner' ? PARTNER_SECRET : SECRET) {
	const registration = { mode, webhookId: randomUUID(), callbackUrl: 'http://localhost/webhook', ...(mode === 'subscription' ? { secret } : {}) };
	const staticData = secret ? { [`node:${NODE_NAME}`]: registration } : {};
	return new TriggerHarness({
		parameters: { mode, endpointId: mode === 'partner' ? randomUUID() : '', events: ['v1/client-invoices', 'v1/transactions'], options },
		staticData,
		credential: mode === 'partner' ? new CredentialStore({ partnerWebhookSecret: secret ?? '' }) : undefined,
	}).start();
}

describe('webhook subscription deliveries', () => {
	let harness: TriggerHarness;
	beforeEach(async () => {
		harness = await harnessFor('subscription');
	});
	afterEach(() => harness.close());

	it('starts the workflow with the full event when the signature is valid', async () => {
		const event = envelope();
		const raw = JSON.stringify(event);
		const delivery = await harness.post(raw, { 'X-Service-Signature': timestampedHeader(SECRET, raw) });
		expect(delivery.status).toBe(200);
		expect(delivery.execution).toEqual([[{ json: event }]]);
	});

	it('verifies the bytes received, not a re-serialization of the parsed body', async () => {
		const event = envelope();
		// Whitespace and key order that JSON.stringify would not reproduce.
		const raw = `{ "type":"v1/client-invoices",  "id":"${event.id}", "created_at":"${event.created_at}", "organization_id":"${event.organization_id}", "data": {"id":"inv-1"} }`;
		const delivery = await harness.post(raw, { 'X-Service-Signature': timestampedHeader(SECRET, raw) });
		expect(delivery.status).toBe(200);
		expect(delivery.execution?.[0][0].json).toMatchObject({ id: event.id, data: { id: 'inv-1' } });
	});

	const raw = JSON.stringify(envelope());
	it.each([
		['no signature header', () => ({})],
		['a malformed header', () => ({ 'X-Service-Signature': 'sha256=abcdef' })],
		['a header without timestamp', () => ({ 'X-Service-Signature': `v1=${plainHeader(SECRET, raw)}` })],
		['a signature made with another secret', () => ({ 'X-Service-Signature': timestampedHeader('whsec_wrong', raw) })],
		['a stale timestamp (301 s old)', () => ({ 'X-Service-Signature': timestampedHeader(SECRET, raw, nowSeconds() - 301) })],
		['a timestamp 310 s in the future', () => ({ 'X-Service-Signature': timestampedHeader(SECRET, raw, nowSeconds() + 310) })],
		['the partner scheme', () => ({ 'X-Service-Signature': plainHeader(SECRET, raw) })],
	])('answers 401 and starts nothing for %s', async (_case, headers) => {
		const delivery = await harness.post(raw, headers());
		expect(delivery.status).toBe(401);
		expect(delivery.execution).toBeUndefined();
		expect(harness.executions).toHaveLength(0);
		expect(delivery.body).not.toContain(SECRET);
	});

	it('answers 401 for a body changed after signing', async () => {
		const header = timestampedHeader(SECRET, raw);
		const delivery = await harness.post(raw.replace('"paid"', '"unpaid"'), { 'X-Service-Signature': header });
		expect(delivery.status).toBe(401);
		expect(harness.executions).toHaveLength(0);
	});

	it('starts one execution for a delivery repeated with the same event id', async () => {
		const event = envelope();
		const body = JSON.stringify(event);
		const first = await harness.post(body, { 'X-Service-Signature': timestampedHeader(SECRET, body) });
		const second = await harness.post(body, { 'X-Service-Signature': timestampedHeader(SECRET, body) });
		expect([first.status, second.status]).toEqual([200, 200]);
		expect(first.execution).toBeDefined();
		expect(second.execution).toBeUndefined();
		const other = JSON.stringify(envelope());
		expect((await harness.post(other, { 'X-Service-Signature': timestampedHeader(SECRET, other) })).execution).toBeDefined();
		expect(harness.executions).toHaveLength(2);
	});

	it('acknowledges an event of an unselected type with 200 and starts nothing', async () => {
		const body = JSON.stringify(envelope({ type: 'v1/cards' }));
		const delivery = await harness.post(body, { 'X-Service-Signature': timestampedHeader(SECRET, body) });
		expect(delivery.status).toBe(200);
		expect(harness.executions).toHaveLength(0);
	});

	it('answers 400 to a validly signed body that is not an event envelope', async () => {
		const body = JSON.stringify({ hello: 'world' });
		const delivery = await harness.post(body, { 'X-Service-Signature': timestampedHeader(SECRET, body) });
		expect(delivery.status).toBe(400);
		expect(harness.executions).toHaveLength(0);
	});
});

describe('trigger options', () => {
	let harness: TriggerHarness | undefined;
	afterEach(() => harness?.close());

	it('answers 401 when no secret is stored (the trigger was never registered)', async () => {
		harness = await harnessFor('subscription', {}, null);
		const body = JSON.stringify(envelope());
		const delivery = await harness.post(body, { 'X-Service-Signature': timestampedHeader(SECRET, body) });
		expect(delivery.status).toBe(401);
		expect(harness.executions).toHaveLength(0);
	});

	it('hands the whole event to the execution also with "Resource Only" (execute() keeps the resource: durableDedup.test.ts)', async () => {
		harness = await harnessFor('subscription', { output: 'resource' });
		const event = envelope();
		const body = JSON.stringify(event);
		const delivery = await harness.post(body, { 'X-Service-Signature': timestampedHeader(SECRET, body) });
		expect(delivery.execution).toEqual([[{ json: event }]]);
	});

	it('uses the configured tolerance', async () => {
		harness = await harnessFor('subscription', { toleranceSeconds: 10 });
		const body = JSON.stringify(envelope());
		expect((await harness.post(body, { 'X-Service-Signature': timestampedHeader(SECRET, body, nowSeconds() - 30) })).status).toBe(401);
		expect((await harness.post(body, { 'X-Service-Signature': timestampedHeader(SECRET, body, nowSeconds() - 2) })).status).toBe(200);
	});

	it('reads the configured header with the configured scheme', async () => {
		harness = await harnessFor('subscription', { signatureHeader: 'X-Other-Signature', signatureScheme: 'plain' });
		const body = JSON.stringify(envelope());
		expect((await harness.post(body, { 'X-Service-Signature': timestampedHeader(SECRET, body) })).status).toBe(401);
		const delivery = await harness.post(body, { 'X-Other-Signature': plainHeader(SECRET, body) });
		expect(delivery.status).toBe(200);
		expect(delivery.execution).toBeDefined();
	});
});

describe('partner endpoint deliveries', () => {
	let harness: TriggerHarness;
	beforeEach(async () => {
		harness = await harnessFor('partner');
	});
	afterEach(() => harness.close());

	it('starts the workflow for a body signed with Service-SHA256-Signature', async () => {
		const event = envelope({ type: 'v1/transactions', data: { id: 'tr-1', status: 'completed' } });
		const body = JSON.stringify(event);
		const delivery = await harness.post(body, { 'Service-SHA256-Signature': plainHeader(PARTNER_SECRET, body) });
		expect(delivery.status).toBe(200);
		expect(delivery.execution).toEqual([[{ json: event }]]);
	});

	it.each([
		['no header', () => ({})],
		['the subscription header and scheme', (body: string) => ({ 'X-Service-Signature': timestampedHeader(PARTNER_SECRET, body) })],
		['a timestamped value in the partner header', (body: string) => ({ 'Service-SHA256-Signature': timestampedHeader(PARTNER_SECRET, body) })],
		['another secret', (body: string) => ({ 'Service-SHA256-Signature': plainHeader('partner-secret', body) })],
	])('answers 401 and starts nothing for %s', async (_case, headers) => {
		const body = JSON.stringify(envelope());
		const delivery = await harness.post(body, headers(body));
		expect(delivery.status).toBe(401);
		expect(harness.executions).toHaveLength(0);
	});

	it('filters types: the partner endpoint receives every type, the trigger keeps the selected ones', async () => {
		const body = JSON.stringify(envelope({ type: 'v1/memberships' }));
		const delivery = await harness.post(body, { 'Service-SHA256-Signature': plainHeader(PARTNER_SECRET, body) });
		expect(delivery.status).toBe(200);
		expect(harness.executions).toHaveLength(0);
	});
});

describe('trigger version 2: the signature settings under Advanced', () => {
	let harness: TriggerHarness;
	afterEach(() => harness.close());
	const startV2 = (parameters: INodeParameters) =>
		new TriggerHarness({
			parameters: { mode: 'subscription', events: ['v1/client-invoices'], ...parameters },
			staticData: { [`node:${NODE_NAME}`]: { mode: 'subscription', webhookId: randomUUID(), callbackUrl: 'http://localhost/webhook', secret: SECRET } },
			typeVersion: 2,
		}).start();

	it('reads the header and scheme from Advanced', async () => {
		harness = await startV2({ advanced: { signatureHeader: 'X-Other-Signature', signatureScheme: 'plain' } });
		const body = JSON.stringify(envelope());
		expect((await harness.post(body, { 'X-Service-Signature': timestampedHeader(SECRET, body) })).status).toBe(401);
		expect((await harness.post(body, { 'X-Other-Signature': plainHeader(SECRET, body) })).status).toBe(200);
	});

	it('a version-1 place left in a version-2 node (Options) is not read: the bank’s own header and scheme hold', async () => {
		harness = await startV2({ options: { signatureHeader: 'X-Other-Signature', signatureScheme: 'plain' } });
		const body = JSON.stringify(envelope());
		expect((await harness.post(body, { 'X-Other-Signature': plainHeader(SECRET, body) })).status).toBe(401);
		expect((await harness.post(body, { 'X-Service-Signature': timestampedHeader(SECRET, body) })).status).toBe(200);
	});
});
