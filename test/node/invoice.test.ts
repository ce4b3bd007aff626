import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { PDFDocument } from 'pdf-lib';

import { CredentialStore, connectedCredential, runListSearch, runNode } from '../helpers/engine';
import { esCompanyClient, FR_IBAN, frCompanyClient, itCompanyClient, uniqueNumber } from '../helpers/fixtures';
import { useTestSandbox } from '../helpers/sandbox';
import { createClient, createParameters, out, type Out } from './invoiceFixtures';

const sandbox = useTestSandbox({}, { resetEachTest: false });
let clientId: string;

beforeAll(async () => {
	clientId = await createClient(sandbox);
});

const invoiceWrites = () => sandbox.ctx.requests.all().filter((r) => r.path.startsWith('/v2/client_invoices') && r.method !== 'GET');

/** Runs the node and returns what the sandbox received from it. */
async function run(parameters: INodeParameters, options: { items?: IDataObject[]; continueOnFail?: boolean; organization?: 'fr' | 'it' | 'es' } = {}) {
	const seqBefore = sandbox.ctx.requests.all().at(-1)?.seq ?? 0;
	const result = await runNode({
		sandbox,
		node: { parameters, continueOnFail: options.continueOnFail },
		items: options.items,
		credentialOptions: { organization: options.organization ?? 'fr' },
	});
	const sent = sandbox.ctx.requests.all().filter((r) => r.seq > seqBefore);
	return { ...result, sent };
}

async function draftInvoice(overrides: Record<string, unknown> = {}): Promise<Out> {
	const { items, error } = await run(createParameters(clientId, { status: 'draft', ...overrides }));
	expect(error).toBeUndefined();
	return out(items[0]);
}

