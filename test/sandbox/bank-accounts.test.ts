import { randomUUID } from 'crypto';

import { SEED } from '../../sandbox/core/seed';
import { isValidIban } from '../../sandbox/modules/bankAccounts/iban';
import { recordEvents, useTestSandbox } from '../helpers/sandbox';

describe('business accounts', () => {
	const sandbox = useTestSandbox();
	const events = recordEvents(sandbox);

	const create = (body: unknown, org: keyof typeof SEED.organizations = 'fr') =>
		sandbox.api(org).post('/v2/bank_accounts', body, { headers: { 'X-Service-Idempotency-Key': randomUUID() } });

	it('creates an active, empty account with a valid IBAN of the organization’s country, and emits v1/accounts', async () => {
		const response = await create({ bank_account: { name: 'Taxes' } }, 'de');
		expect(response.status).toBe(201);
		const account = response.data.bank_account;
		expect(account).toMatchObject({
			name: 'Taxes',
			organization_id: SEED.organizations.de,
			status: 'active',
			main: false,
			currency: 'EUR',
			balance: 0,
			balance_cents: 0,
			authorized_balance: '0.00',
			authorized_balance_cents: 0,
			is_external_account: false,
		});
		expect(account.iban).toMatch(/^DE\d{20}$/);
		expect(isValidIban(account.iban)).toBe(true);
		expect(Number.isInteger(account.account_number)).toBe(true);
		expect(events).toEqual([expect.objectContaining({ type: 'v1/accounts', organization_id: SEED.organizations.de, data: account })]);
		const listed = await sandbox.api('de').get('/organization');
		expect(listed.data.organization.bank_accounts.map((a: { id: string }) => a.id)).toContain(account.id);
	});

	it.each([
		[{}, '/bank_account'],
		[{ bank_account: {} }, '/bank_account/name'],
		[{ bank_account: { name: '  ' } }, '/bank_account/name'],
		[{ bank_account: { name: 'x'.repeat(101) } }, '/bank_account/name'],
	])('refuses %p with 422 naming %s', async (body, pointer) => {
		const response = await create(body);
		expect(response.status).toBe(422);
		expect(response.data.errors[0].source.pointer).toBe(pointer);
		expect(events).toEqual([]);
	});

	it('renames an account with PATCH and emits v1/accounts', async () => {
		const main = sandbox.ctx.bankAccounts.list(SEED.organizations.fr)[0];
		const response = await sandbox.api('fr').patch(`/v2/bank_accounts/${main.id}`, { bank_account: { name: 'Operations' } });
		expect(response.status).toBe(200);
		expect(response.data.bank_account).toMatchObject({ id: main.id, name: 'Operations', iban: main.iban, main: true });
		expect(events.map((e) => e.type)).toEqual(['v1/accounts']);
		expect(sandbox.ctx.bankAccounts.get(SEED.organizations.fr, main.id)?.name).toBe('Operations');
	});

	it('answers 404 for another organization’s account and 422 for a bad name', async () => {
		const italian = sandbox.ctx.bankAccounts.list(SEED.organizations.it)[0];
		expect((await sandbox.api('fr').patch(`/v2/bank_accounts/${italian.id}`, { bank_account: { name: 'Mine' } })).status).toBe(404);
		const main = sandbox.ctx.bankAccounts.list(SEED.organizations.fr)[0];
		expect((await sandbox.api('fr').patch(`/v2/bank_accounts/${main.id}`, { bank_account: { name: '' } })).status).toBe(422);
	});

	it('needs the bank_accounts.write scope', async () => {
		const response = await sandbox
			.api('fr', ['organization.read'])
			.post('/v2/bank_accounts', { bank_account: { name: 'x' } }, { headers: { 'X-Service-Idempotency-Key': randomUUID() } });
		expect(response.status).toBe(403);
	});

	it('closes an account through the simulation control (active → closed), once', async () => {
		const { data } = await create({ bank_account: { name: 'Old' } });
		const closed = await sandbox.http.post(`/sandbox/bank_accounts/${data.bank_account.id}/close`);
		expect(closed.data.bank_account.status).toBe('closed');
		expect(events.at(-1)).toMatchObject({ type: 'v1/accounts' });
		expect((await sandbox.http.post(`/sandbox/bank_accounts/${data.bank_account.id}/close`)).status).toBe(409);
	});
});
