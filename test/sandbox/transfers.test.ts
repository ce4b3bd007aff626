import { randomUUID } from 'crypto';

import { SEED } from '../../sandbox/core/seed';
import { BENEFICIARY_SEED, beneficiaryId } from '../../sandbox/modules/beneficiaries/store';
import { FR_IBAN } from '../helpers/fixtures';
import { recordEvents, useTestSandbox } from '../helpers/sandbox';

const seeded = (key: string) => BENEFICIARY_SEED.find((b) => b.key === key)!;

describe('external transfers', () => {
	const sandbox = useTestSandbox();
	const events = recordEvents(sandbox);

	const api = () => sandbox.api('fr');
	/** The bank's today: its clock, not the machine's. */
	const today = () => sandbox.ctx.clock.now().toISOString().slice(0, 10);
	const skipToken = async (iban: string) => (await api().post('/v2/payee_verifications/skip', { iban })).data.vop_proof_token as string;
	const transferBody = (token: string, overrides: Record<string, unknown> = {}) => ({
		vop_proof_token: token,
		external_transfer: {
			beneficiary_id: beneficiaryId('fr', 'supplier'),
			debit_iban: FR_IBAN,
			amount: '120.5',
			currency: 'EUR',
			reference: 'Invoice 2026-001',
			...overrides,
		},
	});
	const create = (body: unknown, key = randomUUID()) =>
		api().post('/v2/external_transfers', body, { headers: { 'X-Service-Idempotency-Key': key } });
	const createValid = async (beneficiary: 'supplier' | 'invalidBic' = 'supplier') => {
		const token = await skipToken(seeded(beneficiary).iban);
		const response = await create(transferBody(token, { beneficiary_id: beneficiaryId('fr', beneficiary) }));
		expect(response.status).toBe(201);
		return response.data.external_transfer;
	};

	describe('payee verification', () => {
		it.each([
			['Papeterie Martin SARL', 'match', 'Papeterie Martin SARL'],
			['PAPETERIE MARTIN, S.A.R.L.', 'match', 'Papeterie Martin SARL'],
			['Papeterie Martin', 'close_match', 'Papeterie Martin SARL'],
			['Papeterie Martine SARL', 'close_match', 'Papeterie Martin SARL'],
			['Jean Dupont', 'no_match', null],
		])('names %s → %s', async (name, result, matchedName) => {
			const response = await api().post('/v2/payee_verifications', { iban: seeded('supplier').iban, beneficiary_name: name });
			expect(response.status).toBe(201);
			expect(response.data.payee_verification).toMatchObject({ result, matched_name: matchedName });
			expect(response.data.payee_verification.vop_proof_token).toMatch(/^vop_/);
		});

		it('answers not_possible for a valid IBAN whose holder it cannot check', async () => {
			const response = await api().post('/v2/payee_verifications', { iban: 'GB29 NWBK 6016 1331 9268 19', beneficiary_name: 'Anyone' });
			expect(response.data.payee_verification).toMatchObject({ result: 'not_possible', matched_name: null });
		});

		it('refuses an IBAN with wrong check digits', async () => {
			const response = await api().post('/v2/payee_verifications', { iban: 'FR7630006000011234567890188', beneficiary_name: 'X' });
			expect(response.status).toBe(422);
			expect(response.data.errors[0]).toMatchObject({ code: 'invalid_iban', source: { pointer: '/iban' } });
		});

		it('hands out a token without verification through /skip', async () => {
			const response = await api().post('/v2/payee_verifications/skip', { iban: seeded('supplier').iban });
			expect(response.status).toBe(201);
			expect(response.data.vop_proof_token).toMatch(/^vop_/);
		});
	});

	describe('trusted beneficiaries', () => {
		it('lists the organization’s beneficiaries with meta and gets one', async () => {
			const list = await api().get('/v2/beneficiaries', { params: { per_page: 2, page: 2 } });
			expect(list.status).toBe(200);
			expect(list.data.beneficiaries).toHaveLength(2);
			expect(list.data.meta).toEqual({ current_page: 2, next_page: null, prev_page: 1, total_pages: 2, total_count: 4, per_page: 2 });
			const one = await api().get(`/v2/beneficiaries/${beneficiaryId('fr', 'invalidBic')}`);
			expect(one.data.beneficiary).toMatchObject({ name: 'Brouillard Conseil', bic: 'BNPFRP', trusted: true, currency: 'EUR' });
		});

		it('does not show another organization’s beneficiary', async () => {
			const response = await api().get(`/v2/beneficiaries/${beneficiaryId('it', 'supplier')}`);
			expect(response.status).toBe(404);
		});
	});

	describe('create', () => {
		it('creates a pending transfer with string amounts and cents, and emits v1/transactions', async () => {
			const token = await skipToken(seeded('supplier').iban);
			const response = await create(transferBody(token, { note: 'March supplies' }));
			expect(response.status).toBe(201);
			const transfer = response.data.external_transfer;
			expect(transfer).toMatchObject({
				status: 'pending',
				debit_iban: FR_IBAN,
				debit_amount: '120.50',
				debit_amount_cents: '12050',
				debit_currency: 'EUR',
				credit_amount: '120.50',
				credit_amount_cents: '12050',
				credit_currency: 'EUR',
				beneficiary_id: beneficiaryId('fr', 'supplier'),
				initiator_id: SEED.userId,
				reference: 'Invoice 2026-001',
				note: 'March supplies',
				scheduled_date: today(),
				declined_reason: null,
				completed_at: null,
				processed_at: null,
				transaction_id: null,
			});
			for (const key of ['id', 'slug', 'created_at', 'rate_applied', 'payment_purpose']) expect(transfer).toHaveProperty(key);
			expect(events.map((e) => [e.type, (e.data as { id: string }).id])).toEqual([['v1/transactions', transfer.id]]);
			const got = await api().get(`/v2/external_transfers/${transfer.id}`);
			expect(got.data.external_transfer).toEqual(transfer);
		});

		it('reserves the amount on the debit account', async () => {
			await createValid();
			const account = sandbox.ctx.bankAccounts.list(SEED.organizations.fr)[0];
			expect(account).toMatchObject({ authorized_balance: '124880.00', authorized_balance_cents: 12488000, balance_cents: 12500050 });
		});

		it.each([
			['12.345', 'at most 2 decimals'],
			['0', 'greater than 0'],
			['0.00', 'greater than 0'],
			['-5', 'decimal string'],
			['1e3', 'decimal string'],
			[12.5, 'decimal string'],
		])('refuses the amount %p with 422 on /external_transfer/amount', async (amount, message) => {
			const token = await skipToken(seeded('supplier').iban);
			const response = await create(transferBody(token, { amount }));
			expect(response.status).toBe(422);
			expect(response.data.errors[0].source.pointer).toBe('/external_transfer/amount');
			expect(response.data.errors[0].detail).toContain(message);
			expect(events).toEqual([]);
		});

		it('needs a vop_proof_token', async () => {
			const { vop_proof_token: _omitted, ...body } = transferBody('x');
			const response = await create(body);
			expect(response.status).toBe(422);
			expect(response.data.errors[0].source.pointer).toBe('/vop_proof_token');
		});

		it('refuses an unknown token, a used one, one for another IBAN and an expired one', async () => {
			expect((await create(transferBody('vop_made_up'))).data.errors[0].code).toBe('vop_proof_token_invalid');

			const token = await skipToken(seeded('supplier').iban);
			expect((await create(transferBody(token))).status).toBe(201);
			const reused = await create(transferBody(token));
			expect(reused.status).toBe(422);
			expect(reused.data.errors[0].code).toBe('vop_proof_token_used');

			const otherIban = await skipToken(seeded('partner').iban);
			expect((await create(transferBody(otherIban))).data.errors[0].code).toBe('vop_proof_token_iban_mismatch');

			const late = await skipToken(seeded('supplier').iban);
			sandbox.ctx.clock.advance(10 * 60 * 1000 + 1);
			const expired = await api().post('/v2/external_transfers', transferBody(late), { headers: { 'X-Service-Idempotency-Key': randomUUID() } });
			expect(expired.data.errors[0].code).toBe('vop_proof_token_expired');
		});

		it('keeps a token valid for 10 minutes', async () => {
			const token = await skipToken(seeded('supplier').iban);
			sandbox.ctx.clock.advance(10 * 60 * 1000 - 1000);
			expect((await create(transferBody(token))).status).toBe(201);
		});

		it('leaves the token unused when the transfer is refused', async () => {
			const token = await skipToken(seeded('supplier').iban);
			expect((await create(transferBody(token, { amount: '0' }))).status).toBe(422);
			expect((await create(transferBody(token))).status).toBe(201);
		});

		it.each([
			[{ beneficiary_id: beneficiaryId('fr', 'untrusted') }, 'untrusted', '/external_transfer/beneficiary_id', 'beneficiary_not_trusted'],
			[{ beneficiary_id: beneficiaryId('it', 'supplier') }, 'supplier', '/external_transfer/beneficiary_id', 'beneficiary_not_found'],
			[{ debit_iban: 'IT60X0542811101000000123456' }, 'supplier', '/external_transfer/debit_iban', 'debit_account_not_found'],
			[{ currency: 'USD' }, 'supplier', '/external_transfer/currency', 'currency_mismatch'],
			[{ scheduled_date: '2020-01-01' }, 'supplier', '/external_transfer/scheduled_date', 'scheduled_date_in_past'],
			[{ amount: '999999.00' }, 'supplier', '/external_transfer/amount', 'insufficient_funds'],
			[{ reference: '' }, 'supplier', '/external_transfer/reference', 'too_small'],
		])('refuses %p', async (overrides, beneficiary, pointer, code) => {
			const token = await skipToken(seeded(beneficiary).iban);
			const response = await create(transferBody(token, overrides));
			expect(response.status).toBe(422);
			expect(response.data.errors[0]).toMatchObject({ code, source: { pointer } });
		});

		it('accepts a future scheduled date and a debit IBAN written with spaces', async () => {
			const token = await skipToken(seeded('supplier').iban);
			const response = await create(transferBody(token, { scheduled_date: '2099-12-31', debit_iban: 'FR76 3000 6000 0112 3456 7890 189' }));
			expect(response.status).toBe(201);
			expect(response.data.external_transfer).toMatchObject({ scheduled_date: '2099-12-31', debit_iban: FR_IBAN });
		});

		it('refuses a closed debit account', async () => {
			const account = sandbox.ctx.bankAccounts.list(SEED.organizations.fr)[0];
			expect((await sandbox.http.post(`/sandbox/bank_accounts/${account.id}/close`)).status).toBe(200);
			const token = await skipToken(seeded('supplier').iban);
			expect((await create(transferBody(token))).data.errors[0].code).toBe('bank_account_closed');
		});

		it('hides another organization’s transfer', async () => {
			const transfer = await createValid();
			expect((await sandbox.api('it').get(`/v2/external_transfers/${transfer.id}`)).status).toBe(404);
		});
	});

	describe('simulation controls', () => {
		it('settles pending → processed → completed, one v1/transactions per change, and books the amount', async () => {
			const transfer = await createValid();
			events.length = 0;
			const response = await sandbox.http.post(`/sandbox/external_transfers/${transfer.id}/settle`);
			expect(response.status).toBe(200);
			expect(response.data.external_transfer).toMatchObject({ status: 'completed', declined_reason: null });
			expect(response.data.external_transfer.processed_at).toEqual(expect.any(String));
			expect(response.data.external_transfer.transaction_id).toEqual(expect.any(String));
			expect(events.map((e) => [e.type, (e.data as { status: string }).status])).toEqual([
				['v1/transactions', 'processed'],
				['v1/transactions', 'completed'],
			]);
			const account = sandbox.ctx.bankAccounts.list(SEED.organizations.fr)[0];
			expect(account).toMatchObject({ balance_cents: 12488000, balance: 124880, authorized_balance: '124880.00' });
			const again = await sandbox.http.post(`/sandbox/external_transfers/${transfer.id}/settle`);
			expect(again.status).toBe(409);
		});

		it('can stop at processed, then complete', async () => {
			const transfer = await createValid();
			const processed = await sandbox.http.post(`/sandbox/external_transfers/${transfer.id}/settle`, { to: 'processed' });
			expect(processed.data.external_transfer.status).toBe('processed');
			const completed = await sandbox.http.post(`/sandbox/external_transfers/${transfer.id}/settle`, { to: 'completed' });
			expect(completed.data.external_transfer.status).toBe('completed');
		});

		it('declines a transfer to the beneficiary with an invalid BIC when it settles', async () => {
			const transfer = await createValid('invalidBic');
			const settled = await sandbox.http.post(`/sandbox/external_transfers/${transfer.id}/settle`);
			expect(settled.data.external_transfer).toMatchObject({ status: 'declined', declined_reason: 'beneficiary_bic_invalid' });
			const got = await api().get(`/v2/external_transfers/${transfer.id}`);
			expect(got.data.external_transfer).toMatchObject({ status: 'declined', declined_reason: 'beneficiary_bic_invalid', completed_at: null });
			const account = sandbox.ctx.bankAccounts.list(SEED.organizations.fr)[0];
			expect(account.authorized_balance).toBe('125000.50');
		});

		it('declines with a given reason, once', async () => {
			const transfer = await createValid();
			const declined = await sandbox.http.post(`/sandbox/external_transfers/${transfer.id}/decline`, { declined_reason: 'insufficient_funds' });
			expect(declined.data.external_transfer).toMatchObject({ status: 'declined', declined_reason: 'insufficient_funds' });
			expect(events.at(-1)).toMatchObject({ type: 'v1/transactions', organization_id: SEED.organizations.fr });
			expect((await sandbox.http.post(`/sandbox/external_transfers/${transfer.id}/decline`)).status).toBe(409);
			expect((await sandbox.http.post(`/sandbox/external_transfers/${randomUUID()}/decline`)).status).toBe(404);
		});
	});
});
