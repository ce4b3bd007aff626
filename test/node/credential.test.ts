import type { IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';

import { BusinessBankingOAuth2Api } from '../../credentials/BusinessBankingOAuth2Api.credentials';
import { addressesOf } from '../../nodes/BusinessBanking/transport/addresses';
import { ALL_SCOPES } from '../../sandbox/core/context';
import { SEED } from '../../sandbox/core/seed';
import { connectedCredential } from '../helpers/engine/connectedCredential';
import { CredentialStore } from '../helpers/engine/credentialStore';
import { resolveCredential } from '../helpers/engine/credentialTypes';
import { testCredential } from '../helpers/engine/editor';
import { registerNodeType } from '../helpers/engine/nodeTypes';
import { runNode } from '../helpers/engine/runNode';
import { clearSeenRequests, seenRequests } from '../helpers/engine/sandboxControls';
import { TEST_CLIENT_ID, TEST_REDIRECT_URI, useTestSandbox } from '../helpers/sandbox';

const TYPE = 'businessBankingOAuth2Api';

/** Outputs the addresses a node gets from `getCredentials` and the transport's lookup (nothing secret). */
class CredentialProbe implements INodeType {
	description = {
		displayName: 'Credential probe',
		name: 'credentialProbe',
		group: ['transform'],
		version: 1,
		description: '',
		defaults: { name: 'Credential probe' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: TYPE, required: true }],
		properties: [],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const credentials = await this.getCredentials(TYPE);
		const { authUrl, accessTokenUrl, authQueryParameters, scope } = credentials;
		return [[{ json: { ...addressesOf(credentials), authUrl, accessTokenUrl, authQueryParameters, scope } }]];
	}
}
registerNodeType('test.credentialProbe', new CredentialProbe());

