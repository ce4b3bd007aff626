import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeParameters, INodeType } from 'n8n-workflow';

import { apiRequest, resolveIdempotencyKey } from '../../nodes/BusinessBanking/transport';
import {
	clearSeenRequests,
	connectedCredential,
	CredentialStore,
	injectFault,
	registerNodeType,
	runNode,
	seenRequests,
} from '../helpers/engine';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET, useTestSandbox } from '../helpers/sandbox';

/** A node that sends one raw call through the transport (what resources do, without their fields). */
class TransportProbe implements INodeType {
	description = {
		displayName: 'Transport probe',
		name: 'transportProbe',
		group: ['transform'],
		version: 1,
		description: '',
		defaults: { name: 'Transport probe' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'businessBankingOAuth2Api', required: true }],
		properties: [
			{ displayName: 'Method', name: 'method', type: 'string', default: 'GET' },
			{ displayName: 'Path', name: 'path', type: 'string', default: '/organization' },
			{ displayName: 'Body', name: 'body', type: 'json', default: '' },
			{ displayName: 'Idempotent', name: 'idempotent', type: 'boolean', default: false },
			{ displayName: 'Server', name: 'server', type: 'string', default: 'api' },
			{ displayName: 'Idempotency Key', name: 'idempotencyKey', type: 'string', default: '' },
		],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const output: INodeExecutionData[] = [];
		for (let itemIndex = 0; itemIndex < this.getInputData().length; itemIndex++) {
			const text = this.getNodeParameter('body', itemIndex, '') as string;
			const body = text ? (JSON.parse(text) as IDataObject) : undefined;
			const response = await apiRequest.call(this, this.getNodeParameter('method', itemIndex) as 'GET', this.getNodeParameter('path', itemIndex) as string, {
				body,
				idempotencyKey: this.getNodeParameter('idempotent', itemIndex)
					? resolveIdempotencyKey.call(this, 'probe', body, this.getNodeParameter('idempotencyKey', itemIndex))
					: undefined,
				server: this.getNodeParameter('server', itemIndex) as 'api' | 'register',
				itemIndex,
			});
			output.push({ json: response, pairedItem: { item: itemIndex } });
		}
		return [output];
	}
}
registerNodeType('test.transportProbe', new TransportProbe());

const probe = (parameters: INodeParameters, settings: { retryOnFail?: boolean; maxTries?: number; waitBetweenTries?: number } = {}) => ({
	type: 'test.transportProbe',
	parameters,
	...settings,
});
const getClient = (id: string) => ({ parameters: { resource: 'client', operation: 'get', clientId: { mode: 'id', value: id } } });
const createCompany = (name: string) => ({ parameters: { resource: 'client', operation: 'create', kind: 'company', name } });

