import { ClientOAuth2 } from '@n8n/client-oauth2';
import axios, { type AxiosResponse } from 'axios';

import { SEED } from '../../sandbox/core/seed';
import { SANDBOX_REGISTRATION_IDS } from '../../sandbox/modules/oauth';
import { startTestSandbox, TEST_CLIENT_ID, TEST_CLIENT_SECRET, TEST_REDIRECT_URI, type TestSandbox } from '../helpers/sandbox';

const HOUR = 60 * 60 * 1000;

describe('OAuth 2.0 authorization server', () => {
	let sandbox: TestSandbox;
	beforeAll(async () => {
		sandbox = await startTestSandbox();
	});
	afterAll(() => sandbox.close());
	afterEach(() => sandbox.reset());

	const http = () => axios.create({ baseURL: sandbox.url, validateStatus: () => true, maxRedirects: 0 });

	function authorizeUrl(params: Record<string, string | undefined>): string {
		const query = new URLSearchParams();
		const all = { client_id: TEST_CLIENT_ID, redirect_uri: TEST_REDIRECT_URI, response_type: 'code', ...params };
		for (const [key, value] of Object.entries(all)) if (value !== undefined) query.set(key, value);
		return `/oauth2/auth?${query.toString()}`;
	}

	const requestIdOf = (html: string) => {
		const match = /name="request_id" value="([^"]+)"/.exec(html);
		if (!match) throw new Error(`no request_id in page: ${html.slice(0, 200)}`);
		return match[1];
	};

	const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
	const post = (path: string, fields: Record<string, string>) =>
		http().post(path, form(fields), { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });

	/** GET the page, sign in, and (when the picker shows) pick the organization. Returns the final response. */
	async function consent(params: Record<string, string | undefined>, organization?: string): Promise<AxiosResponse> {
		const page = await http().get(authorizeUrl(params));
		expect(page.status).toBe(200);
		const requestId = requestIdOf(page.data);
		const signedIn = await post('/oauth2/auth/sign-in', { request_id: requestId, email: SEED.userEmail, password: SEED.userPassword });
		if (signedIn.status !== 200) return signedIn;
		return post('/oauth2/auth/consent', { request_id: requestId, organization_id: organization ?? SEED.organizations.fr, decision: 'allow' });
	}

	async function codeFor(params: Record<string, string | undefined> = {}, organization?: string): Promise<string> {
		const response = await consent({ scope: 'offline_access organization.read clients.read', state: 's1', ...params }, organization);
		expect(response.status).toBe(302);
		return new URL(response.headers.location).searchParams.get('code') as string;
	}

	const token = (fields: Record<string, string | undefined>) =>
		post('/oauth2/token', Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<string, string>);

	const exchange = (code: string, overrides: Record<string, string | undefined> = {}) =>
		token({
			grant_type: 'authorization_code',
			code,
			client_id: TEST_CLIENT_ID,
			client_secret: TEST_CLIENT_SECRET,
			redirect_uri: TEST_REDIRECT_URI,
			...overrides,
		});

	const refresh = (refreshToken: string) =>
		token({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET });

	const organizationWith = (accessToken: string) =>
		http().get('/organization', { headers: { Authorization: `Bearer ${accessToken}` } });

	describe('consent pages', () => {
		it('walks sign-in and the organization picker with plain HTTP, then redirects with code and the state unchanged', async () => {
			const state = 'a b+c/=&ü<é>';
			const page = await http().get(authorizeUrl({ scope: 'offline_access organization.read clients.read', state }));
			expect(page.status).toBe(200);
			expect(page.headers['content-type']).toContain('text/html');
			expect(page.data).toContain('n8n (sandbox application)');
			expect(page.data).toContain('Read clients');
			expect(page.data).toContain('Stay connected (refresh token)');
			expect(page.data).not.toContain('Create and update clients');
			const requestId = requestIdOf(page.data);

			const wrong = await post('/oauth2/auth/sign-in', { request_id: requestId, email: SEED.userEmail, password: 'nope' });
			expect(wrong.status).toBe(401);
			expect(wrong.data).toContain('The e-mail or the password is wrong.');

			const picker = await post('/oauth2/auth/sign-in', { request_id: requestId, email: 'OWNER@example.com', password: SEED.userPassword });
			expect(picker.status).toBe(200);
			for (const name of ['Atelier Lumière SAS', 'Bottega Verdi S.r.l.', 'Lucía García', 'Kontor Nord GmbH']) {
				expect(picker.data).toContain(name);
			}
			expect(picker.data).toContain(`value="${SEED.organizations.it}"`);

			const redirect = await post('/oauth2/auth/consent', { request_id: requestId, organization_id: SEED.organizations.it, decision: 'allow' });
			expect(redirect.status).toBe(302);
			const location = new URL(redirect.headers.location);
			expect(`${location.origin}${location.pathname}`).toBe(TEST_REDIRECT_URI);
			expect(location.searchParams.get('state')).toBe(state);
			const code = location.searchParams.get('code') as string;
			expect(code).toBeTruthy();

			const tokens = await exchange(code);
			expect(tokens.status).toBe(200);
			const organization = await organizationWith(tokens.data.access_token);
			expect(organization.data.organization.id).toBe(SEED.organizations.it);
		});

		it('cannot be replayed once the code is issued', async () => {
			const page = await http().get(authorizeUrl({ state: 'x' }));
			const requestId = requestIdOf(page.data);
			await post('/oauth2/auth/sign-in', { request_id: requestId, email: SEED.userEmail, password: SEED.userPassword });
			const first = await post('/oauth2/auth/consent', { request_id: requestId, organization_id: SEED.organizations.fr, decision: 'allow' });
			expect(first.status).toBe(302);
			const again = await post('/oauth2/auth/consent', { request_id: requestId, organization_id: SEED.organizations.fr, decision: 'allow' });
			expect(again.status).toBe(400);
			expect(again.headers.location).toBeUndefined();
		});

		it('escapes what it echoes into the page', async () => {
			const page = await http().get(authorizeUrl({}));
			const response = await post('/oauth2/auth/sign-in', { request_id: requestIdOf(page.data), email: '"><script>alert(1)</script>', password: 'x' });
			expect(response.status).toBe(401);
			expect(response.data).not.toContain('<script>alert(1)</script>');
			expect(response.data).toContain('&quot;&gt;&lt;script&gt;');
		});

		it('redirects with access_denied and the state when the user denies', async () => {
			const page = await http().get(authorizeUrl({ state: 'deny-me' }));
			const requestId = requestIdOf(page.data);
			await post('/oauth2/auth/sign-in', { request_id: requestId, email: SEED.userEmail, password: SEED.userPassword });
			const response = await post('/oauth2/auth/consent', { request_id: requestId, decision: 'deny' });
			expect(response.status).toBe(302);
			const location = new URL(response.headers.location);
			expect(location.searchParams.get('error')).toBe('access_denied');
			expect(location.searchParams.get('state')).toBe('deny-me');
			expect(location.searchParams.get('code')).toBeNull();
		});

		it('refuses an organization the user does not belong to in the picker', async () => {
			const page = await http().get(authorizeUrl({}));
			const requestId = requestIdOf(page.data);
			await post('/oauth2/auth/sign-in', { request_id: requestId, email: SEED.userEmail, password: SEED.userPassword });
			const response = await post('/oauth2/auth/consent', {
				request_id: requestId,
				organization_id: '11111111-1111-4111-8111-111111111111',
				decision: 'allow',
			});
			expect(response.status).toBe(400);
			expect(response.data).toContain('Choose one of your organizations.');
		});

		it('locks the flow to organization_id: no picker, the code is for that organization', async () => {
			const page = await http().get(authorizeUrl({ organization_id: SEED.organizations.de, state: 'lock' }));
			expect(page.data).toContain('Kontor Nord GmbH');
			const response = await post('/oauth2/auth/sign-in', { request_id: requestIdOf(page.data), email: SEED.userEmail, password: SEED.userPassword });
			expect(response.status).toBe(302);
			const location = new URL(response.headers.location);
			expect(location.searchParams.get('state')).toBe('lock');
			const tokens = await exchange(location.searchParams.get('code') as string);
			expect((await organizationWith(tokens.data.access_token)).data.organization.id).toBe(SEED.organizations.de);
		});

		it('preselects the organization of a registration_id and skips the picker', async () => {
			const page = await http().get(authorizeUrl({ registration_id: SANDBOX_REGISTRATION_IDS.it }));
			const response = await post('/oauth2/auth/sign-in', { request_id: requestIdOf(page.data), email: SEED.userEmail, password: SEED.userPassword });
			expect(response.status).toBe(302);
			const tokens = await exchange(new URL(response.headers.location).searchParams.get('code') as string);
			expect((await organizationWith(tokens.data.access_token)).data.organization.id).toBe(SEED.organizations.it);
		});

		it('shows the picker with a notice for an unknown registration_id', async () => {
			const page = await http().get(authorizeUrl({ registration_id: 'no-such-registration' }));
			const response = await post('/oauth2/auth/sign-in', { request_id: requestIdOf(page.data), email: SEED.userEmail, password: SEED.userPassword });
			expect(response.status).toBe(200);
			expect(response.data).toContain('The registration was not found');
		});

		it('rejects an unknown client_id with an error page, never a redirect', async () => {
			const response = await http().get(authorizeUrl({ client_id: 'someone-else' }));
			expect(response.status).toBe(400);
			expect(response.headers.location).toBeUndefined();
			expect(response.data).toContain('Unknown application');
		});

		it.each([
			['a redirect_uri that is not registered', 'https://evil.example/callback'],
			['a trailing slash', `${TEST_REDIRECT_URI}/`],
			['an added query string', `${TEST_REDIRECT_URI}?x=1`],
			['a pre-encoded redirect_uri', encodeURIComponent(TEST_REDIRECT_URI)],
		])('rejects %s with an error page, never a redirect', async (_label, redirectUri) => {
			const response = await http().get(authorizeUrl({ redirect_uri: redirectUri }));
			expect(response.status).toBe(400);
			expect(response.headers.location).toBeUndefined();
			expect(response.data).toContain('Redirect URI not registered');
		});

		it('answers a response_type other than code on the redirect with unsupported_response_type', async () => {
			const response = await http().get(authorizeUrl({ response_type: 'token', state: 'st' }));
			expect(response.status).toBe(302);
			const location = new URL(response.headers.location);
			expect(location.searchParams.get('error')).toBe('unsupported_response_type');
			expect(location.searchParams.get('state')).toBe('st');
		});
	});

	describe('scopes', () => {
		it('grants the intersection of the requested scopes with the known ones', async () => {
			const code = await codeFor({ scope: 'clients.read bogus.scope organization.read' });
			const tokens = await exchange(code);
			expect(tokens.data.scope.split(' ').sort()).toEqual(['clients.read', 'organization.read']);
			expect(tokens.data.refresh_token).toBeUndefined();
		});

		it('grants every scope but offline_access when scope is absent, so no refresh token', async () => {
			const page = await http().get(authorizeUrl({}));
			const requestId = requestIdOf(page.data);
			await post('/oauth2/auth/sign-in', { request_id: requestId, email: SEED.userEmail, password: SEED.userPassword });
			const redirect = await post('/oauth2/auth/consent', { request_id: requestId, organization_id: SEED.organizations.fr, decision: 'allow' });
			const tokens = await exchange(new URL(redirect.headers.location).searchParams.get('code') as string);
			const scopes: string[] = tokens.data.scope.split(' ');
			expect(scopes).toContain('clients.write');
			expect(scopes).toContain('webhooks.write');
			expect(scopes).not.toContain('offline_access');
			expect(tokens.data.refresh_token).toBeUndefined();
			expect(tokens.data).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
		});

		it('issues a refresh token only when offline_access is granted', async () => {
			const withOffline = await exchange(await codeFor({ scope: 'offline_access clients.read' }));
			expect(withOffline.data.refresh_token).toEqual(expect.any(String));
			const without = await exchange(await codeFor({ scope: 'clients.read' }));
			expect(without.status).toBe(200);
			expect(without.data.refresh_token).toBeUndefined();
		});

		it('gives a token only the granted scopes (403 beyond them)', async () => {
			const tokens = await exchange(await codeFor({ scope: 'clients.read' }));
			const response = await organizationWith(tokens.data.access_token);
			expect(response.status).toBe(403);
		});
	});

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
