import { randomUUID } from 'crypto';
import type { INodeParameters } from 'n8n-workflow';

import { SEED } from '../../sandbox/core/seed';
import { international } from '../../sandbox/modules/international/store';
import { runNode } from '../helpers/engine/runNode';
import { UUID } from '../helpers/fixtures';
import { internationalTransferParameters, US_DETAILS } from '../helpers/international';
import { useTestSandbox } from '../helpers/sandbox';

describe('International Transfer and Beneficiary in n8n’s engine', () => {
	const sandbox = useTestSandbox();
	beforeEach(() => sandbox.ctx.requests.clear());

	const transfers = () => international(sandbox.ctx).transfers.list(SEED.organizations.fr);
	const run = (parameters: Record<string, unknown>, extra: { executionId?: string } = {}) =>
		runNode({ sandbox, node: { parameters: parameters as INodeParameters }, ...extra });
	const getQuote = async (amount = '1000') => {
		const { items, error } = await run({ resource: 'internationalTransfer', operation: 'getQuote', sourceCurrency: 'EUR', targetCurrency: 'usd', fixedSide: 'source', amount });
		expect(error).toBeUndefined();
		return items[0].json.quote as { id: string; rate: string; source_amount: { value: string }; target_amount: { value: string } };
	};
	/** Beneficiary Create in JSON mode; `details` overrides some of the US details. */
	const beneficiaryParameters = (quoteId: string, { details, ...overrides }: Record<string, unknown> = {}) => ({
		resource: 'internationalBeneficiary',
		operation: 'create',
		quoteId,
		currency: 'USD',
		accountType: 'swift_code',
		detailsInput: 'json',
		detailsJson: JSON.stringify({ ...US_DETAILS, ...(details as object) }),
		...overrides,
	});
	const createBeneficiary = async (quoteId: string) => {
		const { items, error } = await run(beneficiaryParameters(quoteId));
		expect(error).toBeUndefined();
		return items[0].json as { beneficiary: { id: string }; target_account_id: string };
	};
	const transferParameters = internationalTransferParameters;

	it('gets a quote: the body the sandbox saw', async () => {
		const quote = await getQuote('1000');
		expect(quote.source_amount.value).toBe('1000.00');
		expect(sandbox.ctx.requests.find('POST', '/v2/international/quotes')[0].body).toEqual({
			source_currency: 'EUR',
			target_currency: 'USD',
			source_amount: { value: '1000', currency: 'EUR' },
		});
	});

	it('creates a beneficiary from JSON details, checked against the listing first', async () => {
		const quote = await getQuote();
		const made = await createBeneficiary(quote.id);
		expect(made.target_account_id).toMatch(/^\d+$/);
		expect(sandbox.ctx.requests.find('POST', '/v2/international/beneficiaries')[0].body).toEqual({
			quote_id: quote.id,
			payload: {
				currency: 'USD',
				type: 'swift_code',
				details: US_DETAILS,
			},
		});
	});

	it('lists the requirements of beneficiaries and transfers', async () => {
		const quote = await getQuote();
		const forms = await run({ resource: 'internationalBeneficiary', operation: 'getRequirements', quoteId: quote.id });
		expect((forms.items[0].json.requirements as Array<{ type: string }>).map((r) => r.type)).toEqual(['swift_code', 'aba']);
		const made = await createBeneficiary(quote.id);
		const transferForm = await run({ resource: 'internationalTransfer', operation: 'getRequirements', quoteId: quote.id, internationalBeneficiaryId: made.beneficiary.id });
		expect(transferForm.items[0].json.requirements).toEqual([expect.objectContaining({ type: 'transfer' })]);
	});

	it('refuses JSON details that break the listing before the write, naming the field', async () => {
		const quote = await getQuote();
		sandbox.ctx.requests.clear();
		const { error } = await run(beneficiaryParameters(quote.id, { details: { swiftCode: 'chase' } }));
		expect(error).toMatchObject({ name: 'NodeOperationError' });
		expect(error?.message).toBe('Item 0: SWIFT / BIC code (payload.details.swiftCode) does not match ^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$');
		expect(sandbox.ctx.requests.all().map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /v2/international/beneficiaries/requirements',
			'GET /v2/international/beneficiaries/requirements',
		]);
	});

	it('creates a transfer with a UUID idempotency key and the chosen 2FA method', async () => {
		const quote = await getQuote();
		const beneficiary = await createBeneficiary(quote.id);
		const { items, error } = await run(transferParameters(quote, beneficiary, { options: { twoFaPreference: 'mock', scaSessionToken: 'sca-1', mfa: '123456' } }));
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ status: 'TRANSACTION_STATUS_PROCESSING', quote_id: quote.id, rate: quote.rate, quote_renewed: false });
		const [request] = sandbox.ctx.requests.find('POST', '/v2/international/transfers');
		expect(request.headers['x-service-idempotency-key']).toMatch(UUID);
		expect(request.headers['x-service-2fa-preference']).toBe('mock');
		expect(request.headers).toMatchObject({ 'x-service-sca-session-token': 'sca-1', 'x-service-mfa': '123456' });
		expect(request.body).toEqual({
			quote_id: quote.id,
			beneficiary_id: beneficiary.beneficiary.id,
			target_account_id: beneficiary.target_account_id,
			details: { reference: 'INV 2026-07' },
			source_amount: { value: quote.source_amount.value, currency: 'EUR' },
			target_amount: { value: quote.target_amount.value, currency: 'USD' },
		});
	});

	it('sends paired-device when no 2FA method is chosen', async () => {
		const quote = await getQuote();
		const beneficiary = await createBeneficiary(quote.id);
		await run(transferParameters(quote, beneficiary));
		expect(sandbox.ctx.requests.find('POST', '/v2/international/transfers')[0].headers['x-service-2fa-preference']).toBe('paired-device');
	});

	it('says when an expired quote was replaced, with the new rate', async () => {
		const quote = await getQuote();
		const beneficiary = await createBeneficiary(quote.id);
		sandbox.ctx.clock.advance(31 * 60 * 1000);
		const { items } = await run(transferParameters(quote, beneficiary));
		expect(items[0].json).toMatchObject({ quote_renewed: true, requested_quote_id: quote.id });
		expect(items[0].json.quote_id).not.toBe(quote.id);
		expect(items[0].json.rate).not.toBe(quote.rate);
	});

	it('retries a dropped transfer with the same key; a user key that is not a UUID becomes one, the same each time', async () => {
		const quote = await getQuote();
		const beneficiary = await createBeneficiary(quote.id);
		await sandbox.http.post('/sandbox/faults', { method: 'POST', path: '/v2/international/transfers', kind: 'drop_after_commit' });
		const parameters = transferParameters(quote, beneficiary, { options: { idempotencyKey: 'sheet-row-7' } });
		const first = await run(parameters);
		expect(first.error).toBeUndefined();
		const second = await run(parameters, { executionId: randomUUID() });
		expect(first.items[0].json.id).toEqual(expect.any(String));
		expect(second.items[0].json).toMatchObject({ _madeEarlier: { note: expect.stringMatching(/^Made by an earlier execution/) } });
		// The dropped try and its retry; the second execution sends nothing (the node remembers it).
		const keys = sandbox.ctx.requests.find('POST', '/v2/international/transfers').map((r) => r.headers['x-service-idempotency-key']);
		expect(keys).toHaveLength(2);
		expect(new Set(keys).size).toBe(1);
		expect(keys[0]).toMatch(UUID);
		expect(transfers()).toHaveLength(1);
	});

	it.each([
		[{ sourceAmount: '10.123' }, 'Item 0: Source Amount (source_amount.value) must be a non-negative decimal string'],
		[{ targetAmount: '-1' }, 'Item 0: Target Amount (target_amount.value) must be a non-negative decimal string'],
		[{ detailsJson: '{not json' }, 'Item 0: Details (JSON) (detailsJson) is not valid JSON'],
	])('refuses %p before any request', async (overrides, message) => {
		const quote = await getQuote();
		const beneficiary = await createBeneficiary(quote.id);
		sandbox.ctx.requests.clear();
		const { error } = await run(transferParameters(quote, beneficiary, overrides));
		expect(error?.message).toContain(message);
		expect(sandbox.ctx.requests.all()).toEqual([]);
	});

	it('refuses a quote amount with 3 decimals before any request', async () => {
		const { error } = await run({ resource: 'internationalTransfer', operation: 'getQuote', sourceCurrency: 'EUR', targetCurrency: 'USD', fixedSide: 'target', amount: '5.001' });
		expect(error?.message).toBe('Item 0: Amount (target_amount.value) must be a non-negative decimal string with at most 2 decimals and 12 digits before the point, e.g. "12.30"');
		expect(sandbox.ctx.requests.all()).toEqual([]);
	});

	it('updates a beneficiary; the new target account is in the output', async () => {
		const quote = await getQuote();
		const beneficiary = await createBeneficiary(quote.id);
		const { items, error } = await run({ ...beneficiaryParameters(quote.id, { details: { accountNumber: '999988887777' } }), operation: 'update', internationalBeneficiaryId: beneficiary.beneficiary.id });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ beneficiary: { id: beneficiary.beneficiary.id, details: { accountNumber: '999988887777' } } });
		expect(items[0].json.target_account_id).not.toBe(beneficiary.target_account_id);
		expect(sandbox.ctx.requests.find('PUT', `/v2/international/beneficiaries/${beneficiary.beneficiary.id}`)).toHaveLength(1);
	});
});
