// Client Invoice › Create in the n8n engine against the sandbox: the form and JSON items as the API body, totals, refusals.
import { PDFDocument } from 'pdf-lib';

import { FR_IBAN, uniqueNumber } from '../helpers/fixtures';
import { createParameters, out } from './invoiceFixtures';
import { useInvoiceSandbox } from './invoiceRuns';

const { sandbox, client, invoiceWrites, run } = useInvoiceSandbox();

describe('Client Invoice: Create', () => {
	test('sends the form as the API body and returns the created invoice', async () => {
		const number = uniqueNumber('C');
		const { items, error, sent } = await run(createParameters(client.id, { additionalFields: { number, purchaseOrder: 'PO-7', footer: 'Merci' } }));
		expect(error).toBeUndefined();
		expect(sent.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['POST /v2/client_invoices 201']);
		expect(sent[0].body).toEqual({
			client_invoice: {
				client_id: client.id,
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
			createParameters(client.id, {
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
				client_id: client.id,
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
			createParameters(client.id, {
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

	test('Invoice Lines (JSON): each input row carries its lines; safe numbers are converted, the currency defaults', async () => {
		const rows = [
			{ number: uniqueNumber('J'), lines: [{ title: 'Row 0', quantity: 2, unit_price: 12.5, vat_rate: '0.2' }] },
			{ number: uniqueNumber('J'), lines: [{ title: 'Row 1', quantity: '1', unit_price: { value: '99.99' }, vat_rate: 0.1, discount: { type: 'percentage', value: '0.5' } }] },
		];
		const { items, error, sent } = await run(
			createParameters(client.id, { itemsInput: 'json', itemsJson: '={{ $json.lines }}', additionalFields: { number: '={{ $json.number }}' } }),
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
		const { error } = await run(createParameters(client.id, { itemsInput: 'json', itemsJson: '={{ $json.lines }}', additionalFields: {} }), { items: rows });
		expect(error?.message).toBe(
			'Item 1: Invoice Lines › Invoice Line 1 › Unit Price (items[0].unit_price.value): must be a non-negative decimal string with at most 2 decimals and 12 digits before the point, e.g. "12.30"',
		);
		// The first item may have been sent (items run concurrently); the bad one never was.
		const bodies = invoiceWrites().slice(before).map((r) => JSON.stringify(r.body));
		expect(bodies.some((body) => body.includes('float'))).toBe(false);
	});

	test.each([
		['IBAN', { iban: 'FR7630006000011234567890180' }, 'IBAN (payment_methods.iban): is not a valid IBAN'],
		['VAT rate as a percentage', { items: { item: [{ title: 'x', quantity: '1', unitPrice: '1.00', vatRate: '20' }] } }, 'Invoice Lines › Invoice Line 1 › VAT Rate (items[0].vat_rate): must be a decimal fraction'],
		['client ID from an expression', { clientId: { __rl: true, mode: 'id', value: '={{ "not-a-uuid" }}' } }, 'Client (client_id): must be a UUID'],
		['no items', { items: { item: [] } }, 'Invoice Lines (items): must hold at least one line'],
		['due before issue', { dueDate: '2026-02-01' }, 'Due Date (due_date): must be on or after issue_date'],
		['line in another currency', { items: { item: [{ title: 'x', quantity: '1', unitPrice: '1.00', unitPriceCurrency: 'USD', vatRate: '0.2' }] } }, 'Invoice Lines › Invoice Line 1 › Unit Price › Currency (items[0].unit_price.currency): must be the invoice currency EUR'],
	])('bad %s: NodeOperationError naming item 0 and the field, nothing sent', async (_name, overrides, message) => {
		const before = invoiceWrites().length;
		const { error } = await run(createParameters(client.id, overrides));
		expect(error?.message).toContain('Item 0: ');
		expect(error?.message).toContain(message);
		expect(invoiceWrites().length).toBe(before);
	});

	test("an API refusal (number already used) is shown with the API's message; Continue On Fail keeps going", async () => {
		const number = uniqueNumber('D');
		// Two different invoices with one number (identical ones would be one invoice: the write memory).
		const lines = { item: [{ title: '={{ $json.title }}', quantity: '2', unitPrice: '100.00', vatRate: '0.2', discountType: 'none' }] };
		const { items, error } = await run(createParameters(client.id, { additionalFields: { number }, items: lines }), { items: [{ title: 'Consulting' }, { title: 'Training' }], continueOnFail: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		const [ok, refused] = out(items[0]).number === number && !out(items[0]).error ? [items[0], items[1]] : [items[1], items[0]];
		expect(out(ok).number).toBe(number);
		expect(String(out(refused).error)).toMatch(/number/i);
		expect(JSON.stringify(refused.json)).toMatch(/already/i);
	});
});
