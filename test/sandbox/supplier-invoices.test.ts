import { SEED } from '../../sandbox/core/seed';
import { seededSupplierInvoiceId, supplierInvoicesOf } from '../../sandbox/modules/supplierInvoices';
import { useTestSandbox } from '../helpers/sandbox';

/** Every field the spec lists as always present. */
const ALWAYS = [
	'id', 'is_einvoice', 'has_discrepancies', 'organization_id', 'file_name', 'status', 'source_type',
	'created_at', 'updated_at', 'attachment_id', 'display_attachment_id', 'declined_note',
];
/** Every optional field of the spec (the seeded analysed invoices carry them all). */
const OPTIONAL = [
	'e_invoice_type', 'has_duplicates', 'invoice_number', 'supplier_name', 'vat_number', 'tin', 'description',
	'total_amount', 'total_amount_excluding_taxes', 'total_tax_amount', 'taxes', 'issue_date', 'due_date',
	'payment_date', 'scheduled_date', 'iban', 'initiator_id', 'source', 'is_attachment_invoice', 'attachment_category',
	'is_attachment_non_financial', 'analyzed_at', 'matched_transactions_ids', 'matched_transactions', 'transfer_ids',
	'request_transfer', 'einvoicing_lifecycle_events', 'meta', 'available_actions', 'approval_workflow', 'payable_amount',
	'total_amount_credit_notes', 'is_credit_note', 'has_suggested_credit_notes', 'related_invoices', 'suggested_transactions',
];

