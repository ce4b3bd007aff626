// The transport inside n8n's engine: tokens (refresh, a lost refresh race, reconnect), a missing scope, the staging
// token and headers. Retries and idempotency keys: transportRetries.test.ts.
import { connectedCredential } from '../helpers/engine/connectedCredential';
import { CredentialStore } from '../helpers/engine/credentialStore';
import { runNode } from '../helpers/engine/runNode';
import { clearSeenRequests, seenRequests } from '../helpers/engine/sandboxControls';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET } from '../helpers/sandbox';
import { createCompany, getClient, probe, useTransportSandbox } from './transportProbe';

describe('transport inside the n8n engine: tokens, retries, errors', () => {
	const { sandbox, client } = useTransportSandbox();

	const advanceClock = (seconds: number) => sandbox.http.post('/sandbox/clock/advance', { seconds });
	const refreshDirectly = (refreshToken: string) =>
		sandbox.http.post(
			'/oauth2/token',
			new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET }).toString(),
			{ headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
		);
	const tokens = (store: CredentialStore) => store.data.oauthTokenData as { access_token: string; refresh_token: string };

	it('refreshes an expired access token transparently and persists the rotated tokens', async () => {
		const credential = new CredentialStore(connectedCredential(sandbox));
		const before = { ...tokens(credential) };
		await advanceClock(3601);

		const { items, error } = await runNode({ sandbox, credential, node: getClient(client.id) });
		expect(error).toBeUndefined();
		expect(items[0].json.id).toBe(client.id);

		const gets = await seenRequests(sandbox, { method: 'GET', path: `/v2/clients/${client.id}` });
		expect(gets.map((request) => request.status)).toEqual([401, 200]);
		const [refresh] = await seenRequests(sandbox, { path: '/oauth2/token' });
		expect(refresh.body).toMatchObject({ grant_type: 'refresh_token', client_id: TEST_CLIENT_ID });
		expect(refresh.headers.authorization).toBeUndefined(); // client credentials in the body, never Basic
		expect(refresh.status).toBe(200);

		expect(credential.tokenWrites).toBe(1);
		expect(tokens(credential).access_token).not.toBe(before.access_token);
		expect(tokens(credential).refresh_token).not.toBe(before.refresh_token);
		expect((await refreshDirectly(before.refresh_token)).data.error).toBe('invalid_grant');

		// The next execution uses the stored token as is.
		await clearSeenRequests(sandbox);
		await runNode({ sandbox, credential, node: getClient(client.id) });
		expect((await seenRequests(sandbox)).map((request) => [request.path, request.status])).toEqual([[`/v2/clients/${client.id}`, 200]]);
	});

	it('recovers from a lost refresh race by reading the credential again', async () => {
		const credential = new CredentialStore(connectedCredential(sandbox));
		const stale = structuredClone(credential.data);
		await advanceClock(3601);
		// Another execution refreshed first and stored the new tokens; this one still holds the old ones
		// for its first two reads: the run's one read (n8n's signing gets that same copy), and n8n's
		// pre-refresh check. The third read, after the refused refresh, sees the winner's tokens.
		const winner = await refreshDirectly(tokens(credential).refresh_token);
		expect(winner.status).toBe(200);
		credential.data = { ...credential.data, oauthTokenData: winner.data };
		credential.serveStale(stale, 2);

		const { items, error } = await runNode({ sandbox, credential, node: getClient(client.id) });
		expect(error).toBeUndefined();
		expect(items[0].json.id).toBe(client.id);
		const refreshes = await seenRequests(sandbox, { path: '/oauth2/token' });
		expect(refreshes.map((request) => request.status)).toEqual([200, 400]); // the winner's, then ours refused
		const gets = await seenRequests(sandbox, { method: 'GET', path: `/v2/clients/${client.id}` });
		expect(gets.map((request) => request.status)).toEqual([401, 200]);
		expect(tokens(credential).refresh_token).toBe(winner.data.refresh_token);
	});

	it('asks to reconnect when the refresh token is refused and no newer one exists', async () => {
		const credential = new CredentialStore(connectedCredential(sandbox));
		await advanceClock(3601);
		await refreshDirectly(tokens(credential).refresh_token); // used elsewhere, new tokens never stored

		const { error } = await runNode({ sandbox, credential, node: getClient(client.id) });
		expect(error?.message).toBe('The credential "Business Banking account" needs to be reconnected');
		expect(error?.description).toMatch(/Reconnect/);
		expect(JSON.stringify(error)).not.toContain(tokens(credential).refresh_token);
		const refreshes = await seenRequests(sandbox, { path: '/oauth2/token' });
		expect(refreshes.map((request) => request.status)).toEqual([200, 400, 400]); // re-read and tried once more
	});


	it('names the missing scope on a 403 and says to reconnect', async () => {
		const { error } = await runNode({
			sandbox,
			credentialOptions: { scopes: ['offline_access', 'clients.read'] },
			node: createCompany('Sans Droit SAS'),
		});
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toBe('Missing permission: This operation needs the OAuth scope clients.write');
		expect(error?.description).toMatch(/Reconnect the credential "Business Banking account"/);
	});

	it('sends the staging token, JSON headers, and Service-Partner-Id on the partner API', async () => {
		await runNode({
			sandbox,
			credentialOptions: { fields: { partnerId: 'partner-sandbox' } },
			node: probe({ method: 'GET', path: '/register/webhooks/00000000-0000-4000-8000-000000000000', server: 'register' }),
		});
		await runNode({ sandbox, node: probe({ method: 'GET', path: '/organization' }) });
		const [partner, organization] = await seenRequests(sandbox);
		expect(partner.path).toBe('/register/webhooks/00000000-0000-4000-8000-000000000000');
		expect(partner.headers['service-partner-id']).toBe('partner-sandbox');
		expect(organization.headers).toMatchObject({ accept: 'application/json', 'x-service-staging-token': '[redacted]', authorization: 'Bearer [redacted]' });
		expect(organization.headers['service-partner-id']).toBeUndefined();
		expect(organization.status).toBe(200);
	});

	it('reports a wrong staging token as such (and keeps the token out of the message)', async () => {
		const { error } = await runNode({ sandbox, credentialOptions: { fields: { stagingToken: 'wrong-staging' } }, node: getClient(client.id) });
		expect(error?.httpCode).toBe('401');
		expect(error?.message).toBe('The service refused the staging token: check "Staging Token" in the credential "Business Banking account"');
		expect(JSON.stringify(error)).not.toContain('wrong-staging');
	});
});
