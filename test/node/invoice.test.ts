// Client Invoice's operations on an invoice that exists: Update, Get, Finalize, Get Many and the "From List" search
// (Create: invoiceCreate.test.ts and invoiceItalySpain.test.ts).
import { connectedCredential } from '../helpers/engine/connectedCredential';
import { CredentialStore } from '../helpers/engine/credentialStore';
import { runListSearch } from '../helpers/engine/editor';
import { runNode } from '../helpers/engine/runNode';
import { frCompanyClient, uniqueNumber } from '../helpers/fixtures';
import { createClient, createParameters, out } from './invoiceFixtures';
import { useInvoiceSandbox } from './invoiceRuns';

const { sandbox, client, run, draftInvoice } = useInvoiceSandbox();

describe('Client Invoice: Update (draft)', () => {
	test('sends only the changed fields; new items replace the lines; the invoice currency is read for them', async () => {
		const draft = await draftInvoice();
		const { items, error, sent } = await run({
			resource: 'clientInvoice',
			operation: 'update',
			invoiceId: { __rl: true, mode: 'id', value: draft.id },
			itemsInput: 'fields',
			items: { item: [{ title: 'Workshop', quantity: '3', unitPrice: '150.00', vatRate: '0.2', discountType: 'none' }] },
			updateFields: { purchaseOrder: 'PO-99', dueDate: '2026-04-15T00:00:00' },
		});
		expect(error).toBeUndefined();
		expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v2/client_invoices/${draft.id}`, `PATCH /v2/client_invoices/${draft.id}`]);
		expect(sent[1].body).toEqual({
			client_invoice: {
				due_date: '2026-04-15',
				items: [{ title: 'Workshop', quantity: '3', unit_price: { value: '150.00', currency: 'EUR' }, vat_rate: '0.2' }],
				purchase_order: 'PO-99',
			},
		});
		expect(items[0].json).toMatchObject({ id: draft.id, status: 'draft', purchase_order: 'PO-99', total_amount: { value: '540.00' } });
	});

	test('keeping the items sends no GET; a new client picked by ID is sent as client_id', async () => {
		const draft = await draftInvoice();
		const otherClient = await createClient(sandbox, { ...frCompanyClient, name: 'Autre Client SAS' });
		const { items, error, sent } = await run({
			resource: 'clientInvoice',
			operation: 'update',
			invoiceId: { __rl: true, mode: 'list', value: draft.id },
			itemsInput: 'keep',
			updateFields: { clientId: { __rl: true, mode: 'id', value: otherClient }, header: 'Updated' },
		});
		expect(error).toBeUndefined();
		expect(sent.map((r) => r.method)).toEqual(['PATCH']);
		expect(sent[0].body).toEqual({ client_invoice: { client_id: otherClient, header: 'Updated' } });
		expect(out(items[0]).client.id).toBe(otherClient);
	});

	test('nothing to update is refused before sending', async () => {
		const draft = await draftInvoice();
		const { error, sent } = await run({ resource: 'clientInvoice', operation: 'update', invoiceId: { __rl: true, mode: 'id', value: draft.id }, itemsInput: 'keep', updateFields: {} });
		expect(error?.message).toBe('Item 0: Nothing to update: set at least one field or replace the items');
		expect(sent).toHaveLength(0);
	});

	test("updating a finalized invoice shows the API's refusal", async () => {
		const { items } = await run(createParameters(client.id));
		const { error } = await run({
			resource: 'clientInvoice',
			operation: 'update',
			invoiceId: { __rl: true, mode: 'id', value: out(items[0]).id },
			itemsInput: 'keep',
			updateFields: { header: 'Too late' },
		});
		expect(error?.name).toBe('NodeApiError');
		expect(`${error?.message} ${error?.description}`).toMatch(/Only draft invoices can be updated/);
	});
});

test("n8n itself flags a By ID value that is not a UUID (the locator's regex) before running", async () => {
	const { error, sent } = await run({ resource: 'clientInvoice', operation: 'get', invoiceId: { __rl: true, mode: 'id', value: '123' } });
	expect(error?.message).toContain('Not a valid invoice ID (a UUID)');
	expect(sent).toHaveLength(0);
});

describe('Client Invoice: Get, Finalize', () => {
	test('Get returns the invoice; a malformed ID is refused before any request', async () => {
		const draft = await draftInvoice();
		const got = await run({ resource: 'clientInvoice', operation: 'get', invoiceId: { __rl: true, mode: 'id', value: draft.id } });
		expect(got.items[0].json).toMatchObject({ id: draft.id, number: draft.number, status: 'draft' });
		const bad = await run({ resource: 'clientInvoice', operation: 'get', invoiceId: { __rl: true, mode: 'id', value: '={{ "123" }}' } });
		expect(bad.error?.message).toBe('Item 0: Invoice (invoiceId) must be an ID (a UUID), got "123"');
		expect(bad.sent).toHaveLength(0);
	});

	test('Finalize moves a draft to unpaid with finalized_at and an attachment', async () => {
		const draft = await draftInvoice();
		const { items, error, sent } = await run({ resource: 'clientInvoice', operation: 'finalize', invoiceId: { __rl: true, mode: 'id', value: draft.id } });
		expect(error).toBeUndefined();
		expect(sent.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([`POST /v2/client_invoices/${draft.id}/finalize 200`]);
		expect(items[0].json).toMatchObject({ id: draft.id, status: 'unpaid' });
		expect(out(items[0]).finalized_at).toEqual(expect.any(String));
		expect(out(items[0]).attachment_id).toEqual(expect.any(String));
	});
});

describe('Client Invoice: Get Many', () => {
	let listClient: string;
	const created: Array<{ id: string; status: string }> = [];

	beforeAll(async () => {
		listClient = await createClient(sandbox, { ...frCompanyClient, name: 'Liste SARL' });
		for (const status of ['draft', 'unpaid', 'draft', 'unpaid', 'unpaid']) {
			const { items } = await run(createParameters(listClient, { status }));
			created.push({ id: out(items[0]).id, status });
		}
	});

	const getMany = (parameters: Record<string, unknown>) => run({ resource: 'clientInvoice', operation: 'getMany', ...parameters });

	test('filters by client and status, newest first by default', async () => {
		const { items, sent } = await getMany({ returnAll: true, filters: { clientId: listClient, status: ['unpaid'] } });
		expect(items.map((item) => out(item).id)).toEqual(created.filter((c) => c.status === 'unpaid').map((c) => c.id).reverse());
		expect(sent[0].query).toMatchObject({ 'filter[client_id]': listClient, 'filter[status]': 'unpaid', sort_by: 'created_at:desc' });
	});

	test('oldest first, and Limit fetches no more than needed', async () => {
		const { items, sent } = await getMany({ returnAll: false, limit: 2, sort: 'created_at:asc', filters: { clientId: listClient } });
		expect(items.map((item) => out(item).id)).toEqual(created.slice(0, 2).map((c) => c.id));
		expect(sent).toHaveLength(1);
		expect(sent[0].query).toMatchObject({ per_page: '2', page: '1' });
	});

	test('a created range in the future finds nothing; the past range finds them all; both statuses combine', async () => {
		const future = await getMany({ returnAll: true, filters: { clientId: listClient, createdAtFrom: '2999-01-01T00:00:00' } });
		expect(future.items).toHaveLength(0);
		// The date rule: the picker's wall time is a time of the workflow's zone, sent with that zone's offset.
		expect(future.sent[0].query).toMatchObject({ 'filter[created_at_from]': expect.stringMatching(/^2999-01-01T00:00:00\.000([+-]\d{2}:\d{2}|Z)$/) });
		const past = await getMany({ returnAll: true, filters: { clientId: listClient, createdAtFrom: '2000-01-01T00:00:00', createdAtTo: '2999-01-01T00:00:00', status: ['draft', 'unpaid'] } });
		expect(past.items).toHaveLength(created.length);
		expect(past.sent[0].query).toMatchObject({ 'filter[status]': 'draft,unpaid' });
	});

	test('a malformed client filter is refused before sending', async () => {
		const { error, sent } = await getMany({ returnAll: true, filters: { clientId: 'abc' } });
		expect(error?.message).toBe('Item 0: Filters › Client ID (filters.clientId) must be an ID (a UUID), got "abc"');
		expect(sent).toHaveLength(0);
	});
});

describe('Client Invoice: "From List" search', () => {
	test('lists invoices newest first with number, client, total and status; the filter matches number or client', async () => {
		const store = new CredentialStore(connectedCredential(sandbox));
		const invoice = await draftInvoice();
		const otherClient = await createClient(sandbox, { ...frCompanyClient, name: 'Zébulon Conseil' });
		const number = uniqueNumber('LS');
		await runNode({ sandbox, node: { parameters: createParameters(otherClient, { additionalFields: { number } }) } });
		const all = await runListSearch(store, 'searchClientInvoices');
		expect(all.results[0]).toMatchObject({ name: `${number} · Zébulon Conseil · 240.00 EUR · unpaid`, value: expect.any(String) });
		expect(all.results.map((r) => r.value)).toContain(invoice.id);
		const byClient = await runListSearch(store, 'searchClientInvoices', 'zébulon');
		expect(byClient.results.map((r) => r.name)).toEqual([`${number} · Zébulon Conseil · 240.00 EUR · unpaid`]);
		const byNumber = await runListSearch(store, 'searchClientInvoices', invoice.number);
		expect(byNumber.results.map((r) => r.value)).toEqual([invoice.id]);
	});
});
