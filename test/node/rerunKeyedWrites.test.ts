import type { INodeParameters } from 'n8n-workflow';

import { SEED } from '../../sandbox/core/seed';
import { beneficiaryId } from '../../sandbox/modules/beneficiaries/store';
import { international } from '../../sandbox/modules/international/store';
import { externalTransfers } from '../../sandbox/modules/transfers/store';
import { runNode } from '../helpers/engine/runNode';
import { useTestSandbox } from '../helpers/sandbox';
import { runThreeTimes } from './faultRuns';

// The waits between tries shrink to 1 ms (a dropped connection has no Retry-After a test could set
// to 0); which tries are made, and with which key, stays the transport's own logic.
jest.mock('../../nodes/BusinessBanking/transport/retry', () => ({ ...jest.requireActual('../../nodes/BusinessBanking/transport/retry'), retryDelayMs: () => 1 }));

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/**
 * Issue 9 §1: an execution that stopped midway, then n8n's "Retry execution" (a new execution id)
 * and a manual re-run of the same input, with the sandbox dropping and failing requests all along.
 * Each write carries a key derived from its content, so each is made exactly once.
 */
describe('re-running money-moving writes after faults (n8n’s engine, faulty sandbox)', () => {
	const sandbox = useTestSandbox();
	const fr = SEED.organizations.fr;
	beforeEach(() => sandbox.ctx.requests.clear());

	const transferParameters = (overrides: Record<string, unknown> = {}): INodeParameters => ({
		resource: 'externalTransfer',
		operation: 'create',
		beneficiaryId: { __rl: true, mode: 'list', value: beneficiaryId('fr', 'supplier') },
		debitIban: { __rl: true, mode: 'iban', value: 'FR76 3000 6000 0112 3456 7890 189' },
		amount: '={{ $json.amount }}',
		currency: 'EUR',
		reference: '={{ $json.reference }}',
		// A fresh proof token on every run: it must not change the key.
		verification: 'skip',
		...overrides,
	});

	it('200 external transfers: stopped midway, then Retry execution and a manual re-run leave exactly 200', async () => {
		const stored = () => externalTransfers(sandbox.ctx).list(fr);
		const items = range(200).map((i) => ({ amount: `${1 + (i % 7)}.${String(i % 100).padStart(2, '0')}`, reference: `Supplier payment ${i + 1}` }));
		const { first, retried, rerun, afterFirst, dropped } = await runThreeTimes(sandbox, {
			path: '/v2/external_transfers',
			outageAfter: 120,
			node: { parameters: transferParameters() },
			items,
			count: () => stored().length,
		});

		// The first execution stopped at the outage, its message saying what really happened.
		expect(first.error?.name).toBe('NodeApiError');
		expect(first.error?.message).toBe('The external transfer may have been made: 4 tries with the same idempotency key, none confirmed (last: HTTP 503)');
		expect(first.error?.description).toMatch(/^Every try carried the same idempotency key, so the service made it at most once\. To find out, run this item again with the same input within 30 minutes/);
		expect(afterFirst).toBeGreaterThan(50);
		expect(afterFirst).toBeLessThan(200);

		for (const run of [retried, rerun]) {
			expect(run.error).toBeUndefined();
			expect(run.items).toHaveLength(200);
		}
		expect(stored()).toHaveLength(200);
		expect(new Set(stored().map((t) => t.reference)).size).toBe(200);
		// The retry outputs the 200 transfers; the manual re-run finds each made earlier and sends none.
		expect(new Set(retried.items.map((item) => item.json.id)).size).toBe(200);
		expect(rerun.items.filter((item) => !item.json._madeEarlier)).toEqual([]);
		// Fewer than before the write memory: the manual re-run sends no transfer at all.
		expect(dropped).toBeGreaterThanOrEqual(15);
	}, 600_000);

	it('50 international transfers and 50 business accounts: the same', async () => {
		// A quote pays one transfer: one per item, and one beneficiary for all.
		const quotes = [];
		for (let i = 0; i < 50; i++) {
			const response = await sandbox.api('fr').post('/v2/international/quotes', { source_currency: 'EUR', target_currency: 'USD', source_amount: { value: `${20 + i}`, currency: 'EUR' } });
			const quote = response.data.quote as { id: string; source_amount: { value: string }; target_amount: { value: string } };
			quotes.push({ quoteId: quote.id, source: quote.source_amount.value, target: quote.target_amount.value, reference: `US invoice ${i + 1}` });
		}
		const made = await sandbox.api('fr').post('/v2/international/beneficiaries', {
			quote_id: quotes[0].quoteId,
			payload: {
				currency: 'USD',
				type: 'swift_code',
				details: { accountHolderName: 'Acme Supplies Inc', swiftCode: 'CHASUS33', accountNumber: '000123456789', address: { city: 'New York', country: 'US', state: 'NY', postCode: '10001', firstLine: '350 Fifth Avenue' } },
			},
		});
		expect(made.status).toBe(201);
		const beneficiary = made.data as { beneficiary: { id: string }; target_account_id: string };
		const transfers = () => international(sandbox.ctx).transfers.list(fr);
		const international50 = await runThreeTimes(sandbox, {
			path: '/v2/international/transfers',
			outageAfter: 30,
			node: {
				parameters: {
					resource: 'internationalTransfer',
					operation: 'create',
					quoteId: '={{ $json.quoteId }}',
					internationalBeneficiaryId: beneficiary.beneficiary.id,
					targetAccountId: beneficiary.target_account_id,
					sourceAmount: '={{ $json.source }}',
					sourceCurrency: 'EUR',
					targetAmount: '={{ $json.target }}',
					targetCurrency: 'USD',
					detailsInput: 'json',
					detailsJson: '={{ JSON.stringify({ reference: $json.reference }) }}',
					// One-time values: they differ on every run and must not change the key.
					options: { scaSessionToken: '={{ "sca-" + $execution.id }}', twoFaPreference: 'mock' },
				},
			},
			items: quotes,
			count: () => transfers().length,
		});
		expect(international50.first.error?.message).toBe('The international transfer may have been made: 4 tries with the same idempotency key, none confirmed (last: HTTP 503)');
		expect(international50.afterFirst).toBeLessThan(50);
		expect(international50.retried.error).toBeUndefined();
		expect(international50.rerun.error).toBeUndefined();
		expect(transfers()).toHaveLength(50);
		expect(international50.rerun.items.filter((item) => !item.json._madeEarlier)).toEqual([]);
		expect(international50.dropped).toBeGreaterThan(3);

		const accounts = () => sandbox.ctx.bankAccounts.list(fr).length;
		const before = accounts();
		const accounts50 = await runThreeTimes(sandbox, {
			path: '/v2/bank_accounts',
			outageAfter: 30,
			node: { parameters: { resource: 'bankAccount', operation: 'create', name: '={{ $json.name }}' } },
			items: range(50).map((i) => ({ name: `Project ${i + 1}` })),
			count: accounts,
		});
		expect(accounts50.first.error?.message).toBe('The business account may have been made: 4 tries with the same idempotency key, none confirmed (last: HTTP 503)');
		expect(accounts50.first.error?.description).toMatch(/Or look for it: Business Account › Get Many\.\nThe service said: Injected fault: 503$/);
		expect(accounts50.afterFirst - before).toBeLessThan(50);
		expect(accounts50.retried.error).toBeUndefined();
		expect(accounts50.rerun.error).toBeUndefined();
		expect(accounts() - before).toBe(50);
		expect(accounts50.dropped).toBeGreaterThan(3);
	}, 600_000);

	it('a user key still wins: identical transfers with their own keys are two; the same key twice is one', async () => {
		const stored = () => externalTransfers(sandbox.ctx).list(fr);
		const parameters = transferParameters({ amount: '12.00', reference: 'Rent March', options: { idempotencyKey: '={{ $json.key }}' } });
		const { items, error } = await runNode({ sandbox, node: { parameters }, items: [{ key: 'rent-2026-03-a' }, { key: 'rent-2026-03-b' }] });
		expect(error).toBeUndefined();
		expect(new Set(items.map((item) => item.json.id)).size).toBe(2);
		const again = await runNode({ sandbox, node: { parameters }, items: [{ key: 'rent-2026-03-a' }] });
		expect(again.items[0].json._madeEarlier).toBeDefined();
		expect(stored()).toHaveLength(2);
		// The repeat sends nothing: the node remembers what the key made.
		expect(sandbox.ctx.requests.find('POST', '/v2/external_transfers').map((r) => r.headers['x-service-idempotency-key'])).toEqual(['rent-2026-03-a', 'rent-2026-03-b']);
	});

	it('stops the second of two identical transfers in one run instead of silently making one', async () => {
		const parameters = transferParameters({ amount: '12.00', reference: 'Rent March' });
		const { items } = await runNode({ sandbox, node: { parameters, continueOnFail: true }, items: [{}, {}] });
		expect(items[0].json).toMatchObject({ status: 'pending', reference: 'Rent March' });
		expect(items[1].json.error).toBe(
			'Item 1: the same external transfer as item 0 (same beneficiary, account, amount, currency, reference, note and date); it would be made only once',
		);
		expect(items[1].json.description).toMatch(/give each its own Options › Idempotency Key/);
		expect(externalTransfers(sandbox.ctx).list(fr)).toHaveLength(1);
		// The second item sent nothing, not even its payee check.
		expect(sandbox.ctx.requests.find('POST', '/v2/payee_verifications/skip')).toHaveLength(1);
	});

	it('a manual re-run of the same transfer sends nothing and says it was made, within 30 minutes and after the bank forgot the key', async () => {
		const parameters = transferParameters({ amount: '40.00', reference: 'Deposit' });
		const first = await runNode({ sandbox, node: { parameters } });
		expect(first.items[0].json.id).toEqual(expect.any(String));
		const second = await runNode({ sandbox, node: { parameters } });
		expect(second.items[0].json._madeEarlier).toBeDefined();
		sandbox.ctx.clock.advance(31 * 60 * 1000);
		const third = await runNode({ sandbox, node: { parameters } });
		expect(third.items[0].json._madeEarlier).toBeDefined();
		expect(externalTransfers(sandbox.ctx).list(fr)).toHaveLength(1);
	});
});
