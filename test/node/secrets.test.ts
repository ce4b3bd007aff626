import type { IDataObject } from 'n8n-workflow';

import { SEED } from '../../sandbox/core/seed';
import { beneficiaryId } from '../../sandbox/modules/beneficiaries/store';
import { webhookDeliverer, webhookStore } from '../../sandbox/modules/webhooks';
import { PARTNER_ENDPOINT_IDS } from '../../sandbox/modules/webhooks/store';
import { connectedCredential } from '../helpers/engine/connectedCredential';
import { CredentialStore } from '../helpers/engine/credentialStore';
import { runNode, type RunNodeResult } from '../helpers/engine/runNode';
import { injectFault } from '../helpers/engine/sandboxControls';
import { captureN8nLogs, type LogCapture } from '../helpers/logCapture';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET, useTestSandbox } from '../helpers/sandbox';
import { SecretScanner } from '../helpers/secretScanner';
import { TriggerHarness } from '../trigger/harness';

/**
 * Secrets never reach what n8n shows or keeps in plain text: the operations and the trigger that
 * handle secrets run inside n8n-core (the engine for the node, HookContext and WebhookContext for the
 * trigger) with every log line captured, failing items included. Every execution's data as n8n
 * stores it (outputs and errors with all their properties), every trigger output and thrown error,
 * and every log line is scanned for every client secret, staging token, access and refresh token,
 * partner and subscription secret and idempotency key used: 0 hits.
 *
 * The tests run in order on one sandbox; each checks everything gathered so far.
 */
// Each test runs several executions (one with retries): generous on a loaded machine.
jest.setTimeout(30_000);

const STAGING_TOKEN = 'staging-token-of-the-secrets-test';
const PARTNER_SECRET = 'partner-webhook-secret-of-the-secrets-test';
const LEGACY_PARAMETER_SECRET = 'secret-left-in-an-old-workflow';

