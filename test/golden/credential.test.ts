// The saved-credential contract (docs/saved-workflows.md): a credential stored by a release keeps
// working on every later one. n8n keeps a credential's fields as they were saved, so every stored
// field must still exist with the same kind of value, and a node must still use it the same way.
import { existsSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import type { ICredentialDataDecryptedObject, IDataObject, INodeProperties } from 'n8n-workflow';

import { SEED } from '../../sandbox/core/seed';
import { PARTNER_ENDPOINT_IDS } from '../../sandbox/modules/webhooks/store';
import { CredentialStore, HarnessCredentialsHelper } from '../helpers/engine/credentialStore';
import { credentialType, resolveCredential } from '../helpers/engine/credentialTypes';
import { runNode } from '../helpers/engine/runNode';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET, useTestSandbox, type TestSandbox } from '../helpers/sandbox';

const GOLDEN = __dirname;
const RELEASES = readdirSync(GOLDEN).filter((name) => /^\d+\.\d+$/.test(name) && existsSync(join(GOLDEN, name, 'credential'))).sort();

interface StoredCredential {
	type: string;
	/** The fields n8n shows masked (and keeps out of logs): a stored secret must stay one. */
	passwordFields: string[];
	data: ICredentialDataDecryptedObject & { oauthTokenData: IDataObject; organizationId: string; stagingToken: string; partnerId: string };
}

describe.each(RELEASES)('the credential as %s stored it', (release) => {
	const stored = JSON.parse(readFileSync(join(GOLDEN, release, 'credential', 'businessBankingOAuth2Api.json'), 'utf8')) as StoredCredential;
	// The sandbox wants the stored staging token, as a deployment that issued it would.
	const sandbox = useTestSandbox({ stagingToken: stored.data.stagingToken });
	const properties = new HarnessCredentialsHelper(new Map()).getCredentialsProperties(stored.type);

	/** Exactly the stored data, with its addresses and tokens pointing at the test sandbox (token fields kept as stored). */
	function storedDataAt(testSandbox: TestSandbox, fields: ICredentialDataDecryptedObject = {}): ICredentialDataDecryptedObject {
		const organization = Object.entries(SEED.organizations).find(([, id]) => id === stored.data.organizationId)?.[0] as keyof typeof SEED.organizations;
		return {
			...stored.data,
			customBaseUrl: testSandbox.url,
			customAuthServerUrl: testSandbox.url,
			customRegisterUrl: testSandbox.url,
			clientId: TEST_CLIENT_ID,
			clientSecret: TEST_CLIENT_SECRET,
			oauthTokenData: { ...stored.data.oauthTokenData, ...testSandbox.mintTokens(organization) },
			...fields,
		};
	}

	it('is still of the same type, extending n8n\'s OAuth2 credential', () => {
		expect(credentialType(stored.type).extends).toEqual(['oAuth2Api']);
	});

	it.each(Object.keys(stored.data).filter((name) => name !== 'oauthTokenData'))('still has the stored field %s, with a value of the same kind', (name) => {
		const property = properties.find((candidate) => candidate.name === name) as INodeProperties;
		expect(property).toBeDefined();
		const value = stored.data[name];
		if (property.type === 'options') expect((property.options ?? []).map((option) => (option as { value: unknown }).value)).toContain(value);
		else expect(typeof value).toBe(typeof property.default);
		expect(property.type).not.toBe('hidden');
		expect(Boolean(property.typeOptions?.password)).toBe(stored.passwordFields.includes(name));
	});

	it('runs a node with the stored data: bearer token and staging token on the API call (GET /organization)', async () => {
		const { error } = await runNode({ credential: new CredentialStore(storedDataAt(sandbox)), node: { parameters: { resource: 'bankAccount', operation: 'getMany' } } });
		expect(error).toBeUndefined();
		const [request] = sandbox.ctx.requests.find('GET', '/organization');
		// The log redacts both values; the sandbox accepted them, and refuses another staging token (below).
		expect(request.headers).toMatchObject({ authorization: 'Bearer [redacted]', 'x-service-staging-token': '[redacted]' });

		const other = await runNode({ credential: new CredentialStore(storedDataAt(sandbox, { stagingToken: 'another-staging-token' })), node: { parameters: { resource: 'bankAccount', operation: 'getMany' } } });
		expect(other.error?.httpCode).toBe('401');
	});

	it('runs the partner endpoint call with the stored partner fields: Service-Partner-Id and the secret', async () => {
		const parameters = { resource: 'webhookSubscription', operation: 'updatePartnerEndpoint', endpointId: PARTNER_ENDPOINT_IDS.fr, callbackUrl: 'https://hooks.example.com/banking' };
		const { error } = await runNode({ credential: new CredentialStore(storedDataAt(sandbox)), node: { parameters } });
		expect(error).toBeUndefined();
		const [request] = sandbox.ctx.requests.find('PATCH', `/register/webhooks/${PARTNER_ENDPOINT_IDS.fr}`);
		expect(request.headers['service-partner-id']).toBe(stored.data.partnerId);
		expect(request.body).toMatchObject({ secret: '[redacted]' });
	});

	it('keeps the organization lock: n8n\'s consent URL asks for the stored organization, at the stored auth server', () => {
		const resolved = resolveCredential(stored.type, stored.data);
		expect(resolved.authQueryParameters).toBe(`organization_id=${stored.data.organizationId}`);
		expect(resolved.authUrl).toBe(`${stored.data.customAuthServerUrl}/oauth2/auth`);
		expect(resolved.accessTokenUrl).toBe(`${stored.data.customAuthServerUrl}/oauth2/token`);
		expect(resolved.authentication).toBe('body');
	});
});
