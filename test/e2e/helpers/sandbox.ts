// A sandbox for one e2e test file, whose registered redirect URI is the real n8n's OAuth callback.
import { startTestSandbox, TEST_CLIENT_ID, TEST_CLIENT_SECRET, type TestSandbox } from '../../helpers/sandbox';
import { SEED } from '../../../sandbox/core/seed';

export async function startE2eSandbox(n8nUrl: string): Promise<TestSandbox> {
	return await startTestSandbox({ redirectUris: [`${n8nUrl}/rest/oauth2-credential/callback`] });
}

/** Credential data (Custom environment) that points n8n at this sandbox; not yet connected. */
export function credentialData(sandbox: TestSandbox): Record<string, unknown> {
	return {
		environment: 'custom',
		customBaseUrl: sandbox.url,
		customAuthServerUrl: sandbox.url,
		customRegisterUrl: sandbox.url,
		clientId: TEST_CLIENT_ID,
		clientSecret: TEST_CLIENT_SECRET,
	};
}

/** Credential data already connected to an organization, as after a consent (tokens minted by the sandbox). */
export function connectedCredentialData(sandbox: TestSandbox, organization: keyof typeof SEED.organizations = 'fr'): Record<string, unknown> {
	return { ...credentialData(sandbox), oauthTokenData: { ...sandbox.mintTokens(organization) } };
}

export interface LoggedRequest {
	seq: number;
	method: string;
	path: string;
	query: Record<string, string | string[]>;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
	status: number | null;
}

/** The sandbox's request log (`GET /sandbox/requests`), narrowed by method and path (`/v2/clients*`). */
export async function requestsTo(sandbox: TestSandbox, method: string, path: string): Promise<LoggedRequest[]> {
	const response = await sandbox.http.get('/sandbox/requests', { params: { method, path } });
	if (response.status !== 200) throw new Error(`GET /sandbox/requests answered ${response.status}`);
	return (response.data as { requests: LoggedRequest[] }).requests;
}

export async function clearRequestLog(sandbox: TestSandbox): Promise<void> {
	const response = await sandbox.http.delete('/sandbox/requests');
	if (response.status !== 200) throw new Error(`DELETE /sandbox/requests answered ${response.status}`);
}