describe('secrets never reach outputs, errors or logs', () => {
	const sandbox = useTestSandbox({ stagingToken: STAGING_TOKEN, deliveryBackoffMs: 5 }, { resetEachTest: false });
	// Any token the sandbox issues, whether or not this test saw it being issued.
	const scanner = new SecretScanner()
		.addPattern('a sandbox access token', /\bat_[A-Za-z0-9_-]{32}/)
		.addPattern('a sandbox refresh token', /\brt_[A-Za-z0-9_-]{32}/);
	let logs: LogCapture;
	let logLinesScanned = 0;

	beforeAll(() => {
		logs = captureN8nLogs();
		scanner.add('client secret', TEST_CLIENT_SECRET).add('staging token', STAGING_TOKEN).add('partner webhook secret', PARTNER_SECRET);
	});
	afterAll(() => logs.stop());

	function credential(fields: IDataObject = {}): CredentialStore {
		const store = new CredentialStore(
			connectedCredential(sandbox, { fields: { partnerId: sandbox.ctx.application.partnerId, partnerWebhookSecret: PARTNER_SECRET, ...fields } }),
		);
		rememberTokens(store);
		return store;
	}

	function rememberTokens(store: CredentialStore): void {
		const tokens = store.data.oauthTokenData as { access_token?: string; refresh_token?: string };
		scanner.add('access token', tokens.access_token).add('refresh token', tokens.refresh_token);
	}

	/** The execution's data as n8n stores it (outputs, errors, the stack of nodes to run), and its error. */
	function rememberRun(label: string, result: RunNodeResult): void {
		rememberTokens(result.credential);
		scanner.inspect(`${label}: execution data`, result.run);
		scanner.inspect(`${label}: error`, result.error);
	}

	/** What the sandbox received that is secret but made by the node: idempotency keys. */
	function rememberSentKeys(): void {
		for (const request of sandbox.ctx.requests.all()) scanner.add('idempotency key', request.headers['x-service-idempotency-key']);
	}

	/** Scans the log lines written since the last call, then everything kept so far. */
	function expectNoSecrets(): void {
		for (const line of logs.lines.slice(logLinesScanned)) scanner.inspect(`n8n log (${line.level}): ${line.message}`, `${line.message} ${line.metadata}`);
		logLinesScanned = logs.lines.length;
		expect(scanner.hits()).toEqual([]);
	}

	const partnerUpdate = { resource: 'webhookSubscription', operation: 'updatePartnerEndpoint', endpointId: '={{ $json.endpoint }}', callbackUrl: '={{ $json.url }}', enabled: true };
	const partnerItems = [
		{ endpoint: PARTNER_ENDPOINT_IDS.fr, url: 'https://partner.example/hooks' },
		// Another organization's endpoint: the API refuses it (404) after the secret was sent.
		{ endpoint: PARTNER_ENDPOINT_IDS.it, url: 'https://partner.example/hooks' },
		// Refused before any request.
		{ endpoint: PARTNER_ENDPOINT_IDS.fr, url: 'http://partner.example/not-https' },
	];

	it('Update Partner Endpoint: a successful item and failing ones, with Continue On Fail and without', async () => {
		const continued = await runNode({ sandbox, credential: credential(), items: partnerItems, node: { parameters: partnerUpdate, continueOnFail: true } });
		expect(continued.items.map((item) => Object.keys(item.json).includes('error'))).toEqual([false, true, true]);
		expect(continued.items[1].json.httpCode).toBe('404');
		rememberRun('partner endpoint, Continue On Fail', continued);

		const stopped = await runNode({ sandbox, credential: credential(), items: partnerItems.slice(1), node: { parameters: partnerUpdate } });
		expect(stopped.error).toMatchObject({ name: 'NodeApiError', httpCode: '404' });
		rememberRun('partner endpoint, stopped', stopped);

		const otherPartnerId = await runNode({ sandbox, credential: credential({ partnerId: 'not-ours' }), items: partnerItems.slice(0, 1), node: { parameters: partnerUpdate } });
		expect(otherPartnerId.error).toMatchObject({ name: 'NodeApiError', httpCode: '403' });
		rememberRun('partner endpoint, another partner id', otherPartnerId);

		// A blank partner ID is refused before any request, naming the credential's field.
		const withoutPartnerId = await runNode({ sandbox, credential: credential({ partnerId: '' }), items: partnerItems.slice(0, 1), node: { parameters: partnerUpdate } });
		expect(withoutPartnerId.error).toMatchObject({ name: 'NodeOperationError', message: "Item 0: Credential 'Business Banking OAuth2 API' › Partner ID is blank" });
		rememberRun('partner endpoint, no partner id', withoutPartnerId);
		expectNoSecrets();
	});

	it('Update Partner Endpoint in a workflow that still holds the old Secret parameter: refused, the value in neither error nor log', async () => {
		const legacy = await runNode({ sandbox, credential: credential(), items: partnerItems.slice(0, 1), node: { parameters: { ...partnerUpdate, secret: LEGACY_PARAMETER_SECRET } } });
		expect(legacy.error?.message).toMatch(/Secret parameter is no longer used/);
		scanner.add('secret left in a node parameter', LEGACY_PARAMETER_SECRET);
		// The workflow itself (n8n's stack of nodes to run) holds the value: that is why the node refuses.
		// Outputs and errors must not copy it.
		scanner.inspect('legacy parameter: outputs and errors', legacy.run.data.resultData);
		scanner.inspect('legacy parameter: error', legacy.error);
		expectNoSecrets();
	});

	it('Webhook Subscription Get: the subscription without its secret, and the error of an unknown one', async () => {
		const api = sandbox.api('fr');
		api.defaults.headers.common['X-Service-Staging-Token'] = STAGING_TOKEN;
		const created = await api.post('/v2/webhook_subscriptions', { webhook_subscription: { callback_url: 'https://hooks.example/banking', types: ['v1/cards'] } });
		expect(created.status).toBe(201);
		const subscription = created.data.webhook_subscription;
		scanner.add('webhook subscription secret', subscription.secret);

		const found = await runNode({ sandbox, credential: credential(), node: { parameters: { resource: 'webhookSubscription', operation: 'get', subscriptionId: subscription.id } } });
		expect(found.items[0].json).toMatchObject({ id: subscription.id, callback_url: 'https://hooks.example/banking' });
		rememberRun('subscription get', found);
		const unknown = await runNode({
			sandbox,
			credential: credential(),
			node: { parameters: { resource: 'webhookSubscription', operation: 'get', subscriptionId: '00000000-0000-4000-8000-000000000000' } },
		});
		expect(unknown.error?.httpCode).toBe('404');
		rememberRun('subscription get, unknown', unknown);
		expectNoSecrets();
	});

	it('External transfers: the idempotency keys of an accepted item, of one the API refuses and of one whose retries run out', async () => {
		const transfer = {
			resource: 'externalTransfer',
			operation: 'create',
			beneficiaryId: { __rl: true, mode: 'id', value: beneficiaryId('fr', 'supplier') },
			debitIban: { __rl: true, mode: 'iban', value: 'FR76 3000 6000 0112 3456 7890 189' },
			amount: '={{ $json.amount }}',
			currency: 'EUR',
			reference: 'Secrets test',
		};
		sandbox.ctx.requests.clear();
		const mixed = await runNode({ sandbox, credential: credential(), items: [{ amount: '10.00' }, { amount: '9999999.00' }], node: { parameters: transfer, continueOnFail: true } });
		expect(mixed.items[0].json.status).toBe('pending');
		expect(String(mixed.items[1].json.error)).toMatch(/available balance/);
		rememberRun('transfers, accepted and refused', mixed);

		await injectFault(sandbox, { method: 'POST', path: '/v2/external_transfers', kind: 'status', status: 503, retryAfter: 0, count: 50 });
		try {
			const exhausted = await runNode({ sandbox, credential: credential(), items: [{ amount: '11.00' }], node: { parameters: transfer } });
			expect(exhausted.error?.httpCode).toBe('503');
			rememberRun('transfer, retries exhausted', exhausted);
		} finally {
			await sandbox.http.delete('/sandbox/faults');
		}
		rememberSentKeys();
		expect(scanner.names()).toContain('idempotency key');
		expectNoSecrets();
	});

	it('OAuth: an expired access token is renewed (the tokens rotate), and a refused renewal asks to reconnect', async () => {
		const advance = () => sandbox.http.post('/sandbox/clock/advance', { seconds: 3601 });
		const getOrganizationClients = { resource: 'client', operation: 'getMany', limit: 1 };

		const store = credential();
		await advance();
		const renewed = await runNode({ sandbox, credential: store, node: { parameters: getOrganizationClients } });
		expect(renewed.error).toBeUndefined();
		expect(store.tokenWrites).toBe(1);
		rememberRun('OAuth refresh', renewed);

		const refused = credential();
		await advance();
		const stolen = (refused.data.oauthTokenData as { refresh_token: string }).refresh_token;
		// Used elsewhere first: this credential's refresh token is spent and no newer one was stored.
		const elsewhere = await sandbox.http.post(
			'/oauth2/token',
			new URLSearchParams({ grant_type: 'refresh_token', refresh_token: stolen, client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET }).toString(),
			{ headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
		);
		scanner.add('access token', elsewhere.data.access_token).add('refresh token', elsewhere.data.refresh_token);
		const reconnect = await runNode({ sandbox, credential: refused, node: { parameters: getOrganizationClients } });
		expect(reconnect.error?.message).toMatch(/needs to be reconnected/);
		rememberRun('OAuth refresh refused', reconnect);
		// Back to real time: timestamped webhook signatures are checked against it.
		sandbox.ctx.clock.reset();
		expectNoSecrets();
	});

	async function emitToFr(type: string): Promise<void> {
		const response = await sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.fr, type, data: { id: `${type}-1` } });
		expect(response.status).toBe(201);
		await webhookDeliverer(sandbox.ctx).settled(response.data.event.id);
	}

	/** The trigger's outputs and everything it threw; its stored secret joins the scanner. */
	async function runTrigger(label: string, trigger: TriggerHarness, steps: () => Promise<void>): Promise<void> {
		try {
			await steps();
		} catch (error) {
			scanner.inspect(`${label}: thrown`, error);
			throw error;
		} finally {
			scanner.inspect(`${label}: outputs`, trigger.executions);
			await trigger.close();
		}
	}

	it('Trigger, subscription mode: activation, a verified delivery, a forged one, a failed and a successful deactivation', async () => {
		const store = credential();
		const trigger = await new TriggerHarness({ parameters: { mode: 'subscription', events: ['v1/cards'], options: {} }, credential: store }).start();
		await runTrigger('trigger, subscription', trigger, async () => {
			await trigger.activate();
			scanner.add('trigger subscription secret', trigger.staticData.secret);
			await emitToFr('v1/cards');
			expect(trigger.executions).toHaveLength(1);
			expect((await trigger.post('{"id":"forged"}', { 'X-Service-Signature': `t=1,v1=${'ab'.repeat(32)}` })).status).toBe(401);
			// A failed deactivation is logged (n8n keeps the trigger registered and tries again later).
			await injectFault(sandbox, { method: 'DELETE', path: '/v2/webhook_subscriptions/*', kind: 'status', status: 500, count: 50 });
			try {
				expect(await trigger.deactivate()).toBe(false);
			} finally {
				await sandbox.http.delete('/sandbox/faults');
			}
			expect(await trigger.deactivate()).toBe(true);
			rememberTokens(store);
		});
		expect(logs.lines.some((line) => line.level === 'warn' && line.message.includes('could not delete the webhook subscription'))).toBe(true);
		expectNoSecrets();
	});

	it('Trigger, partner mode: activation with the credential\'s secret, a verified delivery, a forged one, a refused activation, deactivation', async () => {
		const store = credential();
		const trigger = await new TriggerHarness({ parameters: { mode: 'partner', endpointId: PARTNER_ENDPOINT_IDS.fr, events: ['v1/memberships'], options: {} }, credential: store }).start();
		await runTrigger('trigger, partner', trigger, async () => {
			await trigger.activate();
			// The endpoint signs with the credential's secret (scanned as 'partner webhook secret'); the workflow keeps no copy.
			expect(webhookStore(sandbox.ctx).partnerEndpoints.get(SEED.organizations.fr, PARTNER_ENDPOINT_IDS.fr)?.secret).toBe(PARTNER_SECRET);
			expect(trigger.staticData).not.toHaveProperty('secret');
			await emitToFr('v1/memberships');
			expect(trigger.executions).toHaveLength(1);
			expect((await trigger.post('{"id":"forged"}', { 'Service-SHA256-Signature': 'ab'.repeat(32) })).status).toBe(401);
			expect(await trigger.deactivate()).toBe(true);
			rememberTokens(store);
		});

		const wrongPartner = await new TriggerHarness({
			parameters: { mode: 'partner', endpointId: PARTNER_ENDPOINT_IDS.fr, events: ['v1/memberships'], options: {} },
			credential: credential({ partnerId: 'not-ours' }),
		}).start();
		await runTrigger('trigger, partner refused', wrongPartner, async () => {
			const refused = await wrongPartner.runMethod('create').catch((error: unknown) => error);
			expect(refused).toMatchObject({ httpCode: '403' });
			scanner.inspect('trigger, partner refused: error', refused);
		});
		expectNoSecrets();
	});

	it('everything gathered: every secret used, every output, error and log line, 0 hits', () => {
		expectNoSecrets();
		expect(scanner.names()).toEqual(
			expect.arrayContaining([
				'client secret',
				'staging token',
				'partner webhook secret',
				'access token',
				'refresh token',
				'webhook subscription secret',
				'idempotency key',
				'trigger subscription secret',
				'secret left in a node parameter',
			]),
		);
		// The engine did log the failures, with the errors as metadata: the scan had something to read.
		expect(logs.lines.some((line) => line.message === 'Workflow execution finished with error' && line.metadata.includes('NodeApiError'))).toBe(true);
		expect(scanner.counts.evidence).toBeGreaterThan(30);
	});
});
