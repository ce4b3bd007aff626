// The OAuth server's token endpoint: codes, refresh tokens, and n8n's own OAuth2 client against it.
import { ClientOAuth2 } from '@n8n/client-oauth2';

import { SEED } from '../../sandbox/core/seed';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET, TEST_REDIRECT_URI } from '../helpers/sandbox';
import { useOAuthSandbox } from './oauth-flow';

const HOUR = 60 * 60 * 1000;

describe('OAuth 2.0 authorization server', () => {
	const { sandbox, http, requestIdOf, form, post, codeFor, token, exchange, refresh, organizationWith } = useOAuthSandbox();

	describe('token endpoint: authorization_code', () => {
		it('exchanges a code once; the second use is invalid_grant', async () => {
			const code = await codeFor();
			const first = await exchange(code);
			expect(first.status).toBe(200);
			expect(first.headers['cache-control']).toBe('no-store');
			const second = await exchange(code);
			expect(second.status).toBe(400);
			expect(second.data).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });
		});

		it('expires codes after 10 minutes of sandbox time', async () => {
			const fresh = await codeFor();
			sandbox.ctx.clock.advance(9 * 60 * 1000);
			expect((await exchange(fresh)).status).toBe(200);
			const stale = await codeFor();
			sandbox.ctx.clock.advance(10 * 60 * 1000 + 1000);
			const response = await exchange(stale);
			expect(response.status).toBe(400);
			expect(response.data.error).toBe('invalid_grant');
		});

		it.each([
			['pre-encoded', encodeURIComponent(TEST_REDIRECT_URI)],
			['with a trailing slash', `${TEST_REDIRECT_URI}/`],
			['with a query string', `${TEST_REDIRECT_URI}?a=1`],
		])('refuses a redirect_uri %s with invalid_grant', async (_label, redirectUri) => {
			const response = await exchange(await codeFor(), { redirect_uri: redirectUri });
			expect(response.status).toBe(400);
			expect(response.data.error).toBe('invalid_grant');
		});

		it.each(['grant_type', 'code', 'client_id', 'client_secret', 'redirect_uri'])('answers invalid_request when %s is missing', async (field) => {
			const response = await exchange(await codeFor(), { [field]: undefined });
			expect(response.status).toBe(400);
			expect(response.data.error).toBe('invalid_request');
			expect(response.data.error_description).toContain(field);
		});

		it.each([
			['application/json', JSON.stringify({ grant_type: 'authorization_code' })],
			['text/plain', 'grant_type=authorization_code'],
			['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n'],
		])('answers invalid_request for Content-Type %s', async (contentType, body) => {
			const response = await http().post('/oauth2/token', body, { headers: { 'Content-Type': contentType } });
			expect(response.status).toBe(400);
			expect(response.data.error).toBe('invalid_request');
		});

		it('answers invalid_request for a token request without a body', async () => {
			const response = await http().post('/oauth2/token');
			expect(response.status).toBe(400);
			expect(response.data.error).toBe('invalid_request');
		});

		it('refuses client credentials in a Basic Authorization header with 401 invalid_client, even alongside the body', async () => {
			const code = await codeFor();
			const basic = `Basic ${Buffer.from(`${TEST_CLIENT_ID}:${TEST_CLIENT_SECRET}`).toString('base64')}`;
			const headerOnly = await http().post(
				'/oauth2/token',
				form({ grant_type: 'authorization_code', code, redirect_uri: TEST_REDIRECT_URI }),
				{ headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: basic } },
			);
			expect(headerOnly.status).toBe(401);
			expect(headerOnly.data.error).toBe('invalid_client');
			const both = await http().post(
				'/oauth2/token',
				form({ grant_type: 'authorization_code', code, redirect_uri: TEST_REDIRECT_URI, client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET }),
				{ headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: basic } },
			);
			expect(both.status).toBe(401);
			expect(both.data.error).toBe('invalid_client');
		});

		it('refuses a wrong secret or an unknown client with invalid_client', async () => {
			const code = await codeFor();
			const wrongSecret = await exchange(code, { client_secret: 'not-the-secret' });
			expect(wrongSecret.status).toBe(401);
			expect(wrongSecret.data.error).toBe('invalid_client');
			const unknown = await exchange(code, { client_id: 'someone-else' });
			expect(unknown.status).toBe(401);
			expect(unknown.data.error).toBe('invalid_client');
		});

		it('answers unsupported_grant_type for other grants', async () => {
			for (const grantType of ['client_credentials', 'password', 'implicit']) {
				const response = await token({ grant_type: grantType, client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET });
				expect(response.status).toBe(400);
				expect(response.data.error).toBe('unsupported_grant_type');
			}
		});

		it('logs the token request with the secret and the code redacted', async () => {
			sandbox.ctx.requests.clear();
			await exchange(await codeFor());
			const [logged] = sandbox.ctx.requests.find('POST', '/oauth2/token');
			expect(logged.status).toBe(200);
			expect(logged.headers.authorization).toBeUndefined();
			expect(logged.body).toMatchObject({ grant_type: 'authorization_code', client_id: TEST_CLIENT_ID, client_secret: '[redacted]', code: '[redacted]' });
			expect(JSON.stringify(sandbox.ctx.requests.all())).not.toContain(TEST_CLIENT_SECRET);
		});
	});

	describe('token endpoint: refresh_token', () => {
		it('rotates: the new pair works, the old refresh token is refused at once', async () => {
			const first = (await exchange(await codeFor())).data;
			const rotated = await refresh(first.refresh_token);
			expect(rotated.status).toBe(200);
			expect(rotated.data.refresh_token).toEqual(expect.any(String));
			expect(rotated.data.refresh_token).not.toBe(first.refresh_token);
			expect(rotated.data.scope).toBe(first.scope);
			expect((await organizationWith(rotated.data.access_token)).status).toBe(200);
			const reused = await refresh(first.refresh_token);
			expect(reused.status).toBe(400);
			expect(reused.data.error).toBe('invalid_grant');
			expect((await refresh(rotated.data.refresh_token)).status).toBe(200);
		});

		it('lets exactly one of two concurrent refreshes of the same token succeed', async () => {
			const { refresh_token } = (await exchange(await codeFor())).data;
			const results = await Promise.all([refresh(refresh_token), refresh(refresh_token)]);
			const statuses = results.map((r) => r.status).sort();
			expect(statuses).toEqual([200, 400]);
			expect(results.find((r) => r.status === 400)?.data.error).toBe('invalid_grant');
		});

		it('refuses a refresh token with a wrong client secret, and keeps it usable', async () => {
			const { refresh_token } = (await exchange(await codeFor())).data;
			const wrong = await token({ grant_type: 'refresh_token', refresh_token, client_id: TEST_CLIENT_ID, client_secret: 'bad' });
			expect(wrong.data.error).toBe('invalid_client');
			expect((await refresh(refresh_token)).status).toBe(200);
		});

		it('answers invalid_request without refresh_token and invalid_grant for an unknown one', async () => {
			const missing = await token({ grant_type: 'refresh_token', client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET });
			expect(missing.data.error).toBe('invalid_request');
			expect((await refresh('rt_unknown')).data.error).toBe('invalid_grant');
		});

		it('expires access tokens after 1 hour and refresh tokens after 90 days of sandbox time', async () => {
			const tokens = (await exchange(await codeFor())).data;
			sandbox.ctx.clock.advance(HOUR - 1000);
			expect((await organizationWith(tokens.access_token)).status).toBe(200);
			sandbox.ctx.clock.advance(2000);
			expect((await organizationWith(tokens.access_token)).status).toBe(401);
			const rotated = await refresh(tokens.refresh_token);
			expect(rotated.status).toBe(200);
			sandbox.ctx.clock.advance(90 * 24 * HOUR + 1000);
			const expired = await refresh(rotated.data.refresh_token);
			expect(expired.status).toBe(400);
			expect(expired.data.error).toBe('invalid_grant');
		});
	});

	describe("n8n's OAuth2 client (@n8n/client-oauth2) with authentication 'body'", () => {
		it('builds an authorization URL the sandbox accepts, exchanges the code and refreshes with credentials in the body', async () => {
			const scopes = ['offline_access', 'organization.read', 'clients.read'];
			const client = new ClientOAuth2({
				clientId: TEST_CLIENT_ID,
				accessTokenUri: `${sandbox.url}/oauth2/token`,
				authorizationUri: `${sandbox.url}/oauth2/auth`,
				redirectUri: TEST_REDIRECT_URI,
				scopes,
				state: 'n8n-state',
				authentication: 'body',
			});
			const authorizationUrl = new URL(client.code.getUri());
			expect(authorizationUrl.searchParams.get('scope')).toBe(scopes.join(' '));
			const page = await http().get(`${authorizationUrl.pathname}${authorizationUrl.search}`);
			expect(page.status).toBe(200);
			const requestId = requestIdOf(page.data);
			await post('/oauth2/auth/sign-in', { request_id: requestId, email: SEED.userEmail, password: SEED.userPassword });
			const redirect = await post('/oauth2/auth/consent', { request_id: requestId, organization_id: SEED.organizations.fr, decision: 'allow' });

			sandbox.ctx.requests.clear();
			// As n8n's callback does for 'body': no secret on the client, both credentials in the body.
			const token = await client.code.getToken(redirect.headers.location, {
				body: { client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET },
			});
			expect(token.accessToken).toEqual(expect.any(String));
			expect(token.refreshToken).toEqual(expect.any(String));
			const [exchangeRequest] = sandbox.ctx.requests.find('POST', '/oauth2/token');
			expect(exchangeRequest.headers['content-type']).toContain('application/x-www-form-urlencoded');
			expect(exchangeRequest.headers.authorization).toBeUndefined();

			const refresher = new ClientOAuth2({
				clientId: TEST_CLIENT_ID,
				clientSecret: TEST_CLIENT_SECRET,
				accessTokenUri: `${sandbox.url}/oauth2/token`,
				authentication: 'body',
			});
			const refreshed = await refresher.createToken(token.data).refresh();
			expect(refreshed.refreshToken).not.toBe(token.refreshToken);
			expect((await organizationWith(refreshed.accessToken)).status).toBe(200);
			await expect(refresher.createToken(token.data).refresh()).rejects.toThrow();
		});
	});
});
