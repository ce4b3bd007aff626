// The OAuth server's consent pages and scopes (the token endpoint: oauth-token.test.ts).
import { SEED } from '../../sandbox/core/seed';
import { SANDBOX_REGISTRATION_IDS } from '../../sandbox/modules/oauth';
import { TEST_REDIRECT_URI } from '../helpers/sandbox';
import { useOAuthSandbox } from './oauth-flow';

describe('OAuth 2.0 authorization server', () => {
	const { http, authorizeUrl, requestIdOf, post, codeFor, exchange, organizationWith } = useOAuthSandbox();

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

});