describe('Business Banking OAuth2 credential', () => {
	it('is an authorization-code OAuth2 credential with hidden, environment-resolved OAuth settings', () => {
		const type = new BusinessBankingOAuth2Api();
		expect(type.name).toBe(TYPE);
		expect(type.extends).toEqual(['oAuth2Api']);
		const hidden = type.properties.filter((property) => property.type === 'hidden').map((property) => property.name);
		expect(hidden).toEqual(
			expect.arrayContaining(['grantType', 'authUrl', 'accessTokenUrl', 'scope', 'authQueryParameters', 'authentication']),
		);
		// The API addresses are looked up by the transport, not resolved as expressions on every read.
		expect(hidden).not.toEqual(expect.arrayContaining(['baseUrl']));
	});

	it('resolves the sandbox addresses by default, with every scope and client credentials in the body', () => {
		const resolved = resolveCredential(TYPE, { clientId: 'id', clientSecret: 'secret' });
		expect(addressesOf(resolved)).toEqual({ baseUrl: 'http://localhost:4010', registerUrl: 'http://localhost:4010' });
		expect(resolved).toMatchObject({
			environment: 'sandbox',
			authUrl: 'http://localhost:4010/oauth2/auth',
			accessTokenUrl: 'http://localhost:4010/oauth2/token',
			grantType: 'authorizationCode',
			authentication: 'body',
			authQueryParameters: '',
		});
		expect(String(resolved.scope).split(' ')).toEqual([...ALL_SCOPES]);
	});

	it('resolves production and custom addresses (trailing slashes dropped) and the organization lock', () => {
		const production = resolveCredential(TYPE, { environment: 'production' });
		expect(production.authUrl).toBe('https://oauth.business-banking.example/oauth2/auth');
		expect(addressesOf(production).baseUrl).toBe('https://api.business-banking.example');
		const custom = resolveCredential(TYPE, {
			environment: 'custom',
			customBaseUrl: 'https://api.bank.test/',
			customAuthServerUrl: 'https://auth.bank.test//',
			customRegisterUrl: 'https://partners.bank.test',
			organizationId: SEED.organizations.it,
		});
		expect(addressesOf(custom)).toEqual({ baseUrl: 'https://api.bank.test', registerUrl: 'https://partners.bank.test' });
		expect(custom).toMatchObject({
			authUrl: 'https://auth.bank.test/oauth2/auth',
			accessTokenUrl: 'https://auth.bank.test/oauth2/token',
			authQueryParameters: `organization_id=${SEED.organizations.it}`,
		});
	});

	describe('inside the engine, against the sandbox', () => {
		const sandbox = useTestSandbox({ stagingToken: 'staging-credential' }, { resetEachTest: false });
		beforeEach(() => clearSeenRequests(sandbox));

		it('hands nodes the resolved addresses through getCredentials', async () => {
			const { items, error } = await runNode({ sandbox, node: { type: 'test.credentialProbe', parameters: {} } });
			expect(error).toBeUndefined();
			expect(items[0].json).toMatchObject({
				baseUrl: sandbox.url,
				registerUrl: sandbox.url,
				authUrl: `${sandbox.url}/oauth2/auth`,
				accessTokenUrl: `${sandbox.url}/oauth2/token`,
				authQueryParameters: '',
			});
		});

		it('builds an authorization URL the sandbox accepts, locked to the chosen organization', async () => {
			const stored = connectedCredential(sandbox, { fields: { organizationId: SEED.organizations.it } });
			const resolved = resolveCredential(TYPE, stored);
			// As n8n builds it: the OAuth2 parameters, then the credential's extra query parameters.
			const query = new URLSearchParams({ client_id: TEST_CLIENT_ID, redirect_uri: TEST_REDIRECT_URI, response_type: 'code', scope: String(resolved.scope), state: 'xyz' });
			const response = await sandbox.http.get(`${resolved.authUrl}?${query.toString()}&${resolved.authQueryParameters}`);
			expect(response.status).toBe(200);
			expect(String(response.data)).toContain('Bottega Verdi');
			expect(String(response.data)).not.toContain('Atelier Lumière');
		});

		it('passes the credential test (GET /organization with the bearer and staging tokens)', async () => {
			const result = await testCredential(new CredentialStore(connectedCredential(sandbox)));
			expect(result).toEqual({ status: 'OK', message: 'Connection tested successfully' });
			const [call] = await seenRequests(sandbox, { path: '/organization' });
			expect(call).toMatchObject({ method: 'GET', status: 200 });
			expect(call.headers).toMatchObject({
				accept: 'application/json',
				'content-type': 'application/json',
				authorization: 'Bearer [redacted]',
				'x-service-staging-token': '[redacted]',
			});
		});

		it('still runs with what saved credentials hold today: spaces around addresses and the staging token, trailing slashes', async () => {
			const fields = { customBaseUrl: ` ${sandbox.url}/ `, customAuthServerUrl: `${sandbox.url}//`, stagingToken: ' staging-credential ', organizationId: ` ${SEED.organizations.fr} ` };
			const { error } = await runNode({ sandbox, credentialOptions: { fields }, node: { parameters: { resource: 'client', operation: 'getMany', returnAll: false, limit: 1 } } });
			expect(error).toBeUndefined();
			const [call] = await seenRequests(sandbox, { path: '/v2/clients' });
			// The sandbox refuses a wrong staging token: this one reached it trimmed.
			expect(call).toMatchObject({ method: 'GET', status: 200 });
		});

		it.each([
			['a Base URL with a query', { customBaseUrl: 'https://api.bank.test/?x=1' }, 'Base URL must not hold a query (?…) or a fragment (#…): paths are added after it'],
			['a blank Auth URL', { customAuthServerUrl: '   ' }, 'Auth URL is blank'],
			['a Base URL without its scheme', { customBaseUrl: 'api.bank.test' }, 'Base URL must be an http:// or https:// address, e.g. https://api.example.com'],
			['a staging token with a line break', { stagingToken: 'staging\ncredential' }, 'Staging Token may hold only printable ASCII characters (no line break or control character)'],
			['an organization ID with a space', { organizationId: 'org 1' }, 'Organization ID may hold only letters, digits and . _ ~ -'],
		])('refuses %s before any request, naming the field and never the value', async (_case, fields, problem) => {
			const { error } = await runNode({ sandbox, credentialOptions: { fields }, node: { parameters: { resource: 'client', operation: 'getMany', returnAll: false, limit: 1 } } });
			expect(error).toMatchObject({ name: 'NodeOperationError', message: `Item 0: Credential 'Business Banking OAuth2 API' › ${problem}` });
			expect(JSON.stringify(error)).not.toContain('staging\\ncredential');
			expect(await seenRequests(sandbox)).toEqual([]);
		});

		it('fails the credential test with a clear message on a wrong staging token', async () => {
			const result = await testCredential(new CredentialStore(connectedCredential(sandbox, { fields: { stagingToken: 'not-it' } })));
			expect(result.status).toBe('Error');
			expect(result.message).toMatch(/check the Staging Token/);
		});

		it('fails the credential test saying what it may not read when organization.read was not granted', async () => {
			const result = await testCredential(new CredentialStore(connectedCredential(sandbox, { scopes: ['offline_access', 'clients.read'] })));
			expect(result).toEqual({ status: 'Error', message: expect.stringMatching(/^The connection may not read the organization: reconnect/) });
		});
	});
});