const UUID_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('transport inside the n8n engine: tokens, retries, errors', () => {
	const sandbox = useTestSandbox({ stagingToken: 'staging-transport' }, { resetEachTest: false });
	let clientId: string;
	beforeAll(async () => {
		clientId = (await sandbox.api('fr').post('/v2/clients', { client: { kind: 'company', name: 'Transport SAS' } })).data.client.id;
	});
	beforeEach(async () => {
		await sandbox.http.delete('/sandbox/faults');
		await clearSeenRequests(sandbox);
	});

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

		const { items, error } = await runNode({ sandbox, credential, node: getClient(clientId) });
		expect(error).toBeUndefined();
		expect(items[0].json.id).toBe(clientId);

		const gets = await seenRequests(sandbox, { method: 'GET', path: `/v2/clients/${clientId}` });
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
		await runNode({ sandbox, credential, node: getClient(clientId) });
		expect((await seenRequests(sandbox)).map((request) => [request.path, request.status])).toEqual([[`/v2/clients/${clientId}`, 200]]);
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

		const { items, error } = await runNode({ sandbox, credential, node: getClient(clientId) });
		expect(error).toBeUndefined();
		expect(items[0].json.id).toBe(clientId);
		const refreshes = await seenRequests(sandbox, { path: '/oauth2/token' });
		expect(refreshes.map((request) => request.status)).toEqual([200, 400]); // the winner's, then ours refused
		const gets = await seenRequests(sandbox, { method: 'GET', path: `/v2/clients/${clientId}` });
		expect(gets.map((request) => request.status)).toEqual([401, 200]);
		expect(tokens(credential).refresh_token).toBe(winner.data.refresh_token);
	});

	it('asks to reconnect when the refresh token is refused and no newer one exists', async () => {
		const credential = new CredentialStore(connectedCredential(sandbox));
		await advanceClock(3601);
		await refreshDirectly(tokens(credential).refresh_token); // used elsewhere, new tokens never stored

		const { error } = await runNode({ sandbox, credential, node: getClient(clientId) });
		expect(error?.message).toBe('The credential "Business Banking account" needs to be reconnected');
		expect(error?.description).toMatch(/Reconnect/);
		expect(JSON.stringify(error)).not.toContain(tokens(credential).refresh_token);
		const refreshes = await seenRequests(sandbox, { path: '/oauth2/token' });
		expect(refreshes.map((request) => request.status)).toEqual([200, 400, 400]); // re-read and tried once more
	});

	it('waits and retries after a 429, honouring Retry-After', async () => {
		await injectFault(sandbox, { method: 'GET', path: `/v2/clients/${clientId}`, kind: 'status', status: 429, retryAfter: 1, count: 1 });
		const { items, error } = await runNode({ sandbox, node: getClient(clientId) });
		expect(error).toBeUndefined();
		expect(items[0].json.id).toBe(clientId);
		const gets = await seenRequests(sandbox, { method: 'GET', path: `/v2/clients/${clientId}` });
		expect(gets.map((request) => request.status)).toEqual([429, 200]);
	});

	it('retries a 429 on a POST too (nothing happened), then succeeds', async () => {
		await injectFault(sandbox, { method: 'POST', path: '/v2/clients', kind: 'status', status: 429, retryAfter: 0, count: 1 });
		const { items, error } = await runNode({ sandbox, node: createCompany('Après Limite SAS') });
		expect(error).toBeUndefined();
		expect(items[0].json.name).toBe('Après Limite SAS');
		expect((await seenRequests(sandbox, { method: 'POST', path: '/v2/clients' })).map((request) => request.status)).toEqual([429, 201]);
	});

	it('gives up after a bounded number of 429s and tells the user to lower the concurrency', async () => {
		await injectFault(sandbox, { method: 'GET', path: `/v2/clients/${clientId}`, kind: 'status', status: 429, retryAfter: 0, count: 10 });
		const { error } = await runNode({ sandbox, node: getClient(clientId) });
		expect(error?.httpCode).toBe('429');
		expect(error?.message).toBe('The service is rate limiting these requests (HTTP 429) after 4 tries');
		expect(error?.description).toMatch(/Rate Limit option/);
		expect(await seenRequests(sandbox, { method: 'GET', path: `/v2/clients/${clientId}` })).toHaveLength(4);
	});

	it('retries a 5xx on a GET', async () => {
		await injectFault(sandbox, { method: 'GET', path: `/v2/clients/${clientId}`, kind: 'status', status: 503, count: 2 });
		const { items, error } = await runNode({ sandbox, node: getClient(clientId) });
		expect(error).toBeUndefined();
		expect(items[0].json.id).toBe(clientId);
		const gets = await seenRequests(sandbox, { method: 'GET', path: `/v2/clients/${clientId}` });
		expect(gets.map((request) => request.status)).toEqual([503, 503, 200]);
	});

	it('does not retry a 5xx on a POST without idempotency key (it may have been applied)', async () => {
		await injectFault(sandbox, { method: 'POST', path: '/v2/clients', kind: 'status', status: 500, count: 1 });
		const { error } = await runNode({ sandbox, node: createCompany('Une Seule Fois SAS') });
		expect(error?.name).toBe('NodeApiError');
		expect(error?.httpCode).toBe('500');
		expect(error?.message).toBe('The client may have been made: no confirmation (HTTP 500), and a request without idempotency key is not repeated automatically');
		expect(error?.description).toBe(
			'Check before running this item again. Or look for it: Client › Get Many (by e-mail, VAT number or tax id). Options › Skip If It Already Exists makes running the same input again safe.\nThe service said: Injected fault: 500',
		);
		expect(await seenRequests(sandbox, { method: 'POST', path: '/v2/clients' })).toHaveLength(1);
	});

	it('does not follow a redirect: a write is neither resent elsewhere nor turned into a GET, and the message points at the Base URL', async () => {
		const location = 'https://user:pw-secret@elsewhere.invalid/v2/clients?signature=secret-part';
		await injectFault(sandbox, { method: 'POST', path: '/v2/clients', kind: 'redirect', status: 302, location, count: 1 });
		const { error } = await runNode({ sandbox, node: createCompany('Pas Ailleurs SAS') });
		expect(error?.name).toBe('NodeApiError');
		expect(error?.httpCode).toBe('302');
		expect(error?.message).toBe('The service answered with a redirect (HTTP 302 to https://elsewhere.invalid/v2/clients), which the node does not follow');
		expect(error?.description).toContain('Check "Base URL" in the credential');
		expect(JSON.stringify(error)).not.toMatch(/secret-part|pw-secret/);
		expect((await seenRequests(sandbox, { path: '/v2/clients' })).map((request) => `${request.method} ${request.status}`)).toEqual(['POST 302']);

		// Same origin, same path: still one request, no GET of the list.
		await injectFault(sandbox, { method: 'POST', path: '/v2/clients', kind: 'redirect', status: 303, count: 1 });
		await clearSeenRequests(sandbox);
		const again = await runNode({ sandbox, node: createCompany('Pas De GET SAS') });
		expect(again.error?.message).toBe('The service answered with a redirect (HTTP 303 to /v2/clients), which the node does not follow');
		expect((await seenRequests(sandbox, { path: '/v2/clients' })).map((request) => `${request.method} ${request.status}`)).toEqual(['POST 303']);
	});

	it('retries a dropped connection on a GET, but not on a POST (the client exists once)', async () => {
		await injectFault(sandbox, { method: 'GET', path: `/v2/clients/${clientId}`, kind: 'drop_after_commit', count: 1 });
		const read = await runNode({ sandbox, node: getClient(clientId) });
		expect(read.error).toBeUndefined();
		expect((await seenRequests(sandbox, { method: 'GET', path: `/v2/clients/${clientId}` })).map((request) => request.dropped)).toEqual([true, false]);

		await injectFault(sandbox, { method: 'POST', path: '/v2/clients', kind: 'drop_after_commit', count: 1 });
		const write = await runNode({ sandbox, node: createCompany('Connexion Perdue SAS') });
		expect(write.error?.message).toBe(
			'The client may have been made: no confirmation (the connection was closed before an answer came), and a request without idempotency key is not repeated automatically',
		);
		expect(await seenRequests(sandbox, { method: 'POST', path: '/v2/clients' })).toHaveLength(1);
		const listed = await sandbox.api('fr').get('/v2/clients', { params: { 'filter[name]': 'Connexion Perdue' } });
		expect(listed.data.clients).toHaveLength(1);
	});

	it('retries a write that carries an idempotency key, with the same key each time', async () => {
		await injectFault(sandbox, { method: 'POST', path: '/v2/clients', kind: 'status', status: 503, count: 1 });
		const { error } = await runNode({
			sandbox,
			node: probe({ method: 'POST', path: '/v2/clients', body: JSON.stringify({ client: { kind: 'company', name: 'Clé SAS' } }), idempotent: true }),
		});
		expect(error).toBeUndefined();
		const posts = await seenRequests(sandbox, { method: 'POST', path: '/v2/clients' });
		expect(posts.map((request) => request.status)).toEqual([503, 201]);
		const keys = posts.map((request) => request.headers['x-service-idempotency-key']);
		expect(keys[0]).toMatch(UUID_V5);
		expect(keys[1]).toBe(keys[0]);
	});

	it('derives the key from workflow, node, operation and content: Retry On Fail, a new execution and a renamed node reuse it', async () => {
		// 4 failing tries exhaust the transport; n8n's own retry of the node then succeeds.
		await injectFault(sandbox, { method: 'POST', path: '/v2/clients', kind: 'status', status: 503, retryAfter: 0, count: 4 });
		const run = await runNode({
			sandbox,
			items: [{ n: 1 }, { n: 2 }],
			node: probe(
				{ method: 'POST', path: '/v2/clients', body: '={{ JSON.stringify({ client: { kind: "company", name: "Retry " + $json.n } }) }}', idempotent: true },
				{ retryOnFail: true, maxTries: 2, waitBetweenTries: 0 },
			),
		});
		expect(run.error).toBeUndefined();
		// Items run in order: item 0 fails 4 times, n8n retries the node, item 0 then item 1 succeed.
		const posts = await seenRequests(sandbox, { method: 'POST', path: '/v2/clients' });
		expect(posts.map((request) => request.status)).toEqual([503, 503, 503, 503, 201, 201]);
		const keys = posts.map((request) => request.headers['x-service-idempotency-key']);
		expect(new Set(keys.slice(0, 5)).size).toBe(1);
		expect(keys[5]).toMatch(UUID_V5);
		expect(keys[5]).not.toBe(keys[0]);
		expect((posts[4].body as { client: { name: string } }).client.name).toBe('Retry 1');

		// Same content: the same key from a new execution ("Retry execution"), a renamed node, keys in
		// another order; another workflow, another node or other content: another key.
		const keyOf = async (options: { body: string; workflowId?: string; nodeId?: string; name?: string }) => {
			await clearSeenRequests(sandbox);
			await runNode({ sandbox, workflowId: options.workflowId, nodeId: options.nodeId, node: { ...probe({ method: 'POST', path: '/v2/clients', body: options.body, idempotent: true }), name: options.name } });
			return (await seenRequests(sandbox, { method: 'POST', path: '/v2/clients' }))[0].headers['x-service-idempotency-key'];
		};
		const body = JSON.stringify({ client: { kind: 'company', name: 'Retry 1' } });
		expect(await keyOf({ body })).toBe(keys[0]);
		expect(await keyOf({ body, name: 'Renamed node' })).toBe(keys[0]);
		expect(await keyOf({ body: JSON.stringify({ client: { name: 'Retry 1', kind: 'company' } }) })).toBe(keys[0]);
		expect(await keyOf({ body, workflowId: 'wf-2' })).not.toBe(keys[0]);
		expect(await keyOf({ body, nodeId: 'another-node' })).not.toBe(keys[0]);
		expect(await keyOf({ body: JSON.stringify({ client: { kind: 'company', name: 'Retry 3' } }) })).not.toBe(keys[0]);
	});

	it('scopes the key by the node alone in a workflow n8n has not saved (no id, or its placeholder)', async () => {
		const body = JSON.stringify({ client: { kind: 'company', name: 'Sans Dossier SAS' } });
		const keyIn = async (workflowId: string) => {
			await clearSeenRequests(sandbox);
			await runNode({ sandbox, workflowId, node: probe({ method: 'POST', path: '/v2/clients', body, idempotent: true }) });
			return (await seenRequests(sandbox, { method: 'POST', path: '/v2/clients' }))[0].headers['x-service-idempotency-key'];
		};
		const unsaved = await keyIn('');
		expect(unsaved).toMatch(UUID_V5);
		expect(await keyIn('__EMPTY__')).toBe(unsaved);
		expect(await keyIn('wf-1')).not.toBe(unsaved);
	});

	it('uses the key the user gave instead of the derived one', async () => {
		await runNode({
			sandbox,
			items: [{ order: 'A-1' }, { order: 'A-2' }],
			node: probe({ method: 'GET', path: '/organization', idempotent: true, idempotencyKey: '={{ "order-" + $json.order }}' }),
		});
		const calls = await seenRequests(sandbox, { path: '/organization' });
		expect(calls.map((request) => request.headers['x-service-idempotency-key'])).toEqual(['order-A-1', 'order-A-2']);
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
		const { error } = await runNode({ sandbox, credentialOptions: { fields: { stagingToken: 'wrong-staging' } }, node: getClient(clientId) });
		expect(error?.httpCode).toBe('401');
		expect(error?.message).toBe('The service refused the staging token: check "Staging Token" in the credential "Business Banking account"');
		expect(JSON.stringify(error)).not.toContain('wrong-staging');
	});
});
