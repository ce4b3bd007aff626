// The transport inside n8n's engine: retries (429, 5xx, redirects, dropped connections) and idempotency keys.
import { runNode } from '../helpers/engine/runNode';
import { clearSeenRequests, injectFault, seenRequests } from '../helpers/engine/sandboxControls';
import { createCompany, getClient, probe, useTransportSandbox } from './transportProbe';

const UUID_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('transport inside the n8n engine: tokens, retries, errors', () => {
	const { sandbox, client } = useTransportSandbox();

	it('waits and retries after a 429, honouring Retry-After', async () => {
		await injectFault(sandbox, { method: 'GET', path: `/v2/clients/${client.id}`, kind: 'status', status: 429, retryAfter: 1, count: 1 });
		const { items, error } = await runNode({ sandbox, node: getClient(client.id) });
		expect(error).toBeUndefined();
		expect(items[0].json.id).toBe(client.id);
		const gets = await seenRequests(sandbox, { method: 'GET', path: `/v2/clients/${client.id}` });
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
		await injectFault(sandbox, { method: 'GET', path: `/v2/clients/${client.id}`, kind: 'status', status: 429, retryAfter: 0, count: 10 });
		const { error } = await runNode({ sandbox, node: getClient(client.id) });
		expect(error?.httpCode).toBe('429');
		expect(error?.message).toBe('The service is rate limiting these requests (HTTP 429) after 4 tries');
		expect(error?.description).toMatch(/its rate limit \(Rate Limit; in version 2, under Advanced\)/);
		expect(await seenRequests(sandbox, { method: 'GET', path: `/v2/clients/${client.id}` })).toHaveLength(4);
	});

	it('retries a 5xx on a GET', async () => {
		await injectFault(sandbox, { method: 'GET', path: `/v2/clients/${client.id}`, kind: 'status', status: 503, count: 2 });
		const { items, error } = await runNode({ sandbox, node: getClient(client.id) });
		expect(error).toBeUndefined();
		expect(items[0].json.id).toBe(client.id);
		const gets = await seenRequests(sandbox, { method: 'GET', path: `/v2/clients/${client.id}` });
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
		await injectFault(sandbox, { method: 'GET', path: `/v2/clients/${client.id}`, kind: 'drop_after_commit', count: 1 });
		const read = await runNode({ sandbox, node: getClient(client.id) });
		expect(read.error).toBeUndefined();
		expect((await seenRequests(sandbox, { method: 'GET', path: `/v2/clients/${client.id}` })).map((request) => request.dropped)).toEqual([true, false]);

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
});
