import { expectedRefusals, useCountedRateLimit } from '../helpers/countedRateLimit';
import { connectedCredential } from '../helpers/engine/connectedCredential';
import { CredentialStore } from '../helpers/engine/credentialStore';
import { runNode } from '../helpers/engine/runNode';
import { frCompanyClient } from '../helpers/fixtures';
import { useTestSandbox } from '../helpers/sandbox';
import { createClient } from './invoiceFixtures';

/**
 * Client Get runs its items at once (a read): what the transport's per-token pacer and the run's
 * single credential read give, seen from the sandbox's request log and the credential store.
 */
describe('pacing and the credential read once per run', () => {
	const sandbox = useTestSandbox({}, { resetEachTest: false });
	let clientIds: string[] = [];

	beforeAll(async () => {
		clientIds = [];
		for (let index = 0; index < 5; index++) clientIds.push(await createClient(sandbox, { ...frCompanyClient, name: `Rythme ${index} SARL` }));
	});

	const getClients = (count: number) => Array.from({ length: count }, (_, index) => ({ id: clientIds[index % clientIds.length] }));
	const getParameters = (extra: Record<string, unknown> = {}) => ({
		resource: 'client',
		operation: 'get',
		clientId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
		...extra,
	});

	/** A credential store that counts n8n's reads of it (each one a decryption and an expression resolution in n8n). */
	function countingStore(): { store: CredentialStore; reads: () => number } {
		const store = new CredentialStore(connectedCredential(sandbox));
		const read = store.read.bind(store);
		let reads = 0;
		store.read = () => {
			reads++;
			return read();
		};
		return { store, reads: () => reads };
	}

	it('reads the credential once for a whole run of 40 items (n8n-core signs with that same copy)', async () => {
		const { store, reads } = countingStore();
		const input = getClients(40);
		const { items, error } = await runNode({ sandbox, credential: store, node: { parameters: getParameters() }, items: input });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(input.map((row) => row.id));
		expect(items.map((item) => item.pairedItem)).toEqual(input.map((_, index) => ({ item: index })));
		expect(reads()).toBe(1);
	});

	it('after a 401, n8n refreshes the token once and the rest of the run uses the refreshed copy', async () => {
		const { store, reads } = countingStore();
		// The stored access token is refused from the first request on: n8n refreshes once, on one request.
		store.data = { ...store.data, oauthTokenData: { ...(store.data.oauthTokenData as object), access_token: 'revoked-token' } };
		const seqBefore = sandbox.ctx.requests.all().at(-1)?.seq ?? 0;
		const input = getClients(20);
		const { items, error } = await runNode({ sandbox, credential: store, node: { parameters: getParameters() }, items: input });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(input.map((row) => row.id));
		const gets = sandbox.ctx.requests.all().filter((request) => request.seq > seqBefore && request.method === 'GET');
		const refused = gets.filter((request) => request.status === 401).length;
		expect(gets.filter((request) => request.status === 200)).toHaveLength(20);
		// Only the requests already sent with the old token were refused; the rest used the refreshed one.
		expect(refused).toBeGreaterThan(0);
		expect(refused).toBeLessThan(20);
		expect(store.tokenWrites).toBe(1);
		// The run's one read, plus n8n's own check of the stored token for each refused request.
		expect(reads()).toBeLessThanOrEqual(1 + refused);
	});

	// Version 1 keeps the limit in its own Rate Limit section, version 2 under Advanced.
	it.each([
		['version 1 (Rate Limit)', 1, { rateLimit: { requests: 15, windowSeconds: 1 } }],
		['version 2 (Advanced › Rate Limit)', 2, { advanced: { rateLimitRequests: 15, rateLimitWindowSeconds: 1 } }],
	])('%s: with the node set to the service\'s limit, a batch far above it never meets a 429, in input order', async (_version, typeVersion, limit) => {
		sandbox.ctx.options.rateLimit = { max: 15, windowMs: 1000 };
		try {
			const seqBefore = sandbox.ctx.requests.all().at(-1)?.seq ?? 0;
			const input = getClients(45);
			const { items, error } = await runNode({
				sandbox,
				node: { typeVersion, parameters: getParameters(limit) },
				items: input,
			});
			expect(error).toBeUndefined();
			expect(items.map((item) => item.json.id)).toEqual(input.map((row) => row.id));
			expect(items.map((item) => item.pairedItem)).toEqual(input.map((_, index) => ({ item: index })));
			const gets = sandbox.ctx.requests.all().filter((request) => request.seq > seqBefore && request.path.startsWith('/v2/clients/'));
			expect(gets).toHaveLength(45);
			expect(gets.filter((request) => request.status === 429)).toHaveLength(0);
		} finally {
			sandbox.ctx.options.rateLimit = undefined;
		}
	}, 30_000);

	it('above the service\'s real limit, the 429s pause the token and every item still succeeds once', async () => {
		// Windows counted in requests, not in the machine's time: every 11th request is refused, so
		// 30 reads meet exactly 2 refusals however fast the machine is.
		const stop = useCountedRateLimit(sandbox, 10);
		try {
			const seqBefore = sandbox.ctx.requests.all().at(-1)?.seq ?? 0;
			const input = getClients(30);
			const { items, error } = await runNode({ sandbox, node: { parameters: getParameters() }, items: input });
			expect(error).toBeUndefined();
			expect(items.map((item) => item.json.id)).toEqual(input.map((row) => row.id));
			const gets = sandbox.ctx.requests.all().filter((request) => request.seq > seqBefore && request.path.startsWith('/v2/clients/'));
			expect(gets.filter((request) => request.status === 200)).toHaveLength(30);
			expect(gets.filter((request) => request.status === 429)).toHaveLength(expectedRefusals(30, 10));
		} finally {
			stop();
		}
	}, 30_000);
});
