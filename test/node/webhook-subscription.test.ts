import { NodeHelpers, type INode, type INodeParameters } from 'n8n-workflow';

import { BusinessBanking } from '../../nodes/BusinessBanking/BusinessBanking.node';
import { SEED } from '../../sandbox/core/seed';
import { webhookStore } from '../../sandbox/modules/webhooks';
import { PARTNER_ENDPOINT_IDS } from '../../sandbox/modules/webhooks/store';
import { runNode } from '../helpers/engine/runNode';
import { clearSeenRequests, seenRequests } from '../helpers/engine/sandboxControls';
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
			webhook('updatePartnerEndpoint', { endpointId: PARTNER_ENDPOINT_IDS.fr, callbackUrl: 'https://partner.example/hooks', enabled: true, ...parameters });
		const partner = { fields: { partnerId: 'partner-sandbox', partnerWebhookSecret: SECRET } };

		it('PATCHes the register address with Service-Partner-Id and the credential\'s secret; the endpoint is on with it; the output holds no secret', async () => {
			const { items, error } = await runNode({ sandbox, credentialOptions: partner, node: update() });
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
			await runNode({ sandbox, credentialOptions: partner, node: update() });
			const { items } = await runNode({ sandbox, credentialOptions: partner, node: update({ enabled: false }) });
			expect(items[0].json.enabled).toBe(false);
			expect(webhookStore(sandbox.ctx).partnerEndpoints.get(SEED.organizations.fr, PARTNER_ENDPOINT_IDS.fr)?.enabled).toBe(false);
		});

		it('with a partner id that is not the application\'s, the API’s 403 reaches the user and the secret appears nowhere in the error', async () => {
			const { error } = await runNode({ sandbox, credentialOptions: { fields: { partnerId: 'not-ours', partnerWebhookSecret: SECRET } }, node: update() });
			expect(error?.name).toBe('NodeApiError');
			expect(error?.httpCode).toBe('403');
			expect(error?.message).toContain('Service-Partner-Id');
			// n8n records the failing node's definition (its parameters) with the error: the secret is not one of them.
			expect(Object.keys(error!)).toEqual(expect.arrayContaining(['message', 'description', 'context', 'node']));
			expect(JSON.stringify(error)).not.toContain(SECRET);
			expect(webhookStore(sandbox.ctx).partnerEndpoints.get(SEED.organizations.fr, PARTNER_ENDPOINT_IDS.fr)?.enabled).toBe(false);
		});

		it.each([
			['no secret', {}, 'Partner Webhook Secret is blank'],
			['a secret of only spaces', { partnerWebhookSecret: '    ' }, 'Partner Webhook Secret is blank'],
			['a secret of only a tab and a line break', { partnerWebhookSecret: '\t\n' }, 'Partner Webhook Secret is blank'],
			['no partner id', { partnerId: '', partnerWebhookSecret: SECRET }, 'Partner ID is blank'],
		])('refuses to run with %s in the credential, naming its field, before any request', async (_case, fields, problem) => {
			const { error } = await runNode({ sandbox, credentialOptions: { fields: { partnerId: 'partner-sandbox', ...fields } }, node: update() });
			expect(error?.name).toBe('NodeOperationError');
			expect(error?.message).toBe(`Item 0: Credential 'Business Banking OAuth2 API' › ${problem}`);
			expect(error?.description).toBe('Open the credential "Business Banking account", correct the field and save it: nothing was sent.');
			expect(JSON.stringify(error)).not.toContain(SECRET);
			expect(await seenRequests(sandbox, { path: '/register/*' })).toHaveLength(0);
		});

		it('sends a secret with spaces around it as it is (spaces may be part of a secret)', async () => {
			const spaced = `  ${SECRET}  `;
			const { error } = await runNode({ sandbox, credentialOptions: { fields: { partnerId: ' partner-sandbox ', partnerWebhookSecret: spaced } }, node: update() });
			expect(error).toBeUndefined();
			const [patched] = await seenRequests(sandbox, { method: 'PATCH', path: '/register/*' });
			expect(patched.headers['service-partner-id']).toBe('partner-sandbox');
			expect(webhookStore(sandbox.ctx).partnerEndpoints.get(SEED.organizations.fr, PARTNER_ENDPOINT_IDS.fr)?.secret).toBe(spaced);
		});

		it('refuses a workflow of an older version that holds the secret as a parameter, pointing to the credential and never echoing the value', async () => {
			const legacy = 'old-secret-in-the-workflow-77';
			const { error } = await runNode({ sandbox, credentialOptions: partner, node: update({ secret: legacy }) });
			expect(error?.name).toBe('NodeOperationError');
			expect(error?.message).toBe(
				'Item 0: the node\'s Secret parameter is no longer used: enter the secret in the credential "Business Banking account" (Partner Webhook Secret), then clear "Secret (No Longer Used)" in this node',
			);
			// The error n8n stores carries the node's definition, without that parameter.
			expect((error as unknown as { node: INode }).node.parameters).toMatchObject({ endpointId: PARTNER_ENDPOINT_IDS.fr });
			expect(JSON.stringify(error)).not.toContain(legacy);
			expect(await seenRequests(sandbox, { path: '/register/*' })).toHaveLength(0);
			expect(webhookStore(sandbox.ctx).partnerEndpoints.get(SEED.organizations.fr, PARTNER_ENDPOINT_IDS.fr)?.secret).not.toBe(legacy);
		});

		it('shows the old Secret field only while a workflow still holds a value in it', () => {
			const node = new BusinessBanking();
			const parameters = (values: INodeParameters) =>
				NodeHelpers.getNodeParameters(node.description.properties, { resource: 'webhookSubscription', operation: 'updatePartnerEndpoint', ...values }, false, false, null, null);
			expect(parameters({ secret: 'old' })).toHaveProperty('secret', 'old');
			expect(parameters({ secret: '' })).not.toHaveProperty('secret');
			expect(parameters({})).not.toHaveProperty('secret');
		});

		it.each([
			[{ callbackUrl: 'http://partner.example/hooks' }, 'Item 0: Callback URL (callback_url) must start with https:// (http:// only for localhost, 127.0.0.1 or [::1])'],
			[{ endpointId: 'endpoint-1' }, 'Item 0: Endpoint ID (endpointId) must be an ID (a UUID), got "endpoint-1"'],
		])('refuses %j before any request', async (parameters, message) => {
			const { error } = await runNode({ sandbox, credentialOptions: partner, node: update(parameters) });
			expect(error?.name).toBe('NodeOperationError');
			expect(error?.message).toBe(message);
			expect(await seenRequests(sandbox, { path: '/register/*' })).toHaveLength(0);
		});
	});
});
