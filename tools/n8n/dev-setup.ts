// What `npm run dev` prepares inside n8n so that a developer only clicks Connect: a credential on the
// sandbox, and the example workflows pointing at it. Both are created once and kept across runs.
import type { N8nClient } from './api';
import { CREDENTIAL_TYPE, exampleFiles, readExample, withCredential } from './examples';

export const DEV_CREDENTIAL_NAME = 'Business Banking (local sandbox)';

export interface CredentialRef {
	id: string;
	name: string;
}

/** Credential data for the sandbox: the Sandbox environment on its default port, Custom otherwise. */
export function devCredentialData(clientId: string, clientSecret: string, sandboxUrl: string, defaultPort: boolean): Record<string, unknown> {
	const addresses = defaultPort
		? { environment: 'sandbox' }
		: { environment: 'custom', customBaseUrl: sandboxUrl, customAuthServerUrl: sandboxUrl, customRegisterUrl: sandboxUrl };
	return { ...addresses, clientId, clientSecret };
}

/** The dev credential, created when missing (a developer's connected one is left as it is). */
export async function ensureCredential(client: N8nClient, data: Record<string, unknown>): Promise<CredentialRef> {
	const existing = await client.rest<Array<{ id: string; name: string; type: string }>>('GET', '/credentials');
	const found = existing.find((credential) => credential.type === CREDENTIAL_TYPE && credential.name === DEV_CREDENTIAL_NAME);
	if (found) return { id: found.id, name: found.name };
	const created = await client.rest<{ id: string; name: string }>('POST', '/credentials', { name: DEV_CREDENTIAL_NAME, type: CREDENTIAL_TYPE, data });
	return { id: created.id, name: created.name };
}

/** Whether the credential holds tokens: n8n answers `oauthTokenData: true` for a connected OAuth2 credential. */
export async function isConnected(client: N8nClient, credential: CredentialRef): Promise<boolean> {
	const stored = await client.rest<{ data?: { oauthTokenData?: unknown } }>('GET', `/credentials/${credential.id}?includeData=true`);
	return Boolean(stored.data?.oauthTokenData);
}

/** The banner's credential line: what to do only when there is something to do. */
export function credentialLine(credential: CredentialRef, connected: boolean): string {
	return connected
		? `"${credential.name}" (connected: ready to run; reconnect only if a run says so)`
		: `"${credential.name}" (not connected yet: Credentials → open it → Connect my account)`;
}

/** Imports each example not yet in n8n (by name), inactive, using the dev credential. */
export async function importExamples(client: N8nClient, credential: CredentialRef): Promise<string[]> {
	const existing = await client.rest<Array<{ name: string }>>('GET', '/workflows');
	const names = new Set(existing.map((workflow) => workflow.name));
	const imported: string[] = [];
	for (const file of exampleFiles()) {
		const workflow = withCredential(readExample(file), credential);
		if (names.has(workflow.name)) continue;
		await client.rest('POST', '/workflows', {
			name: workflow.name,
			nodes: workflow.nodes,
			connections: workflow.connections,
			settings: workflow.settings ?? {},
			active: false,
		});
		imported.push(workflow.name);
	}
	return imported;
}
