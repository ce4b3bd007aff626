import { randomUUID } from 'crypto';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SEED } from '../../sandbox/core/seed';
import { DAYS, MINUTES, useMovableClocks } from '../helpers/engine/clocks';
import { runNode, type RunNodeResult } from '../helpers/engine/runNode';
import { injectFault } from '../helpers/engine/sandboxControls';
import { FR_IBAN } from '../helpers/fixtures';
import { subscriptionByRow } from '../helpers/paymentParameters';
import { useTestSandbox, type TestSandbox } from '../helpers/sandbox';

jest.mock('../../nodes/BusinessBanking/transport/retry', () => ({ ...jest.requireActual('../../nodes/BusinessBanking/transport/retry'), retryDelayMs: () => 1 }));

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

interface Scenario {
	path: string;
	parameters: INodeParameters;
	items: IDataObject[];
	/** How many requests the bank answers before its outage. */
	outageAfter: number;
	/** The create looks the record up before sending it again (Skip If It Already Exists): a lost answer is then resolved, not refused. */
	looksUp?: boolean;
}

/**
 * Issues 35 and 42, for each write without the transfer's own test: the bank down part-way, then n8n's
 * Retry execution of it 31 minutes and 3 days later: each item is made once, a repeat outputs the
 * earlier record, the one whose answer was lost is refused, and made on purpose (the later retry
 * has the bank's record of what the first execution made; the rest it outputs from the node's list).
 */
async function outageThenRetries(sandbox: TestSandbox, move: (ms: number) => void, scenario: Scenario) {
	const { path, parameters, items } = scenario;
	const workflowId = `wf-${randomUUID()}`;
	const run = (retryOf?: RunNodeResult, runItems = items, options: IDataObject = {}): Promise<RunNodeResult> =>
		runNode({
			sandbox,
			node: { parameters: { ...parameters, ...(Object.keys(options).length ? { options: { ...(parameters.options as IDataObject), ...options } } : {}) } as INodeParameters, continueOnFail: Boolean(retryOf) },
			items: runItems,
			workflowId,
			executionId: randomUUID(),
			retryOf: retryOf?.run,
		});
	const made = () => sandbox.ctx.requests.find('POST', path).filter((request) => request.status === 201);
	sandbox.ctx.requests.clear();
	await injectFault(sandbox, { method: 'POST', path, kind: 'status', status: 503, retryAfter: 0, after: scenario.outageAfter, count: 10_000 });
	const first = await run();
	expect(first.error?.message).toMatch(/may have been made/);
	const madeFirst = made().length;
	expect(madeFirst).toBeGreaterThanOrEqual(scenario.outageAfter - 1);
	await sandbox.http.delete('/sandbox/faults');

	move(31 * MINUTES);
	const retried = await run(first);
	expect(retried.items).toHaveLength(items.length);
	const earlier = range(items.length).filter((i) => retried.items[i].json._madeEarlier);
	const refused = range(items.length).filter((i) => typeof retried.items[i].json.error === 'string');
	expect(earlier).toHaveLength(madeFirst);
	for (const i of earlier) expect(retried.items[i].json._madeEarlier).toEqual({ at: expect.stringMatching(/:00\.000Z$/), executionId: first.executionId });
	expect(refused.length > 0).toBe(!scenario.looksUp);
	for (const i of refused) expect(retried.items[i].json.error).toMatch(/with this content may have been made since .*; its answer was lost, so nothing was sent$/);
	// Made now: only those never sent before.
	expect(made().length).toBe(madeFirst + items.length - earlier.length - refused.length);

	// They are not at the bank (a 503 made nothing): made on purpose.
	if (refused.length > 0) {
		const payAnyway = await run(undefined, refused.map((i) => items[i]), { makeAgain: true });
		expect(payAnyway.error).toBeUndefined();
	}
	expect(made()).toHaveLength(items.length);

	move(3 * DAYS);
	const before = made().length;
	// The first execution retried again: each output as made, as the bank has it where the retry's record holds its ids.
	const later = await run(first);
	expect(later.items.every((item) => item.json._madeEarlier && !item.json.error)).toBe(true);
	expect(made()).toHaveLength(before);
	return { retried, later: { items: later.items.filter((_, i) => earlier.includes(i)) } };
}

