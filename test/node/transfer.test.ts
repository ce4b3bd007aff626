import { randomUUID } from 'crypto';

import { SEED } from '../../sandbox/core/seed';
import { beneficiaries, beneficiaryId } from '../../sandbox/modules/beneficiaries/store';
import { externalTransfers } from '../../sandbox/modules/transfers/store';
import { runNode } from '../helpers/engine/runNode';
import { FR_IBAN, UUID } from '../helpers/fixtures';
import { useTestSandbox } from '../helpers/sandbox';

describe('External Transfer in n8n’s engine', () => {
	const sandbox = useTestSandbox({ stagingToken: 'staging-g' });
	beforeEach(() => sandbox.ctx.requests.clear());

	const stored = () => externalTransfers(sandbox.ctx).list(SEED.organizations.fr);
	const apiRequests = () => sandbox.ctx.requests.find(undefined, '/v2/*');
	const createParameters = (overrides: Record<string, unknown> = {}) => ({
		resource: 'externalTransfer',
		operation: 'create',
		beneficiaryId: { __rl: true, mode: 'list', value: beneficiaryId('fr', 'supplier') },
		debitIban: { __rl: true, mode: 'iban', value: 'FR76 3000 6000 0112 3456 7890 189' },
		amount: '250.4',
		currency: 'EUR',
		reference: 'Invoice 2026-042',
		...overrides,
	});

	it('verifies the payee, then sends the transfer with an idempotency key; the sandbox saw exactly that', async () => {
		const { items, error } = await runNode({ sandbox, node: { parameters: createParameters() } });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			status: 'pending',
			debit_amount: '250.40',
			debit_amount_cents: '25040',
			beneficiary_id: beneficiaryId('fr', 'supplier'),
			payee_verification: { result: 'match', matched_name: 'Papeterie Martin SARL' },
		});
		const seen = apiRequests().map((r) => `${r.method} ${r.path}`);
		expect(seen).toEqual([
			`GET /v2/beneficiaries/${beneficiaryId('fr', 'supplier')}`,
			'POST /v2/payee_verifications',
			'POST /v2/external_transfers',
		]);
		const [, verification, transfer] = apiRequests();
		expect(verification.body).toEqual({ iban: beneficiaries(sandbox.ctx).get(SEED.organizations.fr, beneficiaryId('fr', 'supplier'))!.iban, beneficiary_name: 'Papeterie Martin SARL' });
		expect(transfer.headers['x-service-idempotency-key']).toMatch(UUID);
		expect(transfer.headers['x-service-staging-token']).toBe('[redacted]');
		expect(transfer.body).toEqual({
			vop_proof_token: expect.stringMatching(/^vop_/),
			external_transfer: {
				beneficiary_id: beneficiaryId('fr', 'supplier'),
				debit_iban: FR_IBAN,
				amount: '250.4',
				currency: 'EUR',
				reference: 'Invoice 2026-042',
			},
		});
		expect(stored()).toHaveLength(1);
	});

	it('retries a transfer whose connection dropped after commit with the same key: one transfer exists', async () => {
		const fault = await sandbox.http.post('/sandbox/faults', { method: 'POST', path: '/v2/external_transfers', kind: 'drop_after_commit' });
		expect(fault.status).toBe(201);
		const { items, error } = await runNode({ sandbox, node: { parameters: createParameters() } });
		expect(error).toBeUndefined();
		const posts = sandbox.ctx.requests.find('POST', '/v2/external_transfers');
		expect(posts).toHaveLength(2);
		expect(posts[0].dropped).toBe(true);
		expect(posts[1].status).toBe(201);
		expect(posts[1].headers['x-service-idempotency-key']).toBe(posts[0].headers['x-service-idempotency-key']);
		expect(stored()).toHaveLength(1);
		expect(items[0].json.id).toBe(stored()[0].id);
	});

	it('sends the same key when the same execution runs the item again, so nothing is sent twice', async () => {
		const executionId = randomUUID();
		const first = await runNode({ sandbox, node: { parameters: createParameters() }, executionId });
		const second = await runNode({ sandbox, node: { parameters: createParameters() }, executionId });
		// Answered from the node's memory: nothing sent, the first one named as made earlier.
		expect(first.items[0].json.id).toEqual(expect.any(String));
		expect(second.items[0].json._madeEarlier).toBeDefined();
		expect(sandbox.ctx.requests.find('POST', '/v2/external_transfers')).toHaveLength(1);
		expect(stored()).toHaveLength(1);
	});

	it('gives each item of an execution its own key', async () => {
		const { items } = await runNode({ sandbox, node: { parameters: createParameters({ amount: '={{ $json.amount }}' }) }, items: [{ amount: '10' }, { amount: '20' }] });
		expect(items.map((i) => i.json.debit_amount)).toEqual(['10.00', '20.00']);
		const keys = sandbox.ctx.requests.find('POST', '/v2/external_transfers').map((r) => r.headers['x-service-idempotency-key']);
		expect(new Set(keys).size).toBe(2);
		expect(stored()).toHaveLength(2);
	});

	it('dedupes across executions with the user’s own Idempotency Key', async () => {
		const parameters = createParameters({ options: { idempotencyKey: 'sheet-row-42' } });
		const first = await runNode({ sandbox, node: { parameters } });
		const second = await runNode({ sandbox, node: { parameters } });
		// The second execution sends nothing: the node remembers what the key made.
		expect(first.items[0].json.id).toEqual(expect.any(String));
		expect(second.items[0].json).toMatchObject({ _madeEarlier: { note: expect.stringMatching(/^Made by an earlier execution/) } });
		const keys = sandbox.ctx.requests.find('POST', '/v2/external_transfers').map((r) => r.headers['x-service-idempotency-key']);
		expect(keys).toEqual(['sheet-row-42']);
		expect(stored()).toHaveLength(1);
	});

	it.each([
		['12.345', 'at most 2 decimals'],
		['0', 'greater than 0'],
		['1,50', 'decimal number written with a dot'],
		['={{ 0.1 + 0.2 }}', 'at most 2 decimals'],
	])('refuses the amount %p before any request, naming the item and the field', async (amount, message) => {
		const { error } = await runNode({ sandbox, node: { parameters: createParameters({ amount }) } });
		expect(error?.message).toMatch(/^Item 0: Amount \(amount\) /);
		expect(error?.message).toContain(message);
		expect(apiRequests()).toEqual([]);
	});

	it('names the failing item; with Continue On Fail the other items still go through', async () => {
		const { items } = await runNode({
			sandbox,
			node: { parameters: createParameters({ amount: '={{ $json.amount }}' }), continueOnFail: true },
			items: [{ amount: '10.00' }, { amount: '10.001' }],
		});
		expect(items[0].json).toMatchObject({ status: 'pending', debit_amount: '10.00' });
		expect(items[1].json.error).toMatch(/^Item 1: Amount \(amount\) must be a non-negative decimal string/);
		expect(sandbox.ctx.requests.find('POST', '/v2/external_transfers')).toHaveLength(1);
	});

	it('accepts a number from an expression when it is a plain decimal', async () => {
		const { items, error } = await runNode({ sandbox, node: { parameters: createParameters({ amount: '={{ $json.total }}' }) }, items: [{ total: 99.9 }] });
		expect(error).toBeUndefined();
		expect(items[0].json.debit_amount).toBe('99.90');
	});

	it('stops before the transfer when the payee check is not accepted, and proceeds when told to', async () => {
		// A beneficiary whose IBAN the sandbox cannot check: the verification answers not_possible.
		const partner = beneficiaries(sandbox.ctx).get(SEED.organizations.fr, beneficiaryId('fr', 'partner'))!;
		beneficiaries(sandbox.ctx).update(SEED.organizations.fr, partner.id, { ...partner, iban: 'GB29NWBK60161331926819' });
		const parameters = createParameters({ beneficiaryId: { __rl: true, mode: 'id', value: partner.id } });
		const stopped = await runNode({ sandbox, node: { parameters } });
		expect(stopped.error?.message).toBe('Item 0: payee verification answered "not_possible" for "Kontor Süd GmbH"; no transfer was sent');
		expect(sandbox.ctx.requests.find('POST', '/v2/external_transfers')).toEqual([]);
		const sent = await runNode({ sandbox, node: { parameters: { ...parameters, proceedOn: 'any' } } });
		expect(sent.items[0].json).toMatchObject({ status: 'pending', payee_verification: { result: 'not_possible', matched_name: null } });
	});

	it('uses a proof token from a Verify Payee step, and skips verification when asked', async () => {
		const supplierIban = beneficiaries(sandbox.ctx).get(SEED.organizations.fr, beneficiaryId('fr', 'supplier'))!.iban;
		const verified = await runNode({
			sandbox,
			node: { parameters: { resource: 'externalTransfer', operation: 'verifyPayee', iban: supplierIban, beneficiaryName: 'Papeterie Martin' } },
		});
		expect(verified.items[0].json).toMatchObject({ result: 'close_match', matched_name: 'Papeterie Martin SARL' });
		const token = verified.items[0].json.vop_proof_token as string;
		const withToken = await runNode({ sandbox, node: { parameters: createParameters({ verification: 'token', vopProofToken: token }) } });
		expect(withToken.error).toBeUndefined();
		expect(sandbox.ctx.requests.find('POST', '/v2/external_transfers')[0].body).toMatchObject({ vop_proof_token: token });

		// Another transfer (an identical one within 30 minutes would be the first one again).
		const skipped = await runNode({ sandbox, node: { parameters: createParameters({ verification: 'skip', reference: 'Invoice 2026-043' }) } });
		expect(skipped.error).toBeUndefined();
		expect(sandbox.ctx.requests.find('POST', '/v2/payee_verifications/skip')).toHaveLength(1);
		expect(stored()).toHaveLength(2);
	});

	it('shows the API’s detail after the field it refuses when the service refuses the transfer', async () => {
		const { error } = await runNode({ sandbox, node: { parameters: createParameters({ amount: '999999.99' }) } });
		expect(error).toMatchObject({ name: 'NodeApiError', httpCode: '422' });
		expect(error?.message).toBe('Amount: exceeds the available balance of the account');
		expect(stored()).toEqual([]);
	});

	it('shows a declined transfer’s status and declined_reason with Get after the bank settles it', async () => {
		const created = await runNode({
			sandbox,
			node: { parameters: createParameters({ beneficiaryId: { __rl: true, mode: 'id', value: beneficiaryId('fr', 'invalidBic') } }) },
		});
		const id = created.items[0].json.id as string;
		expect((await sandbox.http.post(`/sandbox/external_transfers/${id}/settle`)).status).toBe(200);
		const got = await runNode({ sandbox, node: { parameters: { resource: 'externalTransfer', operation: 'get', transferId: id } } });
		expect(got.items[0].json).toMatchObject({ id, status: 'declined', declined_reason: 'beneficiary_bic_invalid' });
	});

	it('refuses an empty reference before any request', async () => {
		const { error } = await runNode({ sandbox, node: { parameters: createParameters({ reference: '  ' }) } });
		expect(error?.message).toBe('Item 0: Reference (reference) is required');
		expect(apiRequests()).toEqual([]);
	});
});
