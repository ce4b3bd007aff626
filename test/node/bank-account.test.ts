import { SEED } from '../../sandbox/core/seed';
import { runNode } from '../helpers/engine/runNode';
import { UUID } from '../helpers/fixtures';
import { useTestSandbox } from '../helpers/sandbox';

describe('Business Account in n8n’s engine', () => {
	const sandbox = useTestSandbox();
	beforeEach(() => sandbox.ctx.requests.clear());

	const accounts = () => sandbox.ctx.bankAccounts.list(SEED.organizations.fr);

	it('creates an account with a UUID idempotency key; a dropped answer is retried with the same key, one account exists', async () => {
		await sandbox.http.post('/sandbox/faults', { method: 'POST', path: '/v2/bank_accounts', kind: 'drop_after_commit' });
		const { items, error } = await runNode({ sandbox, node: { parameters: { resource: 'bankAccount', operation: 'create', name: 'Taxes' } } });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ name: 'Taxes', status: 'active', main: false });
		const posts = sandbox.ctx.requests.find('POST', '/v2/bank_accounts');
		expect(posts.map((p) => p.dropped)).toEqual([true, false]);
		expect(posts[0].headers['x-service-idempotency-key']).toMatch(UUID);
		expect(posts[1].headers['x-service-idempotency-key']).toBe(posts[0].headers['x-service-idempotency-key']);
		expect(posts[0].body).toEqual({ bank_account: { name: 'Taxes' } });
		expect(accounts().map((a) => a.name)).toEqual(['Main account', 'Taxes']);
	});

	it('refuses a name over 100 characters before any request', async () => {
		const { error } = await runNode({ sandbox, node: { parameters: { resource: 'bankAccount', operation: 'create', name: 'x'.repeat(101) } } });
		expect(error?.message).toBe('Item 0: Name (name) must be at most 100 characters');
		expect(sandbox.ctx.requests.all()).toEqual([]);
	});

	it('renames an account', async () => {
		const main = accounts()[0];
		const { items } = await runNode({
			sandbox,
			node: { parameters: { resource: 'bankAccount', operation: 'update', bankAccountId: { __rl: true, mode: 'list', value: main.id }, name: 'Operations' } },
		});
		expect(items[0].json).toMatchObject({ id: main.id, name: 'Operations' });
		expect(sandbox.ctx.requests.find('PATCH', `/v2/bank_accounts/${main.id}`)[0].body).toEqual({ bank_account: { name: 'Operations' } });
	});

	it('shows the API’s 404 for an unknown account', async () => {
		const { error } = await runNode({
			sandbox,
			node: { parameters: { resource: 'bankAccount', operation: 'update', bankAccountId: { __rl: true, mode: 'id', value: SEED.organizations.fr }, name: 'X' } },
		});
		expect(error).toMatchObject({ name: 'NodeApiError', httpCode: '404' });
		expect(error?.message).toBe('Bank account not found');
	});

	it('lists the organization’s accounts, one item each, closed ones on request', async () => {
		await sandbox.api('fr').post('/v2/bank_accounts', { bank_account: { name: 'Old' } }, { headers: { 'X-Service-Idempotency-Key': '0f0e0d0c-0b0a-4908-8706-050403020100' } });
		const old = accounts().find((a) => a.name === 'Old')!;
		await sandbox.http.post(`/sandbox/bank_accounts/${old.id}/close`);
		const active = await runNode({ sandbox, node: { parameters: { resource: 'bankAccount', operation: 'getMany' } } });
		expect(active.items.map((i) => i.json.name)).toEqual(['Main account']);
		const all = await runNode({ sandbox, node: { parameters: { resource: 'bankAccount', operation: 'getMany', includeClosed: true } } });
		expect(all.items.map((i) => [i.json.name, i.json.status])).toEqual([
			['Main account', 'active'],
			['Old', 'closed'],
		]);
	});
});