describe('every write that moves money or bills a client is made once per content, however late the repeat', () => {
	const sandbox = useTestSandbox();
	const clocks = useMovableClocks();
	const fr = SEED.organizations.fr;
	/** A day well ahead of the sandbox's today, so that a 3-day move keeps it valid. */
	const ahead = () => new Date(sandbox.ctx.clock.nowMs() + 20 * DAYS).toISOString().slice(0, 10);
	const seedClients = async (count: number) => (await sandbox.http.post('/sandbox/seed/clients', { organization_id: fr, count })).data.client_ids as string[];

	it('Direct Debit › Create Subscription: 20, the bank down from the 11th', async () => {
		const [clientId] = await seedClients(1);
		const date = ahead();
		const { later } = await outageThenRetries(sandbox, clocks.move, {
			path: '/v2/sepa/direct_debit_subscriptions',
			outageAfter: 10,
			parameters: subscriptionByRow(clientId, date),
			items: range(20).map((i) => ({ amount: `${20 + i}.90`, reference: `Plan ${i + 1}` })),
		});
		expect(new Set(later.items.map((item) => item.json.id)).size).toBe(later.items.length);
	}, 120_000);

	it('Direct Debit › Create Mandate: one per client', async () => {
		const clients = await seedClients(6);
		await outageThenRetries(sandbox, clocks.move, {
			path: '/v2/sepa/direct_debit_mandates',
			outageAfter: 3,
			parameters: { resource: 'directDebit', operation: 'createMandate', clientId: { __rl: true, mode: 'id', value: '={{ $json.clientId }}' } },
			items: clients.map((clientId) => ({ clientId })),
		});
	}, 120_000);

	it.each([
		['without the lookup option', {}],
		['with Skip If It Already Exists (by number)', { skipExisting: 'number' }],
	])('Client Invoice › Create %s', async (_label, options) => {
		const [clientId] = await seedClients(1);
		const { later } = await outageThenRetries(sandbox, clocks.move, {
			path: '/v2/client_invoices',
			outageAfter: 5,
			looksUp: 'skipExisting' in options,
			parameters: {
				resource: 'clientInvoice',
				operation: 'create',
				clientId: { __rl: true, mode: 'id', value: clientId },
				issueDate: ahead(),
				dueDate: ahead(),
				currency: 'EUR',
				iban: FR_IBAN,
				status: 'unpaid',
				itemsInput: 'fields',
				items: { item: [{ title: 'Consulting', quantity: '1', unitPrice: '={{ $json.price }}', vatRate: '0.2', discountType: 'none' }] },
				additionalFields: { number: '={{ $json.number }}' },
				...(Object.keys(options).length ? { options } : {}),
			},
			items: range(10).map((i) => ({ price: `${100 + i}.00`, number: `M35-${randomUUID().slice(0, 8)}-${i}` })),
		});
		// The repeats are the invoices as the bank has them now (read back by id).
		expect(later.items.every((item) => item.json.status === 'unpaid' && typeof item.json.number === 'string')).toBe(true);
	}, 120_000);

	it('Business Account › Create: 10, the bank down from the 6th', async () => {
		const { later } = await outageThenRetries(sandbox, clocks.move, {
			path: '/v2/bank_accounts',
			outageAfter: 5,
			parameters: { resource: 'bankAccount', operation: 'create', name: '={{ $json.name }}' },
			items: range(10).map((i) => ({ name: `Project ${randomUUID().slice(0, 6)} ${i}` })),
		});
		// As the organization lists them now.
		expect(later.items.every((item) => typeof item.json.iban === 'string')).toBe(true);
	}, 120_000);
});
