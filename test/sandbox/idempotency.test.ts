import { randomUUID } from 'crypto';

import { SEED } from '../../sandbox/core/seed';
import { BENEFICIARY_SEED, beneficiaryId } from '../../sandbox/modules/beneficiaries/store';
import { useTestSandbox } from '../helpers/sandbox';

/** Raw bodies, so that a replay can be compared byte for byte. */
const raw = { transformResponse: (data: string) => data, responseType: 'text' as const };

describe('idempotency keys (X-Service-Idempotency-Key)', () => {
	const sandbox = useTestSandbox();

	const accountsOf = (org: keyof typeof SEED.organizations = 'fr') => sandbox.ctx.bankAccounts.list(SEED.organizations[org]);
	const createAccount = (name: unknown, key?: string, org: keyof typeof SEED.organizations = 'fr') =>
		sandbox.api(org).post('/v2/bank_accounts', { bank_account: { name } }, { ...raw, headers: key ? { 'X-Service-Idempotency-Key': key } : {} });

	it('answers 400 without a key and creates nothing', async () => {
		const response = await createAccount('Taxes');
		expect(response.status).toBe(400);
		expect(JSON.parse(response.data).errors[0].code).toBe('idempotency_key_missing');
		expect(accountsOf()).toHaveLength(1);

		const transfer = await sandbox.api('fr').post('/v2/external_transfers', {});
		expect(transfer.status).toBe(400);
		expect(transfer.data.errors[0].detail).toContain('X-Service-Idempotency-Key');
	});

	it('replays the first response byte for byte, whatever the new body, and creates nothing', async () => {
		const key = randomUUID();
		const first = await createAccount('Taxes', key);
		expect(first.status).toBe(201);
		const second = await createAccount('Something else', key);
		expect(second.status).toBe(201);
		expect(second.data).toBe(first.data);
		expect(second.headers['content-type']).toContain('application/json');
		expect(accountsOf().map((a) => a.name)).toEqual(['Main account', 'Taxes']);
	});

	it('replays a refusal too: the first answer is the answer for that key', async () => {
		const key = randomUUID();
		const first = await createAccount('', key);
		expect(first.status).toBe(422);
		const second = await createAccount('Valid now', key);
		expect(second.status).toBe(422);
		expect(second.data).toBe(first.data);
		expect(accountsOf()).toHaveLength(1);
	});

	it('runs two simultaneous requests with one key once', async () => {
		const key = randomUUID();
		const [a, b] = await Promise.all([createAccount('One', key), createAccount('Two', key)]);
		expect(a.data).toBe(b.data);
		expect(accountsOf()).toHaveLength(2);
	});

	it('answers 409 when the key was used on another endpoint, and creates nothing', async () => {
		const key = randomUUID();
		expect((await createAccount('Taxes', key)).status).toBe(201);
		const { vop_proof_token } = (await sandbox.api('fr').post('/v2/payee_verifications/skip', { iban: BENEFICIARY_SEED[0].iban })).data;
		const transfer = await sandbox.api('fr').post(
			'/v2/external_transfers',
			{
				vop_proof_token,
				external_transfer: {
					beneficiary_id: beneficiaryId('fr', 'supplier'),
					debit_iban: accountsOf()[0].iban,
					amount: '10.00',
					currency: 'EUR',
					reference: 'x',
				},
			},
			{ headers: { 'X-Service-Idempotency-Key': key } },
		);
		expect(transfer.status).toBe(409);
		expect(transfer.data.errors[0]).toMatchObject({ code: 'idempotency_key_reused' });
		expect(transfer.data.errors[0].detail).toContain('POST /v2/bank_accounts');
	});

	it('keeps a key 30 minutes of sandbox time, then forgets it', async () => {
		const key = randomUUID();
		await createAccount('Taxes', key);
		sandbox.ctx.clock.advance(30 * 60 * 1000 - 1000);
		expect(JSON.parse((await createAccount('Replayed', key)).data).bank_account.name).toBe('Taxes');
		sandbox.ctx.clock.advance(2000);
		const fresh = await createAccount('Payroll', key);
		expect(fresh.status).toBe(201);
		expect(JSON.parse(fresh.data).bank_account.name).toBe('Payroll');
		expect(accountsOf().map((a) => a.name)).toEqual(['Main account', 'Taxes', 'Payroll']);
	});

	it('scopes keys to the organization', async () => {
		const key = randomUUID();
		await createAccount('Taxes', key, 'fr');
		const other = await createAccount('Tasse', key, 'it');
		expect(JSON.parse(other.data).bank_account.organization_id).toBe(SEED.organizations.it);
		expect(accountsOf('it')).toHaveLength(2);
	});

	it('wants a UUID where the spec says uuid', async () => {
		const response = await createAccount('Taxes', 'row-42');
		expect(response.status).toBe(400);
		expect(JSON.parse(response.data).errors[0].code).toBe('idempotency_key_invalid');
	});

	it('forgets keys on reset', async () => {
		const key = randomUUID();
		await createAccount('Taxes', key);
		sandbox.reset();
		expect(JSON.parse((await createAccount('Payroll', key)).data).bank_account.name).toBe('Payroll');
	});
});
