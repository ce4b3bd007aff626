import { SEED } from '../../sandbox/core/seed';
import { webhookStore } from '../../sandbox/modules/webhooks';
import { PARTNER_ENDPOINT_IDS } from '../../sandbox/modules/webhooks/store';
import { clearSeenRequests, runNode, seenRequests } from '../helpers/engine';
import { useTestSandbox } from '../helpers/sandbox';

const SECRET = 'partner-secret-never-shown-42';
const webhook = (operation: string, parameters: Record<string, unknown> = {}) => ({ parameters: { resource: 'webhookSubscription', operation, ...parameters } });

describe('Business Banking node, Webhook Subscription resource (n8n engine → sandbox over HTTP)', () => {
	const sandbox = useTestSandbox();
	beforeEach(() => clearSeenRequests(sandbox));

	describe('Get', () => {
		it('outputs the subscription the API answers (unwrapped), never its secret', async () => {
			const created = await sandbox.api('fr').post('/v2/webhook_subscriptions', {
				webhook_subscription: { callback_url: 'https://hooks.example/banking', types: ['v1/cards', 'v1/accounts'], description: 'Cards and accounts' },
			});
			expect(created.data.webhook_subscription.secret).toEqual(expect.any(String));
			const id = created.data.webhook_subscription.id;
			await clearSeenRequests(sandbox);
			const { items, error } = await runNode({ sandbox, node: webhook('get', { subscriptionId: id }) });
			expect(error).toBeUndefined();
			const requests = await seenRequests(sandbox, { path: '/v2/*' });
			expect(requests.map((r) => [r.method, r.path, r.status])).toEqual([['GET', `/v2/webhook_subscriptions/${id}`, 200]]);
			expect(items.map((item) => item.json)).toEqual([
				expect.objectContaining({
					id,
					organization_id: SEED.organizations.fr,
					callback_url: 'https://hooks.example/banking',
					types: ['v1/cards', 'v1/accounts'],
					description: 'Cards and accounts',
				}),
			]);
			expect(items[0].json).not.toHaveProperty('secret');
			expect(JSON.stringify(items)).not.toContain(created.data.webhook_subscription.secret);
		});

		it('an unknown subscription is the API’s 404; a malformed ID is refused before any request', async () => {
			const unknown = await runNode({ sandbox, node: webhook('get', { subscriptionId: '00000000-0000-4000-8000-000000000000' }) });
			expect(unknown.error?.name).toBe('NodeApiError');
			expect(unknown.error?.httpCode).toBe('404');
			await clearSeenRequests(sandbox);
			const malformed = await runNode({ sandbox, node: webhook('get', { subscriptionId: 'sub_123' }) });
			expect(malformed.error?.message).toBe('Item 0: Subscription ID (subscriptionId) must be an ID (a UUID), got "sub_123"');
			expect(await seenRequests(sandbox, { path: '/v2/*' })).toHaveLength(0);
		});
	});

	describe('Update Partner Endpoint', () => {
		const update = (parameters: Record<string, unknown> = {}) =>
			webhook('updatePartnerEndpoint', { endpointId: PARTNER_ENDPOINT_IDS.fr, callbackUrl: 'https://partner.example/hooks', enabled: true, secret: SECRET, ...parameters });

		it('PATCHes the register address with Service-Partner-Id; the endpoint is on with the new secret; the output holds no secret', async () => {
			const { items, error } = await runNode({ sandbox, credentialOptions: { fields: { partnerId: 'partner-sandbox' } }, node: update() });
			expect(error).toBeUndefined();
			const [patched] = await seenRequests(sandbox, { method: 'PATCH', path: `/register/webhooks/${PARTNER_ENDPOINT_IDS.fr}` });
			expect(patched.headers['service-partner-id']).toBe('partner-sandbox');
			expect(patched.headers.authorization).toBe('Bearer [redacted]');
			expect(patched.body).toEqual({ callback_url: 'https://partner.example/hooks', enabled: true, secret: '[redacted]' });
			expect(patched.status).toBe(200);
			const stored = webhookStore(sandbox.ctx).partnerEndpoints.get(SEED.organizations.fr, PARTNER_ENDPOINT_IDS.fr);
			expect(stored).toMatchObject({ callback_url: 'https://partner.example/hooks', enabled: true, secret: SECRET });
			expect(items.map((item) => item.json)).toEqual([expect.objectContaining({ id: PARTNER_ENDPOINT_IDS.fr, callback_url: 'https://partner.example/hooks', enabled: true })]);
			expect(JSON.stringify(items)).not.toContain(SECRET);
		});

		it('turns the endpoint off', async () => {
			await runNode({ sandbox, credentialOptions: { fields: { partnerId: 'partner-sandbox' } }, node: update() });
			const { items } = await runNode({ sandbox, credentialOptions: { fields: { partnerId: 'partner-sandbox' } }, node: update({ enabled: false }) });
			expect(items[0].json.enabled).toBe(false);
			expect(webhookStore(sandbox.ctx).partnerEndpoints.get(SEED.organizations.fr, PARTNER_ENDPOINT_IDS.fr)?.enabled).toBe(false);
		});

		it('without the partner id in the credential, the API’s 403 reaches the user and the secret appears nowhere in the error', async () => {
			const { error } = await runNode({ sandbox, node: update() });
			expect(error?.name).toBe('NodeApiError');
			expect(error?.httpCode).toBe('403');
			expect(error?.message).toContain('Service-Partner-Id');
			// n8n records the failing node's own definition (its parameters) with the error: everything else is ours.
			const { node: _node, ...ours } = error as unknown as Record<string, unknown>;
			expect(Object.keys(ours)).toEqual(expect.arrayContaining(['message', 'description', 'context']));
			expect(JSON.stringify(ours)).not.toContain(SECRET);
			expect(webhookStore(sandbox.ctx).partnerEndpoints.get(SEED.organizations.fr, PARTNER_ENDPOINT_IDS.fr)?.enabled).toBe(false);
		});

		it.each([
			[{ callbackUrl: 'http://partner.example/hooks' }, 'Item 0: Callback URL (callback_url) must start with https:// (http:// only for localhost, 127.0.0.1 or [::1])'],
			[{ secret: '={{ "" }}' }, 'Item 0: Secret (secret) is required'],
			[{ endpointId: 'endpoint-1' }, 'Item 0: Endpoint ID (endpointId) must be an ID (a UUID), got "endpoint-1"'],
		])('refuses %j before any request', async (parameters, message) => {
			const { error } = await runNode({ sandbox, credentialOptions: { fields: { partnerId: 'partner-sandbox' } }, node: update(parameters) });
			expect(error?.name).toBe('NodeOperationError');
			expect(error?.message).toBe(message);
			expect(await seenRequests(sandbox, { path: '/register/*' })).toHaveLength(0);
		});
	});
});
