// The partner webhook endpoint: Service-Partner-Id, enabling, the signature over the body, secret rotation.
import { createHmac } from 'crypto';

import { SEED } from '../../sandbox/core/seed';
import { webhookDeliverer } from '../../sandbox/modules/webhooks';
import { PARTNER_ENDPOINT_IDS } from '../../sandbox/modules/webhooks/store';
import { startTestSandbox, TEST_CLIENT_ID, type TestSandbox } from '../helpers/sandbox';
import { Receiver } from '../trigger/receiver';

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

describe('partner webhook endpoint', () => {
	let sandbox: TestSandbox;
	let receiver: Receiver;
	const endpointId = PARTNER_ENDPOINT_IDS.fr;
	beforeAll(async () => {
		sandbox = await startTestSandbox({ deliveryBackoffMs: 5 });
		receiver = await new Receiver().start('/partner');
	});
	afterAll(async () => {
		await sandbox.close();
		await receiver.close();
	});

	const partnerId = () => sandbox.ctx.applications.get(TEST_CLIENT_ID)!.partnerId;
	const patch = (id: string, body: unknown, headers: Record<string, string> = { 'Service-Partner-Id': partnerId() }, organization: 'fr' | 'it' = 'fr') =>
		sandbox.api(organization).patch(`/register/webhooks/${id}`, body, { headers });

	it('needs the application\'s Service-Partner-Id', async () => {
		const body = { callback_url: receiver.url, enabled: true, secret: 's3cret' };
		expect((await patch(endpointId, body, {})).status).toBe(403);
		const wrong = await patch(endpointId, body, { 'Service-Partner-Id': 'someone-else' });
		expect(wrong.status).toBe(403);
		expect(wrong.data.errors[0].code).toBe('invalid_partner_id');
		expect((await sandbox.http.patch(`/register/webhooks/${endpointId}`, body, { headers: { 'Service-Partner-Id': partnerId() } })).status).toBe(401);
	});

	it('answers 404 for an endpoint of another organization and 422 for a missing field', async () => {
		expect((await patch(PARTNER_ENDPOINT_IDS.it, { callback_url: receiver.url, enabled: true, secret: 's' })).status).toBe(404);
		const missing = await patch(endpointId, { callback_url: receiver.url, secret: 's' });
		expect(missing.status).toBe(422);
		expect(missing.data.errors[0].source.pointer).toBe('/enabled');
	});

	it('once enabled, receives every event type of its organization signed over the body; disabled, nothing', async () => {
		const secret = 'partner-sécret-ünïcode';
		const enabled = await patch(endpointId, { callback_url: receiver.url, enabled: true, secret });
		expect(enabled.status).toBe(200);
		expect(enabled.data.webhook_subscription).toMatchObject({ id: endpointId, organization_id: SEED.organizations.fr, callback_url: receiver.url, enabled: true });
		expect(JSON.stringify(enabled.data)).not.toContain(secret);

		const event = (await sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.fr, type: 'v1/memberships', data: { id: 'm1' } })).data.event;
		await webhookDeliverer(sandbox.ctx).settled(event.id);
		expect(receiver.requests).toHaveLength(1);
		const raw = receiver.requests[0].rawBody.toString('utf8');
		expect(JSON.parse(raw).id).toBe(event.id);
		expect(receiver.requests[0].headers['service-sha256-signature']).toBe(hmac(secret, raw));
		expect(receiver.requests[0].headers['x-service-signature']).toBeUndefined();

		expect((await patch(endpointId, { callback_url: receiver.url, enabled: false, secret })).data.webhook_subscription.enabled).toBe(false);
		const later = (await sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.fr, type: 'v1/memberships', data: {} })).data.event;
		await webhookDeliverer(sandbox.ctx).settled(later.id);
		expect(receiver.requests).toHaveLength(1);
		expect(webhookDeliverer(sandbox.ctx).log.some((entry) => entry.event_id === later.id)).toBe(false);
	});

	it('signs with the secret of the last PATCH: after a rotation, new deliveries and the retries of earlier ones carry the new secret', async () => {
		const rotating = await new Receiver().start('/rotating');
		try {
			const [before, after] = ['partner-before-rotation', 'partner-after-rotation'];
			expect((await patch(endpointId, { callback_url: rotating.url, enabled: true, secret: before })).status).toBe(200);
			// The first try fails; the secret is rotated before the service tries again.
			rotating.setHandler(async (_request, index) => {
				if (index > 0) return 200;
				expect((await patch(endpointId, { callback_url: rotating.url, enabled: true, secret: after })).status).toBe(200);
				return 500;
			});
			const event = (await sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.fr, type: 'v1/cards', data: {} })).data.event;
			await webhookDeliverer(sandbox.ctx).settled(event.id);
			const later = (await sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.fr, type: 'v1/cards', data: {} })).data.event;
			await webhookDeliverer(sandbox.ctx).settled(later.id);

			const signatures = rotating.requests.map((request) => [JSON.parse(request.rawBody.toString('utf8')).id, request.headers['service-sha256-signature']]);
			const signed = (secret: string, index: number) => hmac(secret, rotating.requests[index].rawBody.toString('utf8'));
			expect(signatures).toEqual([
				[event.id, signed(before, 0)],
				[event.id, signed(after, 1)],
				[later.id, signed(after, 2)],
			]);
		} finally {
			await patch(endpointId, { callback_url: rotating.url, enabled: false, secret: 'off' });
			await rotating.close();
		}
	});
});
