/**
 * The OAuth tests' sandbox and the flow against it, with plain HTTP as a browser and n8n would use
 * it: the consent pages, codes, token requests. The sandbox is started before the file's tests, reset
 * after each and closed after them; it is filled in once started, so read it inside hooks and tests only.
 */
import axios, { type AxiosResponse } from 'axios';

import { SEED } from '../../sandbox/core/seed';
import { startTestSandbox, TEST_CLIENT_ID, TEST_CLIENT_SECRET, TEST_REDIRECT_URI, type TestSandbox } from '../helpers/sandbox';

export function useOAuthSandbox() {
	const sandbox = {} as TestSandbox;
	beforeAll(async () => {
		Object.assign(sandbox, await startTestSandbox());
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

	return { sandbox, http, authorizeUrl, requestIdOf, form, post, codeFor, token, exchange, refresh, organizationWith };
}