describe('Client Invoice: Create', () => {
	test('sends the form as the API body and returns the created invoice', async () => {
		const number = uniqueNumber('C');
		const { items, error, sent } = await run(createParameters(clientId, { additionalFields: { number, purchaseOrder: 'PO-7', footer: 'Merci' } }));
		expect(error).toBeUndefined();
		expect(sent.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['POST /v2/client_invoices 201']);
		expect(sent[0].body).toEqual({
			client_invoice: {
				client_id: clientId,
				issue_date: '2026-03-01',
				due_date: '2026-03-31',
				currency: 'EUR',
				payment_methods: { iban: FR_IBAN },
				status: 'unpaid',
				items: [{ title: 'Consulting', quantity: '2', unit_price: { value: '100.00', currency: 'EUR' }, vat_rate: '0.2' }],
				number,
				purchase_order: 'PO-7',
				footer: 'Merci',
			},
		});
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ number, status: 'unpaid', total_amount: { value: '240.00', currency: 'EUR' }, vat_amount: { value: '40.00' } });
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	test('every item field, the global discount, settings, performance period and an upload reach the API', async () => {
		const pdf = await PDFDocument.create();
		pdf.addPage();
		const form = new FormData();
		form.append('file', new Blob([Buffer.from(await pdf.save())], { type: 'application/pdf' }), 'scan.pdf');
		const upload = await sandbox.api().post('/v2/client_invoices/uploads', form);
		expect(upload.status).toBe(201);
		const number = uniqueNumber('F');
		const { items, error, sent } = await run(
			createParameters(clientId, {
				issueDate: '2026-04-02T00:00:00',
				dueDate: '2026-05-02T00:00:00',
				iban: 'FR76 3000 6000 0112 3456 7890 189',
				items: {
					item: [
						{
							title: 'Design',
							quantity: '1.5',
							unitPrice: '80.00',
							unitPriceCurrency: 'EUR',
							vatRate: '0.2',
							description: 'Logo work',
							unit: 'hour',
							discountType: 'percentage',
							discountValue: '0.1',
						},
						{ title: 'Export', quantity: '1', unitPrice: '50', vatRate: '0', vatExemptionReason: 'N3.1', discountType: 'absolute', discountValue: '5.00' },
					],
				},
				additionalFields: {
					number,
					header: 'Hello',
					termsAndConditions: 'Net 30',
					uploadId: upload.data.upload.id,
					performanceStartDate: '2026-03-01',
					performanceEndDate: '2026-03-31',
					discountType: 'absolute',
					discountValue: '10.00',
				},
				settings: { late_payment_penalties: '3x legal rate', legal_capital_share: '10000.00' },
			}),
		);
		expect(error).toBeUndefined();
		expect(sent[0].body).toEqual({
			client_invoice: {
				client_id: clientId,
				issue_date: '2026-04-02',
				due_date: '2026-05-02',
				currency: 'EUR',
				payment_methods: { iban: FR_IBAN },
				status: 'unpaid',
				items: [
					{
						title: 'Design',
						quantity: '1.5',
						unit_price: { value: '80.00', currency: 'EUR' },
						vat_rate: '0.2',
						description: 'Logo work',
						unit: 'hour',
						discount: { type: 'percentage', value: '0.1' },
					},
					{ title: 'Export', quantity: '1', unit_price: { value: '50', currency: 'EUR' }, vat_rate: '0', vat_exemption_reason: 'N3.1', discount: { type: 'absolute', value: '5.00' } },
				],
				number,
				header: 'Hello',
				terms_and_conditions: 'Net 30',
				upload_id: upload.data.upload.id,
				performance_start_date: '2026-03-01',
				performance_end_date: '2026-03-31',
				discount: { type: 'absolute', value: '10.00' },
				settings: { late_payment_penalties: '3x legal rate', legal_capital_share: { value: '10000.00', currency: 'EUR' } },
			},
		});
		// Design: 1.5 × 80 = 120.00 − 12.00 = 108.00; Export: 50.00 − 5.00 = 45.00; nets 153.00.
		// Global 10.00 shared by net: Design round(10 × 108/153) = 7.06, Export the rest 2.94.
		// Bases 100.94 and 42.06; VAT round(100.94 × 0.2) = 20.19 and 0; total 143.00 + 20.19 = 163.19.
		expect(items[0].json).toMatchObject({
			total_amount: { value: '163.19' },
			vat_amount: { value: '20.19' },
			upload_id: upload.data.upload.id,
			performance_start_date: '2026-03-01',
		});
	});

	test('totals match a hand-worked discount + VAT mix where floating point is a cent off', async () => {
		// A: 3 × 19.99 = 59.97; 15 % = 8.9955 → 9.00 (half-up; float gives 8.99); net 50.97.
		// B: 1.5 × 33.33 = 49.995 → 50.00 (float: (1.5 * 33.33).toFixed(2) is 49.99); net 50.00.
		// Global 10.00 shared by nets (100.97): A round(10 × 50.97 / 100.97) = 5.05, B the rest 4.95.
		// Bases A 45.92, B 45.05. VAT A round(9.184) = 9.18, B round(45.05 × 0.055 = 2.47775) = 2.48.
		// Pre-tax 90.97 + VAT 11.66 = 102.63.
		const { items, error } = await run(
			createParameters(clientId, {
				items: {
					item: [
						{ title: 'A', quantity: '3', unitPrice: '19.99', vatRate: '0.2', discountType: 'percentage', discountValue: '0.15' },
						{ title: 'B', quantity: '1.5', unitPrice: '33.33', vatRate: '0.055', discountType: 'none' },
					],
				},
				additionalFields: { number: uniqueNumber('T'), discountType: 'absolute', discountValue: '10.00' },
			}),
		);
		expect(error).toBeUndefined();
		const invoice = out(items[0]);
		expect((1.5 * 33.33).toFixed(2)).toBe('49.99'); // what binary floating point would have said
		expect(invoice.items.map((item) => [item.subtotal.value, item.discount?.amount?.value ?? null, item.total_vat.value, item.total_amount.value])).toEqual([
			['59.97', '9.00', '9.18', '55.10'],
			['50.00', null, '2.48', '47.53'],
		]);
		expect(invoice.discount).toMatchObject({ type: 'absolute', value: '10.00', amount: { value: '10.00' } });
		expect([invoice.vat_amount.value, invoice.vat_amount_cents, invoice.total_amount.value, invoice.total_amount_cents]).toEqual(['11.66', 1166, '102.63', 10263]);
	});

	test('Items (JSON): each input row carries its lines; safe numbers are converted, the currency defaults', async () => {
		const rows = [
			{ number: uniqueNumber('J'), lines: [{ title: 'Row 0', quantity: 2, unit_price: 12.5, vat_rate: '0.2' }] },
			{ number: uniqueNumber('J'), lines: [{ title: 'Row 1', quantity: '1', unit_price: { value: '99.99' }, vat_rate: 0.1, discount: { type: 'percentage', value: '0.5' } }] },
		];
		const { items, error, sent } = await run(
			createParameters(clientId, { itemsInput: 'json', itemsJson: '={{ $json.lines }}', additionalFields: { number: '={{ $json.number }}' } }),
			{ items: rows },
		);
		expect(error).toBeUndefined();
		expect(sent.map((r) => (r.body as { client_invoice: { items: unknown } }).client_invoice.items)).toEqual([
			[{ title: 'Row 0', quantity: '2', unit_price: { value: '12.5', currency: 'EUR' }, vat_rate: '0.2' }],
			[{ title: 'Row 1', quantity: '1', unit_price: { value: '99.99', currency: 'EUR' }, vat_rate: '0.1', discount: { type: 'percentage', value: '0.5' } }],
		]);
		// Row 0: 2 × 12.50 = 25.00 + 20 % = 30.00. Row 1: 99.99 − round(49.995) = 49.99; + round(4.999) = 5.00 → 54.99.
		expect(items.map((item) => out(item).total_amount.value)).toEqual(['30.00', '54.99']);
		expect(items.map((item) => out(item).number)).toEqual(rows.map((row) => row.number));
	});

	test('a number that is not exact as a decimal is refused before sending, naming the item and field', async () => {
		const rows = [
			{ lines: [{ title: 'ok', quantity: '1', unit_price: '1.00', vat_rate: '0.2' }] },
			{ lines: [{ title: 'float', quantity: '1', unit_price: 0.1 + 0.2, vat_rate: '0.2' }] },
		];
		const before = invoiceWrites().length;
		const { error } = await run(createParameters(clientId, { itemsInput: 'json', itemsJson: '={{ $json.lines }}', additionalFields: {} }), { items: rows });
		expect(error?.message).toBe(
			'Item 1: Items › line 1 › Unit Price (items[0].unit_price.value): must be a non-negative decimal string with at most 2 decimals and 12 digits before the point, e.g. "12.30"',
		);
		// The first item may have been sent (items run concurrently); the bad one never was.
		const bodies = invoiceWrites().slice(before).map((r) => JSON.stringify(r.body));
		expect(bodies.some((body) => body.includes('float'))).toBe(false);
	});

	test.each([
		['IBAN', { iban: 'FR7630006000011234567890180' }, 'IBAN (payment_methods.iban): is not a valid IBAN'],
		['VAT rate as a percentage', { items: { item: [{ title: 'x', quantity: '1', unitPrice: '1.00', vatRate: '20' }] } }, 'Items › line 1 › VAT Rate (items[0].vat_rate): must be a decimal fraction'],
		['client ID from an expression', { clientId: { __rl: true, mode: 'id', value: '={{ "not-a-uuid" }}' } }, 'Client (client_id): must be a UUID'],
		['no items', { items: { item: [] } }, 'Items (items): must hold at least one item'],
		['due before issue', { dueDate: '2026-02-01' }, 'Due Date (due_date): must be on or after issue_date'],
		['line in another currency', { items: { item: [{ title: 'x', quantity: '1', unitPrice: '1.00', unitPriceCurrency: 'USD', vatRate: '0.2' }] } }, 'Items › line 1 › Unit Price › Currency (items[0].unit_price.currency): must be the invoice currency EUR'],
	])('bad %s: NodeOperationError naming item 0 and the field, nothing sent', async (_name, overrides, message) => {
		const before = invoiceWrites().length;
		const { error } = await run(createParameters(clientId, overrides));
		expect(error?.message).toContain('Item 0: ');
		expect(error?.message).toContain(message);
		expect(invoiceWrites().length).toBe(before);
	});

	test("an API refusal (number already used) is shown with the API's message; Continue On Fail keeps going", async () => {
		const number = uniqueNumber('D');
		const { items, error } = await run(createParameters(clientId, { additionalFields: { number } }), { items: [{}, {}], continueOnFail: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		const [ok, refused] = out(items[0]).number === number && !out(items[0]).error ? [items[0], items[1]] : [items[1], items[0]];
		expect(out(ok).number).toBe(number);
		expect(String(out(refused).error)).toMatch(/number/i);
		expect(JSON.stringify(refused.json)).toMatch(/already/i);
	});
});

describe('Client Invoice: Italy / Spain only fields', () => {
	test('an Italian invoice with welfare fund and withholding tax: body and hand-worked totals', async () => {
		const itClientId = await createClient(sandbox, itCompanyClient, 'it');
		const { items, error, sent } = await run(
			createParameters(itClientId, {
				iban: 'IT60X0542811101000000123456',
				items: { item: [{ title: 'Consulenza', quantity: '1', unitPrice: '1000.00', vatRate: '0.22' }] },
				italySpain: {
					reportEinvoicing: false,
					paymentReportingConditions: 'TP02',
					paymentReportingMethod: 'MP05',
					welfareFundType: 'TC22',
					welfareFundRate: '0.04',
					withholdingTaxReason: 'RT01',
					withholdingTaxRate: '0.2',
					withholdingTaxPaymentReason: 'A',
				},
			}),
			{ organization: 'it' },
		);
		expect(error).toBeUndefined();
		expect(sent[0].body).toMatchObject({
			client_invoice: {
				report_einvoicing: false,
				payment_reporting: { conditions: 'TP02', method: 'MP05' },
				welfare_fund: { type: 'TC22', rate: '0.04' },
				withholding_tax: { reason: 'RT01', rate: '0.2', payment_reason: 'A' },
			},
		});
		// 1000.00 + welfare 4 % = 40.00; VAT 22 % of 1040.00 = 228.80; withholding 20 % of 1040.00 = 208.00.
		// Total 1040.00 + 228.80 − 208.00 = 1060.80.
		expect(items[0].json).toMatchObject({
			vat_amount: { value: '228.80' },
			total_amount: { value: '1060.80' },
			withholding_tax: { amount: '208.00' },
		});
	});

	test('an Italian invoice without VAT above 77.47 EUR carries the 2.00 EUR stamp duty', async () => {
		const itClientId = await createClient(sandbox, { ...itCompanyClient, name: 'Libreria Neri S.r.l.', tax_identification_number: '10987654321', vat_number: 'IT10987654321' }, 'it');
		const { items, error, sent } = await run(
			createParameters(itClientId, {
				iban: 'IT60X0542811101000000123456',
				items: { item: [{ title: 'Formazione', quantity: '1', unitPrice: '100.00', vatRate: '0', vatExemptionReason: 'N4', discountType: 'none' }] },
				italySpain: { stampDutyAmount: '2.00', reportEinvoicing: false },
			}),
			{ organization: 'it' },
		);
		expect(error).toBeUndefined();
		expect(sent[0].body).toMatchObject({ client_invoice: { stamp_duty_amount: '2.00', report_einvoicing: false } });
		// 100.00 + VAT 0 + stamp duty 2.00 = 102.00.
		expect(items[0].json).toMatchObject({ stamp_duty_amount: '2.00', vat_amount: { value: '0.00' }, total_amount: { value: '102.00' } });
	});

	test('a Spanish freelancer gives only the withholding (IRPF) rate; a reason is refused by the API', async () => {
		const esClientId = await createClient(sandbox, esCompanyClient, 'es');
		const parameters = (italySpain: Record<string, string>) =>
			createParameters(esClientId, {
				iban: 'ES9121000418450200051332',
				items: { item: [{ title: 'Traducción', quantity: '1', unitPrice: '1000.00', vatRate: '0.21', discountType: 'none' }] },
				italySpain,
			});
		const { items, error, sent } = await run(parameters({ withholdingTaxRate: '0.15' }), { organization: 'es' });
		expect(error).toBeUndefined();
		expect((sent[0].body as { client_invoice: Record<string, unknown> }).client_invoice.withholding_tax).toEqual({ rate: '0.15' });
		// 1000.00 + VAT 21 % = 210.00 − IRPF 15 % of 1000.00 = 150.00 → 1060.00.
		expect(items[0].json).toMatchObject({ vat_amount: { value: '210.00' }, withholding_tax: { amount: '150.00' }, total_amount: { value: '1060.00' } });
		const refused = await run(parameters({ withholdingTaxRate: '0.15', withholdingTaxReason: 'RT01' }), { organization: 'es' });
		expect(refused.error?.name).toBe('NodeApiError');
		expect(`${refused.error?.message} ${refused.error?.description}`).toMatch(/withholding_tax/);
	});

	test('a French organization sending an Italian-only field gets the API refusal naming it', async () => {
		const { error } = await run(createParameters(clientId, { italySpain: { welfareFundRate: '0.04' } }));
		expect(error?.name).toBe('NodeApiError');
		expect(`${error?.message} ${error?.description}`).toMatch(/welfare_fund/);
	});
});

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
		const { items } = await run(createParameters(clientId));
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
