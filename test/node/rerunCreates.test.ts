import { SEED } from '../../sandbox/core/seed';
import { clientsOf } from '../../sandbox/modules/clients';
import { invoiceState } from '../../sandbox/modules/invoices/state';
import { runNode } from '../helpers/engine/runNode';
import { esCompanyClient, frCompanyClient } from '../helpers/fixtures';
import { useTestSandbox } from '../helpers/sandbox';
import { runThreeTimes } from './faultRuns';
import { createClient, createParameters } from './invoiceFixtures';

// The waits between tries shrink to 1 ms (a dropped connection has no Retry-After a test could set
// to 0); which tries are made stays the node's own logic.
jest.mock('../../nodes/BusinessBanking/transport/retry', () => ({ ...jest.requireActual('../../nodes/BusinessBanking/transport/retry'), retryDelayMs: () => 1 }));

const range = (count: number) => Array.from({ length: count }, (_, index) => index);
const INVOICES = '/v2/client_invoices';

/**
 * Issue 9 §1b: client invoices and clients have no idempotency key in the API. "Skip If It Already
 * Exists" looks the record up by the user's own reference before creating it (and after a create
 * whose answer was lost), so a stopped execution can be retried and re-run without duplicates.
 */
describe('re-running invoice and client creation after faults (n8n’s engine, faulty sandbox)', () => {
	const sandbox = useTestSandbox();
	beforeEach(() => sandbox.ctx.requests.clear());

	const invoicesOf = async (organization: 'fr' | 'es', clientId: string) => {
		const page = await sandbox.api(organization).get(INVOICES, { params: { 'filter[client_id]': clientId, per_page: 100 } });
		return page.data.meta.total_count as number;
	};
	const esInvoiceParameters = (clientId: string, skipExisting: string) =>
		createParameters(clientId, {
			iban: 'ES9121000418450200051332',
			items: { item: [{ title: 'Traducción', quantity: '1', unitPrice: '={{ $json.price }}', vatRate: '0.21', discountType: 'none' }] },
			// No number: the Spanish organization numbers its invoices itself.
			additionalFields: { purchaseOrder: '={{ $json.po }}' },
			options: { skipExisting, batchConcurrency: 5 },
		});

	it('200 invoices in the auto-numbering organization: stopped midway, then Retry execution and a manual re-run leave exactly 200', async () => {
		const clientId = await createClient(sandbox, esCompanyClient, 'es');
		const items = range(200).map((i) => ({ po: `PO-2026-${String(i + 1).padStart(4, '0')}`, price: `${100 + i}.00` }));
		const runs = await runThreeTimes(sandbox, {
			path: INVOICES,
			outageAfter: 120,
			node: { parameters: esInvoiceParameters(clientId, 'purchaseOrderAndClient') },
			items,
			credentialOptions: { organization: 'es' },
			count: () => invoiceState(sandbox.ctx).invoices.list(SEED.organizations.es).length,
		});

		expect(runs.first.error?.name).toBe('NodeApiError');
		expect(runs.first.error?.message).toMatch(
			new RegExp(`^The client invoice may have been made: 4 tries, each after looking for purchase order PO-2026-\\d{4} of client ${clientId}, none confirmed \\(last: HTTP 503\\)$`),
		);
		expect(runs.first.error?.description).toMatch(/^Run this item again with the same input: "Skip If It Already Exists" looks for purchase order/);
		expect(runs.afterFirst).toBeGreaterThan(50);
		expect(runs.afterFirst).toBeLessThan(200);

		for (const run of [runs.retried, runs.rerun]) {
			expect(run.error).toBeUndefined();
			expect(run.items.map((item) => item.json.purchase_order)).toEqual(items.map((item) => item.po));
		}
		// The retry found what the first execution made (remembered, or looked up after a lost answer) and made the rest; the re-run found all.
		expect(runs.retried.items.filter((item) => item.json._madeEarlier !== undefined || item.json._existing === true)).toHaveLength(runs.afterFirst);
		expect(runs.rerun.items.every((item) => item.json._madeEarlier !== undefined)).toBe(true);
		expect(runs.rerun.items.map((item) => item.json.id)).toEqual(runs.retried.items.map((item) => item.json.id));

		expect(await invoicesOf('es', clientId)).toBe(200);
		const numbers = runs.rerun.items.map((item) => item.json.number as string);
		expect(new Set(numbers).size).toBe(200);
		expect(numbers.every((number) => /^F-2026-\d{4}$/.test(number))).toBe(true);
		// The re-run sends no create, so the faults fell on the first two executions' ~200 creates.
		expect(runs.dropped).toBeGreaterThan(10);
	}, 180_000);

	it('100 clients looked up by e-mail: the same', async () => {
		const before = clientsOf(sandbox.ctx).list(SEED.organizations.fr).length;
		const runs = await runThreeTimes(sandbox, {
			path: '/v2/clients',
			outageAfter: 60,
			node: {
				parameters: {
					resource: 'client',
					operation: 'create',
					kind: 'company',
					name: '={{ $json.name }}',
					additionalFields: { email: '={{ $json.email }}', currency: 'EUR', locale: 'fr' },
					options: { skipExisting: 'email' },
				},
			},
			items: range(100).map((i) => ({ name: `Client ${i + 1} SAS`, email: `billing+${i + 1}@client.example` })),
			count: () => clientsOf(sandbox.ctx).list(SEED.organizations.fr).length - before,
		});
		expect(runs.first.error?.message).toMatch(/^The client may have been made: 4 tries, each after looking for Email billing\+\d+@client\.example, none confirmed \(last: HTTP 503\)$/);
		expect(runs.afterFirst).toBeLessThan(100);
		expect(runs.retried.error).toBeUndefined();
		expect(runs.rerun.error).toBeUndefined();
		expect(runs.retried.items.filter((item) => item.json._existing === true)).toHaveLength(runs.afterFirst);
		expect(runs.rerun.items.every((item) => item.json._existing === true)).toBe(true);
		expect(clientsOf(sandbox.ctx).list(SEED.organizations.fr).length - before).toBe(100);
		expect(runs.dropped).toBeGreaterThan(5);
	}, 180_000);

	it('without the option a re-run makes nothing new either (the write memory); the option finds an invoice the node did not make', async () => {
		const clientId = await createClient(sandbox, esCompanyClient, 'es');
		const items = [{ po: 'PO-A', price: '10.00' }];
		const run = (skipExisting: string, workflowId = 'wf-1') =>
			runNode({ sandbox, node: { parameters: esInvoiceParameters(clientId, skipExisting) }, items, workflowId, credentialOptions: { organization: 'es' } });
		const first = await run('no');
		sandbox.ctx.requests.clear();
		const again = await run('no');
		// Another execution: the node's list says it was made; nothing is sent (no reference to find it by).
		expect(first.items[0].json.id).toEqual(expect.any(String));
		expect(again.items[0].json._madeEarlier).toMatchObject({ note: expect.stringMatching(/^Made by an earlier execution/) });
		expect(sandbox.ctx.requests.find(undefined, '/v2/*')).toEqual([]);
		expect(await invoicesOf('es', clientId)).toBe(1);

		// Another workflow (its own memory) with the option: one GET finds it, nothing is made.
		sandbox.ctx.requests.clear();
		const found = await run('purchaseOrder', 'wf-other');
		expect(found.items[0].json).toMatchObject({ purchase_order: 'PO-A', _existing: true });
		expect(sandbox.ctx.requests.find(undefined, '/v2/*').map((r) => `${r.method} ${r.path} ${JSON.stringify(r.query)}`)).toEqual([
			`GET ${INVOICES} {"filter[purchase_order]":"PO-A","sort_by":"created_at:asc","per_page":"1"}`,
		]);
		expect(await invoicesOf('es', clientId)).toBe(1);
	});

	it('two items with the same reference in one run make one record; the second is marked as made earlier', async () => {
		const clientId = await createClient(sandbox, frCompanyClient);
		const { items, error } = await runNode({
			sandbox,
			node: { parameters: createParameters(clientId, { additionalFields: { number: '={{ $json.number }}' }, options: { skipExisting: 'number', batchConcurrency: 5 } }) },
			items: [{ number: 'INV-9' }, { number: 'INV-9' }, { number: 'INV-10' }],
		});
		expect(error).toBeUndefined();
		// Identical items: the second waits for the first one's answer and outputs it.
		expect(items.map((item) => [item.json.number, item.json._existing, item.json._madeEarlier !== undefined])).toEqual([
			['INV-9', false, false],
			['INV-9', undefined, true],
			['INV-10', false, false],
		]);
		expect(items[1].json.id).toBe(items[0].json.id);
		expect(await invoicesOf('fr', clientId)).toBe(2);
	});

	it('stops an item that lacks the reference before any request, naming item and field', async () => {
		const clientId = await createClient(sandbox, frCompanyClient);
		sandbox.ctx.requests.clear();
		const invoice = await runNode({ sandbox, node: { parameters: createParameters(clientId, { options: { skipExisting: 'purchaseOrder' } }) } });
		expect(invoice.error?.message).toBe('Item 0: Purchase Order is empty; "Skip If It Already Exists" looks invoices up by it');
		const client = await runNode({ sandbox, node: { parameters: { resource: 'client', operation: 'create', kind: 'company', name: 'Sans TVA SAS', options: { skipExisting: 'vatNumber' } } } });
		expect(client.error?.message).toBe('Item 0: VAT Number is empty; "Skip If It Already Exists" looks clients up by it');
		expect(sandbox.ctx.requests.find(undefined, '/v2/*')).toEqual([]);
	});

	it('finds a client by VAT number or tax id and outputs it unchanged, marked existing', async () => {
		const existing = await sandbox.api('fr').post('/v2/clients', { client: { kind: 'company', name: 'Déjà Là SAS', vat_number: 'FR12345678901', tax_identification_number: '123456789' } });
		const parameters = (skipExisting: string) => ({
			resource: 'client',
			operation: 'create',
			kind: 'company',
			name: 'Déjà Là (new name) SAS',
			additionalFields: { vatNumber: 'FR12345678901', taxIdentificationNumber: '123456789' },
			options: { skipExisting },
		});
		for (const mode of ['vatNumber', 'taxIdentificationNumber']) {
			const { items } = await runNode({ sandbox, node: { parameters: parameters(mode) } });
			expect(items[0].json).toMatchObject({ id: existing.data.client.id, name: 'Déjà Là SAS', _existing: true });
		}
		expect(sandbox.ctx.requests.find('POST', '/v2/clients')).toHaveLength(1);
	});
});
