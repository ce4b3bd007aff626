import { SEED } from '../../sandbox/core/seed';
import { seededSupplierInvoiceId, supplierInvoicesOf } from '../../sandbox/modules/supplierInvoices';
import { connectedCredential } from '../helpers/engine/connectedCredential';
import { CredentialStore } from '../helpers/engine/credentialStore';
import { runListSearch } from '../helpers/engine/editor';
import { runNode } from '../helpers/engine/runNode';
import { clearSeenRequests, seenRequests } from '../helpers/engine/sandboxControls';
import { useTestSandbox } from '../helpers/sandbox';

const supplierInvoice = (operation: string, parameters: Record<string, unknown> = {}) => ({ parameters: { resource: 'supplierInvoice', operation, ...parameters } });

describe('Business Banking node, Supplier Invoice resource (n8n engine → sandbox over HTTP)', () => {
	const sandbox = useTestSandbox({ stagingToken: 'staging-supplier' });
	beforeEach(() => clearSeenRequests(sandbox));

	const markAsPaid = (id: string, paymentDate: string) => supplierInvoice('markAsPaid', { supplierInvoiceId: { mode: 'id', value: id }, paymentDate });

	it('Mark as Paid posts the day of the payment date and outputs the (unwrapped) invoice, now paid', async () => {
		const id = seededSupplierInvoiceId('fr', 1);
		const { items, error } = await runNode({ sandbox, node: markAsPaid(id, '2026-01-10T00:00:00') });
		expect(error).toBeUndefined();
		const [posted] = await seenRequests(sandbox, { method: 'POST', path: `/v2/supplier_invoices/${id}/mark_as_paid` });
		expect(posted.body).toEqual({ supplier_invoice: { payment_date: '2026-01-10' } });
		expect(posted.headers['x-service-staging-token']).toBe('[redacted]');
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ id, status: 'paid', payment_date: '2026-01-10', supplier_name: 'Papeterie Centrale' });
		expect(supplierInvoicesOf(sandbox.ctx).get(SEED.organizations.fr, id)?.status).toBe('paid');
	});

	it('a timestamp with an offset from an expression is read in the workflow’s time zone', async () => {
		const id = seededSupplierInvoiceId('fr', 2);
		// Noon UTC is the 9th in every zone from UTC-11 to UTC+11, whatever the workflow's zone is here.
		const { error } = await runNode({ sandbox, node: markAsPaid(id, '2026-01-09T12:00:00+00:00') });
		expect(error).toBeUndefined();
		const [posted] = await seenRequests(sandbox, { method: 'POST', path: `/v2/supplier_invoices/${id}/mark_as_paid` });
		expect(posted.body).toEqual({ supplier_invoice: { payment_date: '2026-01-09' } });
	});

	it('marking a paid invoice again: the API’s 422 reaches the user and the first payment date stays', async () => {
		const id = seededSupplierInvoiceId('fr', 3);
		await runNode({ sandbox, node: markAsPaid(id, '2026-01-10') });
		const { error } = await runNode({ sandbox, node: markAsPaid(id, '2026-01-11') });
		expect(error?.name).toBe('NodeApiError');
		expect(error?.httpCode).toBe('422');
		expect(error?.message).toContain('already paid');
		expect(supplierInvoicesOf(sandbox.ctx).get(SEED.organizations.fr, id)?.payment_date).toBe('2026-01-10');
	});

	it('refuses a payment date that is not a day, and an invoice ID that is not a UUID, before any request', async () => {
		const bad = await runNode({ sandbox, node: markAsPaid(seededSupplierInvoiceId('fr', 1), '={{ "10 January" }}') });
		expect(bad.error?.name).toBe('NodeOperationError');
		expect(bad.error?.message).toBe('Item 0: Payment Date (paymentDate) must be a date: YYYY-MM-DD, an ISO 8601 timestamp, or a date from an expression such as {{ $now }}, got "10 January"');
		const badId = await runNode({ sandbox, node: markAsPaid('={{ "F-2026-101" }}', '2026-01-10') });
		expect(badId.error?.message).toBe('Item 0: Supplier Invoice (supplierInvoiceId) must be an ID (a UUID), got "F-2026-101"');
		expect(await seenRequests(sandbox, { path: '/v2/*' })).toHaveLength(0);
		expect(supplierInvoicesOf(sandbox.ctx).get(SEED.organizations.fr, seededSupplierInvoiceId('fr', 1))?.status).toBe('to_review');
	});

	it('a future payment date is the API’s 422, naming payment_date', async () => {
		const { error } = await runNode({ sandbox, node: markAsPaid(seededSupplierInvoiceId('fr', 1), '2099-01-01') });
		expect(error?.httpCode).toBe('422');
		expect(error?.message).toContain('payment_date');
	});

	it('another organization’s invoice is a 404 for the user', async () => {
		const { error } = await runNode({ sandbox, node: markAsPaid(seededSupplierInvoiceId('it', 1), '2026-01-10') });
		expect(error?.httpCode).toBe('404');
		expect(error?.message).toContain(seededSupplierInvoiceId('it', 1));
	});

	it('Get outputs one invoice; Get Many filters by status, keeps to the limit, and Return All pages', async () => {
		const id = seededSupplierInvoiceId('de', 2);
		const got = await runNode({ sandbox, credentialOptions: { organization: 'de' }, node: supplierInvoice('get', { supplierInvoiceId: { mode: 'list', value: id } }) });
		expect(got.items.map((item) => item.json)).toEqual([expect.objectContaining({ id, is_einvoice: true, e_invoice_type: 'xrechnung' })]);

		await runNode({ sandbox, credentialOptions: { organization: 'de' }, node: markAsPaid(seededSupplierInvoiceId('de', 1), '2026-01-10') });
		await clearSeenRequests(sandbox);
		const paid = await runNode({ sandbox, credentialOptions: { organization: 'de' }, node: supplierInvoice('getMany', { returnAll: true, statuses: ['paid'] }) });
		expect(paid.items.map((item) => item.json.id)).toEqual([seededSupplierInvoiceId('de', 1)]);
		const [listed] = await seenRequests(sandbox, { method: 'GET', path: '/v2/supplier_invoices' });
		expect(listed.query).toMatchObject({ 'filter[status]': 'paid', page: '1', per_page: '100' });

		const limited = await runNode({ sandbox, credentialOptions: { organization: 'de' }, node: supplierInvoice('getMany', { returnAll: false, limit: 2 }) });
		expect(limited.items).toHaveLength(2);
	});

	it('searches supplier invoices for the From List picker by number or supplier', async () => {
		const credential = new CredentialStore(connectedCredential(sandbox));
		const all = await runListSearch(credential, 'searchSupplierInvoices');
		expect(all.results).toHaveLength(4);
		const found = await runListSearch(credential, 'searchSupplierInvoices', 'papeterie');
		expect(found.results).toEqual([{ name: 'F-2026-101 · Papeterie Centrale · 240.00 EUR · to_review', value: seededSupplierInvoiceId('fr', 1) }]);
	});
});
