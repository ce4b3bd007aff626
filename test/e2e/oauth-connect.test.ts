// In a real n8n with the packed package installed: connect the credential through the sandbox's
// consent page in a real browser, run a workflow with it, and see n8n save a rotated refresh token.
import { SEED } from '../../sandbox/core/seed';
import type { TestSandbox } from '../helpers/sandbox';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET } from '../helpers/sandbox';
import { connectThroughBrowser } from './helpers/browser';
import { describeInN8n, E2eN8n } from './helpers/n8n';
import { clearRequestLog, connectedCredentialData, credentialData, requestsTo, startE2eSandbox } from './helpers/sandbox';
import { manualWorkflow } from './helpers/workflows';

jest.setTimeout(10 * 60_000);

describeInN8n('OAuth2 credential in a real n8n', (state) => {
	let sandbox: TestSandbox;
	let n8n: E2eN8n;
	let credential: { id: string; name: string };
	let workflowId: string;

	beforeAll(async () => {
		n8n = E2eN8n.fromState(state);
		sandbox = await startE2eSandbox(n8n.url);
		if (state.browserSkipReason) {
			// Without a browser the later tests still run, on a credential imported already connected.
			credential = await n8n.importCredential('Business Banking (e2e, no browser)', connectedCredentialData(sandbox, 'it'));
		}
	});

	// Only when Chromium could not be installed at all (printed by the global setup and here).
	const itWithBrowser = state.browserSkipReason ? it.skip : it;
	if (state.browserSkipReason) process.stderr.write(`\n[e2e] SKIPPED the consent-page test: ${state.browserSkipReason}\n`);

	afterAll(async () => {
		await sandbox?.close();
		n8n?.cleanup();
	});

	itWithBrowser('connects through the consent page (sign in, pick an organization) and stores both tokens', async () => {
		if (!state.chromiumPath) throw new Error('the global setup found no Chromium');
		const created = await n8n.client.publicApi<{ id: string; name: string }>('POST', '/credentials', {
			name: 'Business Banking (e2e browser)',
			type: 'businessBankingOAuth2Api',
			data: credentialData(sandbox),
		});
		credential = { id: created.id, name: created.name };

		const result = await connectThroughBrowser({
			chromiumPath: state.chromiumPath,
			n8nUrl: n8n.url,
			owner: state.n8n.owner,
			credentialId: credential.id,
			email: SEED.userEmail,
			password: SEED.userPassword,
			organizationId: SEED.organizations.it,
		});

		const authUrl = new URL(result.authUrl);
		expect(`${authUrl.origin}${authUrl.pathname}`).toBe(`${sandbox.url}/oauth2/auth`);
		expect(authUrl.searchParams.get('client_id')).toBe(TEST_CLIENT_ID);
		expect(authUrl.searchParams.get('redirect_uri')).toBe(`${n8n.url}/rest/oauth2-credential/callback`);
		expect(authUrl.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['offline_access', 'clients.read', 'webhooks.write']));
		expect(new URL(result.finalUrl).pathname).toBe('/rest/oauth2-credential/callback');
		expect(result.finalText).not.toMatch(/error/i);

		// n8n exchanged the code from its backend, client credentials in the form body (never Basic).
		const [exchange] = await requestsTo(sandbox, 'POST', '/oauth2/token');
		expect(exchange.status).toBe(200);
		expect(exchange.body).toMatchObject({ grant_type: 'authorization_code', client_id: TEST_CLIENT_ID, client_secret: '[redacted]' });
		expect(exchange.headers.authorization).toBeUndefined();

		const stored = await n8n.exportCredential(credential.id);
		expect(stored.oauthTokenData).toEqual(
			expect.objectContaining({ access_token: expect.stringMatching(/^at_/), refresh_token: expect.stringMatching(/^rt_/) }),
		);
	});

	it('runs a workflow with the connected credential, on the organization picked at consent', async () => {
		if (!credential) throw new Error('the connect test did not create the credential');
		await clearRequestLog(sandbox);
		workflowId = await n8n.importWorkflow(
			manualWorkflow('e2e: list clients', { resource: 'client', operation: 'getMany', returnAll: false, limit: 3 }, credential),
		);
		const execution = await n8n.execute(workflowId);
		expect(execution.stderr).not.toMatch(/NodeApiError|NodeOperationError/);
		expect(execution.code).toBe(0);

		const expected = await sandbox.api('it').get('/v2/clients', { params: { per_page: 3, sort_by: 'name:asc' } });
		const names = execution.run?.items('Business Banking').map((client) => client.name);
		expect(names).toEqual((expected.data.clients as Array<{ name: string }>).map((client) => client.name));
		expect(names?.length).toBeGreaterThan(0);

		const calls = await requestsTo(sandbox, 'GET', '/v2/clients');
		expect(calls.length).toBeGreaterThan(0);
		expect(calls[0].headers.authorization).toBe('Bearer [redacted]');
	});

	it('saves the rotated refresh token when the access token has expired', async () => {
		if (!workflowId) throw new Error('the workflow test did not run');
		const before = (await n8n.exportCredential(credential.id)).oauthTokenData as { access_token: string; refresh_token: string };
		await clearRequestLog(sandbox);
		const advanced = await sandbox.http.post('/sandbox/clock/advance', { seconds: 3700 });
		expect(advanced.status).toBe(200);

		const execution = await n8n.execute(workflowId);
		expect(execution.code).toBe(0);
		expect(execution.run?.items('Business Banking').length).toBeGreaterThan(0);

		const refreshes = await requestsTo(sandbox, 'POST', '/oauth2/token');
		expect(refreshes.map((request) => [(request.body as { grant_type: string }).grant_type, request.status])).toEqual([['refresh_token', 200]]);

		const after = (await n8n.exportCredential(credential.id)).oauthTokenData as { access_token: string; refresh_token: string };
		expect(after.refresh_token).toMatch(/^rt_/);
		expect(after.refresh_token).not.toBe(before.refresh_token);
		expect(after.access_token).not.toBe(before.access_token);
		// The old refresh token was used up: only the saved one can refresh now.
		const reuse = await sandbox.http.post(
			'/oauth2/token',
			new URLSearchParams({ grant_type: 'refresh_token', refresh_token: before.refresh_token, client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET }).toString(),
			{ headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
		);
		expect(reuse.data.error).toBe('invalid_grant');
	});
});
