// The client invoices API: create (the body, totals, refusals), then update, finalize and pay. Rules by country:
// invoices-api-country-rules.test.ts; the list: invoices-api-list.test.ts.
import type { AxiosInstance } from 'axios';

import type { EventEnvelope } from '../../sandbox/core/events';
import { SEED } from '../../sandbox/core/seed';
import { useTestSandbox } from '../helpers/sandbox';
import { createClient, frCompanyClient, uniqueNumber } from '../helpers/fixtures';
import { invoiceBody, pointers } from './invoices-fixtures';

describe('client invoices API', () => {
	const sandbox = useTestSandbox({ facturxDelayMs: 60_000 }, { resetEachTest: false });
	let fr: AxiosInstance;
	let frClient: string;
	/** Every event since the file started (tests compare slices, so it is never emptied). */
	const events: EventEnvelope[] = [];

	beforeAll(async () => {
		sandbox.ctx.events.subscribe((event) => events.push(event));
		fr = sandbox.api('fr');
		frClient = await createClient(fr, frCompanyClient);
	});

	describe('create', () => {
		it('creates an unpaid invoice (201) with exact totals, cents twins and the spec blocks', async () => {
			const eventsBefore = events.length;
			const response = await fr.post('/v2/client_invoices', invoiceBody(frClient, { number: 'FA-2026-001', purchase_order: 'PO-77' }));
			expect(response.status).toBe(201);
			const invoice = response.data.client_invoice;
			expect(events.slice(eventsBefore)).toEqual([
				expect.objectContaining({ type: 'v1/client-invoices', organization_id: SEED.organizations.fr, data: invoice }),
			]);
			expect(invoice).toMatchObject({
				organization_id: SEED.organizations.fr,
				number: 'FA-2026-001',
				purchase_order: 'PO-77',
				status: 'unpaid',
				currency: 'EUR',
				// 3 × 19.99 = 59.97; −10 % = −6.00 → 53.97; VAT 20 % = 10.79; total 64.76.
				total_amount: { value: '64.76', currency: 'EUR' },
				total_amount_cents: 6476,
				vat_amount: { value: '10.79', currency: 'EUR' },
				vat_amount_cents: 1079,
				amount_paid: { value: '0.00', currency: 'EUR' },
				paid_at: null,
				invoice_type: 'invoice',
				credit_notes_ids: [],
				einvoicing_status: null,
			});
			expect(invoice.finalized_at).toBe(invoice.created_at);
			expect(invoice.attachment_id).toEqual(expect.any(String));
			expect(invoice.items[0]).toMatchObject({
				unit_price: { value: '19.99', currency: 'EUR' },
				unit_price_cents: 1999,
				discount: { type: 'percentage', value: '0.1', amount: { value: '6.00', currency: 'EUR' } },
				subtotal: { value: '59.97', currency: 'EUR' },
				subtotal_cents: 5997,
				total_vat: { value: '10.79', currency: 'EUR' },
				total_vat_cents: 1079,
				total_amount: { value: '64.76', currency: 'EUR' },
				total_amount_cents: 6476,
			});
			expect(invoice.client).toMatchObject({ id: frClient, name: 'Boulangerie Dupain SARL', type: 'company', tax_identification_number: '303265045', country_code: 'FR', locale: 'fr' });
			expect(invoice.organization).toMatchObject({ id: SEED.organizations.fr, legal_name: 'Atelier Lumière SAS', legal_country: 'FR', vat_number: 'FR44552100554' });
			expect(invoice.payment_methods).toEqual([{ beneficiary_name: 'Atelier Lumière SAS', bic: 'QNTOFRP1XXX', iban: 'FR7630006000011234567890189', type: 'transfer' }]);
			expect(invoice.invoice_url).toMatch(/\/sandbox-files\/[0-9a-f-]+\?signature=[0-9a-f]{64}$/);

			const fetched = await fr.get(`/v2/client_invoices/${invoice.id}`);
			expect(fetched.status).toBe(200);
			expect(fetched.data.client_invoice).toEqual(invoice);
		});

		it('accepts the body wrapped as {"client_invoice": {…}} too', async () => {
			const response = await fr.post('/v2/client_invoices', { client_invoice: invoiceBody(frClient) });
			expect(response.status).toBe(201);
		});

		it('shares a global discount between items and reports its amount', async () => {
			const response = await fr.post(
				'/v2/client_invoices',
				invoiceBody(frClient, {
					items: [
						{ title: 'A', quantity: '1', unit_price: { value: '10', currency: 'EUR' }, vat_rate: '0.2' },
						{ title: 'B', quantity: '1', unit_price: { value: '20', currency: 'EUR' }, vat_rate: '0.2' },
						{ title: 'C', quantity: '1', unit_price: { value: '30', currency: 'EUR' }, vat_rate: '0.2' },
					],
					discount: { type: 'absolute', value: '10' },
				}),
			);
			expect(response.status).toBe(201);
			const invoice = response.data.client_invoice;
			expect(invoice.discount).toEqual({ type: 'absolute', value: '10', amount: { value: '10.00', currency: 'EUR' }, amount_cents: 1000 });
			expect(invoice.items.map((i: { total_vat: { value: string } }) => i.total_vat.value)).toEqual(['1.67', '3.33', '5.00']);
			expect(invoice.total_amount.value).toBe('60.00');
		});

		it.each([
			['client_id', '/client_invoice/client_id'],
			['issue_date', '/client_invoice/issue_date'],
			['due_date', '/client_invoice/due_date'],
			['currency', '/client_invoice/currency'],
			['payment_methods', '/client_invoice/payment_methods'],
			['items', '/client_invoice/items'],
		])('refuses a body without %s (422 naming it)', async (field, pointer) => {
			const body = invoiceBody(frClient);
			delete body[field];
			const response = await fr.post('/v2/client_invoices', body);
			expect(response.status).toBe(422);
			expect(pointers(response.data)).toContain(pointer);
		});

		it.each([
			[{ items: [] }, '/client_invoice/items'],
			[{ currency: 'XYZ' }, '/client_invoice/currency'],
			[{ issue_date: '01/03/2026' }, '/client_invoice/issue_date'],
			[{ due_date: '2026-02-30' }, '/client_invoice/due_date'],
			[{ due_date: '2026-02-01' }, '/client_invoice/due_date'],
			[{ payment_methods: { iban: 'FR7630006000011234567890188' } }, '/client_invoice/payment_methods/iban'],
			[{ status: 'paid' }, '/client_invoice/status'],
			[{ number: 'N'.repeat(41) }, '/client_invoice/number'],
			[{ purchase_order: 'P'.repeat(41) }, '/client_invoice/purchase_order'],
			[{ terms_and_conditions: 'T'.repeat(526) }, '/client_invoice/terms_and_conditions'],
			[{ performance_end_date: '2026-02-28' }, '/client_invoice/performance_start_date'],
			[{ performance_start_date: '2026-03-02', performance_end_date: '2026-03-01' }, '/client_invoice/performance_end_date'],
			[{ upload_id: '00000000-0000-4000-8000-000000000000' }, '/client_invoice/upload_id'],
			[{ client_id: '00000000-0000-4000-8000-000000000000' }, '/client_invoice/client_id'],
			[{ items: [{ title: 'X', quantity: '1', unit_price: { value: '1.00', currency: 'USD' }, vat_rate: '0.2' }] }, '/client_invoice/items/0/unit_price/currency'],
			[{ items: [{ title: 'X', quantity: '1', unit_price: { value: '1.005', currency: 'EUR' }, vat_rate: '0.2' }] }, '/client_invoice/items/0/unit_price/value'],
			[{ items: [{ title: 'X', quantity: '1', unit_price: { value: '5', currency: 'EUR' }, vat_rate: '0.2', discount: { type: 'absolute', value: '6' } }] }, '/client_invoice/items/0/discount/value'],
			[{ items: [{ title: 'X', quantity: '0', unit_price: { value: '5', currency: 'EUR' }, vat_rate: '0.2' }] }, '/client_invoice/items/0/quantity'],
			[{ items: [{ title: 'X', quantity: '1', unit_price: { value: '5', currency: 'EUR' }, vat_rate: '20' }] }, '/client_invoice/items/0/vat_rate'],
		])('refuses %j with a 422 on the field', async (overrides, pointer) => {
			const before = events.length;
			const response = await fr.post('/v2/client_invoices', invoiceBody(frClient, overrides));
			expect(response.status).toBe(422);
			expect(pointers(response.data)).toContain(pointer);
			expect(events.length).toBe(before);
		});

		it('takes performance_date as the start date when no start date is given, and a given start date wins', async () => {
			const fallback = await fr.post('/v2/client_invoices', invoiceBody(frClient, { performance_date: '2026-02-15' }));
			expect(fallback.data.client_invoice).toMatchObject({ performance_date: '2026-02-15', performance_start_date: '2026-02-15', performance_end_date: null });
			const explicit = await fr.post(
				'/v2/client_invoices',
				invoiceBody(frClient, { performance_date: '2026-02-15', performance_start_date: '2026-02-01', performance_end_date: '2026-02-28' }),
			);
			expect(explicit.data.client_invoice).toMatchObject({ performance_start_date: '2026-02-01', performance_end_date: '2026-02-28' });
		});

		it('requires a number without automatic numbering and refuses a number already used', async () => {
			const missing = await fr.post('/v2/client_invoices', invoiceBody(frClient, { number: undefined }));
			expect(missing.status).toBe(422);
			expect(missing.data.errors[0]).toMatchObject({ code: 'blank', source: { pointer: '/client_invoice/number' } });

			const number = uniqueNumber('DUP');
			expect((await fr.post('/v2/client_invoices', invoiceBody(frClient, { number }))).status).toBe(201);
			const again = await fr.post('/v2/client_invoices', invoiceBody(frClient, { number }));
			expect(again.status).toBe(422);
			expect(again.data.errors[0]).toMatchObject({ code: 'taken', source: { pointer: '/client_invoice/number' } });
			expect(again.data.errors[0].detail).toContain(number);
		});

		it('merges settings into the organization block and the top-level conditions', async () => {
			const response = await fr.post(
				'/v2/client_invoices',
				invoiceBody(frClient, {
					settings: {
						vat_number: 'FR00123456789',
						legal_capital_share: { value: '10000.00', currency: 'EUR' },
						late_payment_penalties: '3 × the legal interest rate',
						discount_conditions: 'None',
					},
				}),
			);
			expect(response.status).toBe(201);
			const invoice = response.data.client_invoice;
			expect(invoice.organization).toMatchObject({ vat_number: 'FR00123456789', legal_capital_share: { value: '10000.00', currency: 'EUR' }, legal_name: 'Atelier Lumière SAS' });
			expect(invoice).toMatchObject({ late_payment_penalties: '3 × the legal interest rate', discount_conditions: 'None' });
			// The organization itself is unchanged.
			expect(sandbox.ctx.organization(SEED.organizations.fr).vat_number).toBe('FR44552100554');
		});

		it('refuses the Italian-only fields for a French organization', async () => {
			for (const [field, value] of [
				['report_einvoicing', false],
				['payment_reporting', { conditions: 'TP02', method: 'MP05' }],
				['welfare_fund', { type: 'TC22', rate: '0.04' }],
				['stamp_duty_amount', '2.00'],
				['withholding_tax', { reason: 'RT01', rate: '0.2', payment_reason: 'A' }],
			] as const) {
				const response = await fr.post('/v2/client_invoices', invoiceBody(frClient, { [field]: value }));
				expect(response.status).toBe(422);
				expect(response.data.errors[0]).toMatchObject({ code: 'not_allowed', source: { pointer: `/client_invoice/${field}` } });
			}
		});

		it('answers 403 without client_invoices.write and 401 without a token', async () => {
			const readOnly = sandbox.api('fr', ['client_invoices.read']);
			const response = await readOnly.post('/v2/client_invoices', invoiceBody(frClient));
			expect(response.status).toBe(403);
			expect(response.data.errors[0].detail).toContain('client_invoices.write');
			expect((await sandbox.http.post('/v2/client_invoices', invoiceBody(frClient))).status).toBe(401);
		});
	});

	describe('update, finalize, pay', () => {
		it('updates only the fields sent on a draft, recomputes totals and emits an event', async () => {
			const created = await fr.post('/v2/client_invoices', invoiceBody(frClient, { status: 'draft', header: 'Bonjour' }));
			expect(created.data.client_invoice).toMatchObject({ status: 'draft', finalized_at: null, header: 'Bonjour' });
			const id = created.data.client_invoice.id;
			const eventsBefore = events.length;
			const updated = await fr.patch(`/v2/client_invoices/${id}`, {
				items: [{ title: 'Pain', quantity: '3', unit_price: { value: '0.10', currency: 'EUR' }, vat_rate: '0.2' }],
				footer: 'Merci',
			});
			expect(updated.status).toBe(200);
			expect(updated.data.client_invoice).toMatchObject({ header: 'Bonjour', footer: 'Merci', total_amount: { value: '0.36' }, vat_amount: { value: '0.06' }, status: 'draft' });
			expect(events.slice(eventsBefore)).toEqual([expect.objectContaining({ type: 'v1/client-invoices', organization_id: SEED.organizations.fr, data: expect.objectContaining({ id, footer: 'Merci' }) })]);
			expect((await fr.get(`/v2/client_invoices/${id}`)).data.client_invoice.footer).toBe('Merci');
		});

		it('refuses fields PATCH does not accept, and a number taken by another invoice', async () => {
			const a = (await fr.post('/v2/client_invoices', invoiceBody(frClient, { status: 'draft' }))).data.client_invoice;
			const b = (await fr.post('/v2/client_invoices', invoiceBody(frClient, { status: 'draft' }))).data.client_invoice;
			const status = await fr.patch(`/v2/client_invoices/${a.id}`, { status: 'unpaid' });
			expect(status.status).toBe(422);
			expect(status.data.errors[0].code).toBe('unrecognized_keys');
			const taken = await fr.patch(`/v2/client_invoices/${a.id}`, { number: b.number });
			expect(taken.status).toBe(422);
			expect(taken.data.errors[0]).toMatchObject({ code: 'taken', source: { pointer: '/client_invoice/number' } });
			// Its own number is not a conflict.
			expect((await fr.patch(`/v2/client_invoices/${a.id}`, { number: a.number })).status).toBe(200);
			const badDates = await fr.patch(`/v2/client_invoices/${a.id}`, { due_date: '2026-01-01' });
			expect(badDates.status).toBe(422);
			expect(pointers(badDates.data)).toContain('/client_invoice/due_date');
		});

		it('finalizes a draft (unpaid, finalized_at, attachment_id) and refuses to update or finalize it again', async () => {
			sandbox.ctx.clock.advance(5_000);
			const draft = (await fr.post('/v2/client_invoices', invoiceBody(frClient, { status: 'draft' }))).data.client_invoice;
			sandbox.ctx.clock.advance(5_000);
			const eventsBefore = events.length;
			const finalized = await fr.post(`/v2/client_invoices/${draft.id}/finalize`);
			expect(finalized.status).toBe(200);
			const invoice = finalized.data.client_invoice;
			expect(invoice).toMatchObject({ id: draft.id, status: 'unpaid', attachment_id: draft.attachment_id });
			expect(Date.parse(invoice.finalized_at)).toBeGreaterThan(Date.parse(invoice.created_at));
			expect(events.slice(eventsBefore).map((e) => e.data)).toEqual([expect.objectContaining({ id: draft.id, status: 'unpaid' })]);

			const patch = await fr.patch(`/v2/client_invoices/${draft.id}`, { footer: 'Trop tard' });
			expect(patch.status).toBe(422);
			expect(patch.data.errors[0]).toMatchObject({ code: 'not_draft', source: { pointer: '/client_invoice/status' } });
			expect(patch.data.errors[0].detail).toContain('unpaid');
			const again = await fr.post(`/v2/client_invoices/${draft.id}/finalize`);
			expect(again.status).toBe(422);
			expect(again.data.errors[0].detail).toContain('unpaid');
			sandbox.ctx.clock.reset();
		});

		it('re-checks the client at finalization', async () => {
			const client = await createClient(fr, { ...frCompanyClient, name: 'Client qui change' });
			const draft = (await fr.post('/v2/client_invoices', invoiceBody(client, { status: 'draft' }))).data.client_invoice;
			await fr.patch(`/v2/clients/${client}`, { tax_identification_number: '1' });
			const response = await fr.post(`/v2/client_invoices/${draft.id}/finalize`);
			expect(response.status).toBe(422);
			expect(pointers(response.data)).toEqual(['/client/tax_identification_number']);
			expect((await fr.get(`/v2/client_invoices/${draft.id}`)).data.client_invoice.status).toBe('draft');
		});

		it('pays an unpaid invoice through the simulation control, once', async () => {
			const invoice = (await fr.post('/v2/client_invoices', invoiceBody(frClient))).data.client_invoice;
			const eventsBefore = events.length;
			const paid = await sandbox.http.post(`/sandbox/client_invoices/${invoice.id}/pay`);
			expect(paid.status).toBe(200);
			expect(paid.data.client_invoice).toMatchObject({ status: 'paid', amount_paid: { value: '64.76', currency: 'EUR' } });
			expect(paid.data.client_invoice.paid_at).toEqual(expect.any(String));
			expect(events.slice(eventsBefore).map((e) => e.data)).toEqual([expect.objectContaining({ id: invoice.id, status: 'paid' })]);
			expect((await sandbox.http.post(`/sandbox/client_invoices/${invoice.id}/pay`)).status).toBe(422);
			const draft = (await fr.post('/v2/client_invoices', invoiceBody(frClient, { status: 'draft' }))).data.client_invoice;
			expect((await sandbox.http.post(`/sandbox/client_invoices/${draft.id}/pay`)).status).toBe(422);
		});

		it('answers 404 for an unknown id and for another organization\'s invoice', async () => {
			const invoice = (await fr.post('/v2/client_invoices', invoiceBody(frClient))).data.client_invoice;
			expect((await fr.get('/v2/client_invoices/00000000-0000-4000-8000-000000000000')).status).toBe(404);
			expect((await sandbox.api('de').get(`/v2/client_invoices/${invoice.id}`)).status).toBe(404);
			expect((await sandbox.api('fr', ['client_invoices.write']).get(`/v2/client_invoices/${invoice.id}`)).status).toBe(403);
		});
	});
});