describe('supplier invoices (sandbox over loopback)', () => {
	const sandbox = useTestSandbox();

	const markAsPaid = (id: string, body: unknown, org: keyof typeof SEED.organizations = 'fr') =>
		sandbox.api(org).post(`/v2/supplier_invoices/${id}/mark_as_paid`, body);
	const today = () => sandbox.ctx.clock.now().toISOString().slice(0, 10);

	it('seeds each organization with invoices to review from every source type, with every field of the spec', async () => {
		for (const org of Object.keys(SEED.organizations) as Array<keyof typeof SEED.organizations>) {
			const response = await sandbox.api(org).get('/v2/supplier_invoices');
			expect(response.status).toBe(200);
			const invoices = response.data.supplier_invoices as Array<Record<string, unknown>>;
			expect(invoices).toHaveLength(4);
			expect(new Set(invoices.map((i) => i.status))).toEqual(new Set(['to_review']));
			expect(new Set(invoices.map((i) => i.source_type))).toEqual(new Set(['email', 'e_invoicing', 'direct_upload']));
			for (const invoice of invoices) {
				expect(Object.keys(invoice).sort()).toEqual([...ALWAYS, ...OPTIONAL].sort());
				expect(invoice.organization_id).toBe(SEED.organizations[org]);
				expect(invoice.declined_note).toBe('');
			}
			expect(response.data.meta).toEqual({ current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 4, per_page: 100 });
		}
		const email = (await sandbox.api('fr').get(`/v2/supplier_invoices/${seededSupplierInvoiceId('fr', 1)}`)).data;
		expect(email).toMatchObject({
			source_type: 'email',
			source: 'email_forward',
			total_amount: { value: '240.00', currency: 'EUR' },
			taxes: [{ tax_amount: { value: '40.00', currency: 'EUR' }, tax_rate: '0.2' }],
			available_actions: { pay: true },
			is_einvoice: false,
		});
	});

	it('only German organizations have e-invoices (ZUGFeRD and XRechnung)', async () => {
		const german = (await sandbox.api('de').get('/v2/supplier_invoices')).data.supplier_invoices;
		expect(german.filter((i: { is_einvoice: boolean }) => i.is_einvoice).map((i: { e_invoice_type: string }) => i.e_invoice_type).sort()).toEqual(['xrechnung', 'zugferd']);
		const french = (await sandbox.api('fr').get('/v2/supplier_invoices')).data.supplier_invoices;
		expect(french.every((i: { is_einvoice: boolean; e_invoice_type: unknown }) => !i.is_einvoice && i.e_invoice_type === null)).toBe(true);
	});

	it('marks an invoice as paid: to_review → paid, payment_date set, the response not wrapped, the state stored', async () => {
		const id = seededSupplierInvoiceId('fr', 2);
		const response = await markAsPaid(id, { supplier_invoice: { payment_date: '2026-01-10' } });
		expect(response.status).toBe(200);
		expect(response.data.supplier_invoice).toBeUndefined();
		expect(response.data).toMatchObject({
			id,
			status: 'paid',
			payment_date: '2026-01-10',
			payable_amount: { value: '0.00', currency: 'EUR' },
			available_actions: { pay: false, reasons: { pay: ['already_paid'] } },
		});
		expect(response.data.updated_at > response.data.created_at).toBe(true);
		expect(supplierInvoicesOf(sandbox.ctx).get(SEED.organizations.fr, id)).toEqual(response.data);
		const paidOnly = await sandbox.api('fr').get('/v2/supplier_invoices', { params: { 'filter[status]': 'paid' } });
		expect(paidOnly.data.supplier_invoices.map((i: { id: string }) => i.id)).toEqual([id]);
	});

	it('marking a paid invoice again is a 422 and changes nothing', async () => {
		const id = seededSupplierInvoiceId('fr', 1);
		await markAsPaid(id, { supplier_invoice: { payment_date: '2026-01-10' } });
		const again = await markAsPaid(id, { supplier_invoice: { payment_date: '2026-01-11' } });
		expect(again.status).toBe(422);
		expect(again.data.errors[0]).toMatchObject({ code: 'invalid_state', source: { pointer: '/supplier_invoice' } });
		expect(again.data.errors[0].detail).toContain('already paid');
		expect(supplierInvoicesOf(sandbox.ctx).get(SEED.organizations.fr, id)?.payment_date).toBe('2026-01-10');
	});

	it.each([
		[{}, '/supplier_invoice', 'Required'],
		[{ supplier_invoice: {} }, '/supplier_invoice/payment_date', 'is required'],
		[{ supplier_invoice: { payment_date: '10/01/2026' } }, '/supplier_invoice/payment_date', 'YYYY-MM-DD'],
		[{ supplier_invoice: { payment_date: '2026-13-01' } }, '/supplier_invoice/payment_date', 'calendar date'],
		[{ supplier_invoice: { payment_date: 20260110 } }, '/supplier_invoice/payment_date', 'YYYY-MM-DD'],
	])('refuses %j with a 422 naming %s', async (body, pointer, detail) => {
		const id = seededSupplierInvoiceId('fr', 1);
		const response = await markAsPaid(id, body);
		expect(response.status).toBe(422);
		expect(response.data.errors[0].source.pointer).toBe(pointer);
		expect(response.data.errors[0].detail).toContain(detail);
		expect(supplierInvoicesOf(sandbox.ctx).get(SEED.organizations.fr, id)?.status).toBe('to_review');
	});

	it('accepts today and refuses a payment date in the future on the sandbox clock', async () => {
		const future = new Date(sandbox.ctx.clock.nowMs() + 24 * 3600 * 1000).toISOString().slice(0, 10);
		const refused = await markAsPaid(seededSupplierInvoiceId('fr', 1), { supplier_invoice: { payment_date: future } });
		expect(refused.status).toBe(422);
		expect(refused.data.errors[0].source.pointer).toBe('/supplier_invoice/payment_date');
		const accepted = await markAsPaid(seededSupplierInvoiceId('fr', 1), { supplier_invoice: { payment_date: today() } });
		expect(accepted.data.payment_date).toBe(today());
	});

	it('another organization’s invoice, an unknown id and a malformed id are 404s', async () => {
		const body = { supplier_invoice: { payment_date: '2026-01-10' } };
		expect((await markAsPaid(seededSupplierInvoiceId('it', 1), body)).status).toBe(404);
		expect((await markAsPaid('00000000-0000-4000-8000-000000000000', body)).status).toBe(404);
		expect((await markAsPaid('not-an-id', body)).status).toBe(404);
		expect((await sandbox.api('fr').get(`/v2/supplier_invoices/${seededSupplierInvoiceId('it', 1)}`)).status).toBe(404);
	});

	it('needs the supplier_invoices.write scope', async () => {
		const api = sandbox.api('fr', ['organization.read']);
		expect((await api.post(`/v2/supplier_invoices/${seededSupplierInvoiceId('fr', 1)}/mark_as_paid`, { supplier_invoice: { payment_date: '2026-01-10' } })).status).toBe(403);
		expect((await api.get('/v2/supplier_invoices')).status).toBe(403);
	});

	it('lists newest first, a page at a time, and validates the list query', async () => {
		const page = await sandbox.api('fr').get('/v2/supplier_invoices', { params: { per_page: 3, page: 2 } });
		expect(page.data.supplier_invoices).toHaveLength(1);
		expect(page.data.meta).toEqual({ current_page: 2, next_page: null, prev_page: 1, total_pages: 2, total_count: 4, per_page: 3 });
		const all = (await sandbox.api('fr').get('/v2/supplier_invoices')).data.supplier_invoices.map((i: { created_at: string }) => i.created_at);
		expect(all).toEqual([...all].sort().reverse());
		expect((await sandbox.api('fr').get('/v2/supplier_invoices', { params: { 'filter[status]': 'archived' } })).status).toBe(422);
		expect((await sandbox.api('fr').get('/v2/supplier_invoices', { params: { per_page: 101 } })).status).toBe(422);
	});
});
