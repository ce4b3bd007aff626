import Big from 'big.js';
import { randomUUID } from 'crypto';

import { SEED } from '../../sandbox/core/seed';
import { recordEvents, useTestSandbox } from '../helpers/sandbox';

const US_DETAILS = {
	accountHolderName: 'Acme Supplies Inc',
	swiftCode: 'CHASUS33',
	accountNumber: '000123456789',
	address: { city: 'New York', country: 'US', state: 'NY', postCode: '10001', firstLine: '350 Fifth Avenue' },
};

describe('international transfers', () => {
	const sandbox = useTestSandbox();
	const events = recordEvents(sandbox);

	const api = () => sandbox.api('fr');
	const quote = async (body: Record<string, unknown> = {}) => {
		const response = await api().post('/v2/international/quotes', {
			source_currency: 'EUR',
			target_currency: 'USD',
			source_amount: { value: '1000.00', currency: 'EUR' },
			...body,
		});
		expect(response.status).toBe(201);
		return response.data.quote;
	};
	const beneficiary = async (quoteId: string, details: Record<string, unknown> = US_DETAILS) =>
		api().post('/v2/international/beneficiaries', { quote_id: quoteId, payload: { currency: 'USD', type: 'swift_code', details } });
	const transfer = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
		api().post('/v2/international/transfers', body, { headers: { 'X-Service-Idempotency-Key': randomUUID(), ...headers } });
	/** A quote, a beneficiary on it and the body of a transfer that uses both. */
	const ready = async () => {
		const q = await quote();
		const b = (await beneficiary(q.id)).data;
		return {
			q,
			b,
			body: {
				beneficiary_id: b.beneficiary.id,
				quote_id: q.id,
				target_account_id: b.target_account_id,
				details: { reference: 'INV 2026-07' },
				source_amount: q.source_amount,
				target_amount: q.target_amount,
			},
		};
	};

	describe('quotes', () => {
		it('prices a quote fixed on the source: the fee comes off, then the rate applies; valid 30 minutes', async () => {
			const q = await quote();
			expect(q).toMatchObject({ source_currency: 'EUR', target_currency: 'USD', fee: { value: '4.50', currency: 'EUR' }, source_amount: { value: '1000.00', currency: 'EUR' } });
			expect(q.target_amount.value).toBe(new Big('995.50').times(q.rate).round(2, Big.roundDown).toFixed(2));
			expect(Date.parse(q.expires_at) - Date.parse(q.created_at)).toBe(30 * 60 * 1000);
		});

		it('prices a quote fixed on the target', async () => {
			const q = await quote({ source_amount: undefined, target_amount: { value: '500.00', currency: 'USD' } });
			expect(q.target_amount).toEqual({ value: '500.00', currency: 'USD' });
			const converted = new Big('500').div(q.rate).round(2, Big.roundUp);
			expect(q.source_amount.value).toBe(converted.plus(q.fee.value).toFixed(2));
		});

		it('charges at least 1.00', async () => {
			expect((await quote({ source_amount: { value: '50', currency: 'EUR' } })).fee.value).toBe('1.00');
		});

		it.each([
			[{ target_amount: { value: '5', currency: 'USD' } }, '/source_amount'],
			[{ target_currency: 'EUR' }, '/target_currency'],
			[{ target_currency: 'XAU' }, '/target_currency'],
			[{ source_amount: { value: '10.123', currency: 'EUR' } }, '/source_amount/value'],
			[{ source_amount: { value: '10', currency: 'USD' } }, '/source_amount/currency'],
		])('refuses %p naming %s', async (body, pointer) => {
			const response = await api().post('/v2/international/quotes', {
				source_currency: 'EUR',
				target_currency: 'USD',
				source_amount: { value: '1000.00', currency: 'EUR' },
				...body,
			});
			expect(response.status).toBe(422);
			expect(response.data.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toContain(pointer);
		});
	});

	describe('requirements', () => {
		it('lists the account forms for the target currency, each field with key, name, required, type', async () => {
			const q = await quote();
			const response = await api().get('/v2/international/beneficiaries/requirements', { params: { quote_id: q.id } });
			expect(response.status).toBe(200);
			expect(response.data.requirements.map((r: { type: string }) => r.type)).toEqual(['swift_code', 'aba']);
			const swift = response.data.requirements[0].fields;
			expect(swift.map((f: { key: string }) => f.key)).toEqual([
				'accountHolderName',
				'address.country',
				'address.city',
				'address.postCode',
				'address.firstLine',
				'swiftCode',
				'accountNumber',
			]);
			expect(swift.find((f: { key: string }) => f.key === 'swiftCode')).toEqual({
				key: 'swiftCode',
				name: 'SWIFT / BIC code',
				required: true,
				type: 'text',
				validation_regexp: '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$',
			});
			expect(swift.find((f: { key: string }) => f.key === 'address.country').values_allowed).toContainEqual({ key: 'US', name: 'US' });
			const gbp = await quote({ target_currency: 'GBP' });
			const forms = (await api().get('/v2/international/beneficiaries/requirements', { params: { quote_id: gbp.id } })).data.requirements;
			expect(forms.map((r: { type: string }) => r.type)).toEqual(['swift_code', 'sort_code', 'iban']);
		});

		it('adds the state once a US or Canadian country is given as details[address.country]; the country says so', async () => {
			const q = await quote();
			const listing = async (params: Record<string, string>) =>
				(await api().get('/v2/international/beneficiaries/requirements', { params: { quote_id: q.id, ...params } })).data.requirements[0].fields as Array<Record<string, unknown>>;
			const plain = await listing({});
			expect(plain.find((f) => f.key === 'address.country')).toMatchObject({ refresh_requirements_on_change: true });
			expect(plain.map((f) => f.key)).not.toContain('address.state');
			const us = await listing({ 'details[address.country]': 'US' });
			expect(us.map((f) => f.key)).toEqual(['accountHolderName', 'address.country', 'address.state', 'address.city', 'address.postCode', 'address.firstLine', 'swiftCode', 'accountNumber']);
			expect(us.find((f) => f.key === 'address.state')).toMatchObject({ name: 'State / province', required: true, type: 'select' });
			expect((us.find((f) => f.key === 'address.state')?.values_allowed as unknown[]).length).toBe(51);
			expect((await listing({ 'details[address.country]': 'CA' })).find((f) => f.key === 'address.state')?.values_allowed).toContainEqual({ key: 'QC', name: 'QC' });
			expect((await listing({ 'details[address.country]': 'FR' })).map((f) => f.key)).not.toContain('address.state');
			const stateless = await beneficiary(q.id, { ...US_DETAILS, address: { ...US_DETAILS.address, state: undefined } });
			expect(stateless.status).toBe(422);
			expect(stateless.data.errors).toEqual([{ code: 'required', detail: 'State / province is required', source: { pointer: '/payload/details/address/state' } }]);
			const french = await beneficiary(q.id, { ...US_DETAILS, address: { ...US_DETAILS.address, country: 'FR', state: undefined } });
			expect(french.status).toBe(201);
		});

		it('asks for the source of funds from 5,000 and needs quote_id and beneficiary_id', async () => {
			const { b, q } = await ready();
			const small = await api().get('/v2/international/transfers/requirements', { params: { quote_id: q.id, beneficiary_id: b.beneficiary.id } });
			const field = (r: typeof small, key: string) => r.data.requirements[0].fields.find((f: { key: string }) => f.key === key);
			expect(field(small, 'reference')).toMatchObject({ required: true });
			expect(field(small, 'sourceOfFunds')).toMatchObject({ required: false, type: 'select' });
			const bigQuote = await quote({ source_amount: { value: '5000', currency: 'EUR' } });
			const big = await api().get('/v2/international/transfers/requirements', { params: { quote_id: bigQuote.id, beneficiary_id: b.beneficiary.id } });
			expect(field(big, 'sourceOfFunds')).toMatchObject({ required: true });
			expect((await api().get('/v2/international/transfers/requirements', { params: { quote_id: q.id } })).status).toBe(400);
			expect((await api().get('/v2/international/beneficiaries/requirements', { params: { quote_id: randomUUID() } })).status).toBe(422);
		});
	});

	describe('beneficiaries', () => {
		it('creates a beneficiary checked against the requirements, with its quote and target account; emits v1/beneficiaries', async () => {
			const q = await quote();
			const response = await beneficiary(q.id);
			expect(response.status).toBe(201);
			expect(response.data.beneficiary).toMatchObject({ name: 'Acme Supplies Inc', currency: 'USD', type: 'swift_code', details: US_DETAILS });
			expect(response.data.quote).toEqual(q);
			expect(response.data.target_account_id).toMatch(/^\d+$/);
			expect(events).toEqual([expect.objectContaining({ type: 'v1/beneficiaries', organization_id: SEED.organizations.fr, data: response.data.beneficiary })]);
		});

		it('names every field that breaks the form', async () => {
			const q = await quote();
			const response = await beneficiary(q.id, { ...US_DETAILS, swiftCode: 'chase', address: { ...US_DETAILS.address, city: '', country: 'XX' } });
			expect(response.status).toBe(422);
			expect(response.data.errors.map((e: { source: { pointer: string }; code: string }) => [e.source.pointer, e.code])).toEqual([
				['/payload/details/address/country', 'invalid_value'],
				['/payload/details/address/city', 'required'],
				['/payload/details/swiftCode', 'invalid_format'],
			]);
			expect(events).toEqual([]);
		});

		it('refuses a type the currency does not offer and a currency other than the quote’s', async () => {
			const q = await quote();
			const wrongType = await api().post('/v2/international/beneficiaries', { quote_id: q.id, payload: { currency: 'USD', type: 'sort_code', details: US_DETAILS } });
			expect(wrongType.data.errors[0].source.pointer).toBe('/payload/type');
			const wrongCurrency = await api().post('/v2/international/beneficiaries', { quote_id: q.id, payload: { currency: 'GBP', type: 'swift_code', details: US_DETAILS } });
			expect(wrongCurrency.data.errors[0].source.pointer).toBe('/payload/currency');
		});

		it('updates a beneficiary with PUT: new details, a new target account; the old one no longer works', async () => {
			const { b, q, body } = await ready();
			const updated = await api().put(`/v2/international/beneficiaries/${b.beneficiary.id}`, {
				quote_id: q.id,
				payload: { currency: 'USD', type: 'swift_code', details: { ...US_DETAILS, accountNumber: '999988887777' } },
			});
			expect(updated.status).toBe(200);
			expect(updated.data.beneficiary).toMatchObject({ id: b.beneficiary.id, details: { accountNumber: '999988887777' } });
			expect(updated.data.target_account_id).not.toBe(b.target_account_id);
			expect(events.map((e) => e.type)).toEqual(['v1/beneficiaries', 'v1/beneficiaries']);
			const stale = await transfer(body);
			expect(stale.data.errors[0]).toMatchObject({ code: 'target_account_mismatch', source: { pointer: '/target_account_id' } });
			expect((await transfer({ ...body, target_account_id: updated.data.target_account_id })).status).toBe(201);
			expect((await api().put(`/v2/international/beneficiaries/${randomUUID()}`, { quote_id: q.id, payload: {} })).status).toBe(404);
		});
	});

	describe('transfers', () => {
		it('creates a transfer in TRANSACTION_STATUS_PROCESSING and emits v1/transactions', async () => {
			const { body, b, q } = await ready();
			events.length = 0;
			const response = await transfer(body);
			expect(response.status).toBe(201);
			expect(response.data.transfer).toMatchObject({
				beneficiary_id: b.beneficiary.id,
				bank_account_id: sandbox.ctx.bankAccounts.list(SEED.organizations.fr)[0].id,
				status: 'TRANSACTION_STATUS_PROCESSING',
				quote_id: q.id,
				rate: q.rate,
			});
			expect(events.map((e) => e.type)).toEqual(['v1/transactions']);
			const got = await api().get(`/v2/international/transfers/${response.data.transfer.id}`);
			expect(got.data.transfer).toEqual(response.data.transfer);
		});

		it('needs a UUID idempotency key and replays the first answer', async () => {
			const { body } = await ready();
			const missing = await api().post('/v2/international/transfers', body);
			expect(missing.status).toBe(400);
			const notUuid = await transfer(body, { 'X-Service-Idempotency-Key': 'abc' });
			expect(notUuid.data.errors[0].code).toBe('idempotency_key_invalid');
			const key = randomUUID();
			const first = await transfer(body, { 'X-Service-Idempotency-Key': key });
			const second = await transfer({}, { 'X-Service-Idempotency-Key': key });
			expect(second.data).toEqual(first.data);
			expect(sandbox.ctx.bankAccounts.list(SEED.organizations.fr)[0].authorized_balance).toBe('124000.50');
		});

		it.each(['paired-device', 'passkey', 'mock', 'sms-otp'])('accepts the 2FA preference %s', async (preference) => {
			const { body } = await ready();
			expect((await transfer(body, { 'X-Service-2fa-Preference': preference })).status).toBe(201);
		});

		it('refuses another 2FA preference', async () => {
			const { body } = await ready();
			const response = await transfer(body, { 'X-Service-2fa-Preference': 'carrier-pigeon' });
			expect(response.status).toBe(400);
			expect(response.data.errors[0].code).toBe('invalid_2fa_preference');
		});

		it('checks details against the transfer requirements and amounts against the quote', async () => {
			const { body } = await ready();
			const noReference = await transfer({ ...body, details: {} });
			expect(noReference.data.errors[0].source.pointer).toBe('/details/reference');
			const badAmount = await transfer({ ...body, source_amount: { value: '999.00', currency: 'EUR' } });
			expect(badAmount.data.errors[0]).toMatchObject({ code: 'amount_mismatch', source: { pointer: '/source_amount' } });
			const badShape = await transfer({ ...body, target_amount: { value: '12.345', currency: 'USD' } });
			expect(badShape.data.errors[0].source.pointer).toBe('/target_amount/value');
		});

		it('uses a quote once', async () => {
			const { body } = await ready();
			expect((await transfer(body)).status).toBe(201);
			expect((await transfer(body)).data.errors[0].code).toBe('quote_already_used');
		});

		it('replaces an expired quote with a new one at another rate, keeping the fixed source amount', async () => {
			const { body, q } = await ready();
			sandbox.ctx.clock.advance(30 * 60 * 1000 + 1000);
			const response = await transfer(body);
			expect(response.status).toBe(201);
			const made = response.data.transfer;
			expect(made.quote_id).not.toBe(q.id);
			expect(made.rate).not.toBe(q.rate);
			expect(made.source_amount).toEqual(q.source_amount);
			expect(made.target_amount.value).toBe(new Big('995.50').times(made.rate).round(2, Big.roundDown).toFixed(2));
		});

		it('keeps a quote until its 30 minutes are over', async () => {
			const { body, q } = await ready();
			sandbox.ctx.clock.advance(30 * 60 * 1000 - 1000);
			expect((await transfer(body)).data.transfer.quote_id).toBe(q.id);
		});

		it('completes or fails a transfer through the simulation controls, once', async () => {
			const { body } = await ready();
			const one = (await transfer(body)).data.transfer;
			const completed = await sandbox.http.post(`/sandbox/international_transfers/${one.id}/complete`);
			expect(completed.data.transfer.status).toBe('TRANSACTION_STATUS_COMPLETED');
			expect((await sandbox.http.post(`/sandbox/international_transfers/${one.id}/fail`)).status).toBe(409);
			expect(sandbox.ctx.bankAccounts.list(SEED.organizations.fr)[0]).toMatchObject({ balance_cents: 12400050 });

			const again = await ready();
			const two = (await transfer(again.body)).data.transfer;
			events.length = 0;
			const failed = await sandbox.http.post(`/sandbox/international_transfers/${two.id}/fail`);
			expect(failed.data.transfer.status).toBe('TRANSACTION_STATUS_FAILED');
			expect(events.map((e) => [e.type, (e.data as { status: string }).status])).toEqual([['v1/transactions', 'TRANSACTION_STATUS_FAILED']]);
			expect((await api().get(`/v2/international/transfers/${two.id}`)).data.transfer.status).toBe('TRANSACTION_STATUS_FAILED');
			expect(sandbox.ctx.bankAccounts.list(SEED.organizations.fr)[0].authorized_balance).toBe('124000.50');
		});
	});
});
