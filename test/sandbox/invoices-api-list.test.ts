// The client invoices API's list: sort, filters (status, client, creation window, number, purchase order) and pages.
import type { AxiosInstance } from 'axios';

import { useTestSandbox } from '../helpers/sandbox';
import { createClient, deCompanyClient } from '../helpers/fixtures';
import { invoiceBody } from './invoices-fixtures';

describe('client invoices API', () => {
	const sandbox = useTestSandbox({ facturxDelayMs: 60_000 }, { resetEachTest: false });

	describe('list', () => {
		let de: AxiosInstance;
		let clientA: string;
		let clientB: string;
		const ids: Record<string, string> = {};
		beforeAll(async () => {
			de = sandbox.api('de');
			clientA = await createClient(de, deCompanyClient);
			clientB = await createClient(de, { ...deCompanyClient, name: 'Zweiter Kunde GmbH' });
			const body = (client: string, overrides: Record<string, unknown> = {}) =>
				invoiceBody(client, { payment_methods: { iban: 'DE89370400440532013000' }, ...overrides });
			// One invoice per day from tomorrow on; tokens live an hour, so a fresh one after each jump.
			const nextDay = () => {
				sandbox.ctx.clock.advance(24 * 3600_000);
				de = sandbox.api('de');
			};
			nextDay();
			ids.draft = (await de.post('/v2/client_invoices', body(clientA, { status: 'draft' }))).data.client_invoice.id;
			nextDay();
			ids.unpaid = (await de.post('/v2/client_invoices', body(clientB))).data.client_invoice.id;
			nextDay();
			ids.paid = (await de.post('/v2/client_invoices', body(clientA))).data.client_invoice.id;
			await sandbox.http.post(`/sandbox/client_invoices/${ids.paid}/pay`);
		});
		afterAll(() => sandbox.ctx.clock.reset());
		const listIds = async (query: string) => {
			const response = await de.get(`/v2/client_invoices${query}`);
			expect(response.status).toBe(200);
			return (response.data.client_invoices as Array<{ id: string }>).map((i) => i.id).filter((id) => Object.values(ids).includes(id));
		};

		it('sorts by created_at, newest first by default', async () => {
			expect(await listIds('')).toEqual([ids.paid, ids.unpaid, ids.draft]);
			expect(await listIds('?sort_by=created_at:asc')).toEqual([ids.draft, ids.unpaid, ids.paid]);
		});

		it('filters by status (comma list), client and creation window', async () => {
			expect(await listIds('?filter[status]=draft,paid')).toEqual([ids.paid, ids.draft]);
			expect(await listIds(`?filter[client_id]=${clientB}`)).toEqual([ids.unpaid]);
			const unpaidAt = (await de.get(`/v2/client_invoices/${ids.unpaid}`)).data.client_invoice.created_at as string;
			expect(await listIds(`?filter[created_at_from]=${encodeURIComponent(unpaidAt)}`)).toEqual([ids.paid, ids.unpaid]);
			expect(await listIds(`?filter[created_at_to]=${encodeURIComponent(unpaidAt)}`)).toEqual([ids.unpaid, ids.draft]);
			expect(await listIds(`?filter[created_at_from]=${unpaidAt.slice(0, 10)}&filter[created_at_to]=${unpaidAt.slice(0, 10)}`)).toEqual([ids.unpaid]);
		});

		it('filters by exact number and purchase order (how a re-run finds what it made)', async () => {
			const paid = (await de.get(`/v2/client_invoices/${ids.paid}`)).data.client_invoice as { number: string };
			expect(await listIds(`?filter[number]=${encodeURIComponent(paid.number)}`)).toEqual([ids.paid]);
			expect(await listIds(`?filter[number]=${encodeURIComponent(paid.number.toLowerCase() + 'x')}`)).toEqual([]);
			const po = (await de.patch(`/v2/client_invoices/${ids.draft}`, { client_invoice: { purchase_order: 'PO-77' } })).data.client_invoice;
			expect(po.purchase_order).toBe('PO-77');
			expect(await listIds('?filter[purchase_order]=PO-77')).toEqual([ids.draft]);
			expect(await listIds(`?filter[purchase_order]=PO-77&filter[client_id]=${clientB}`)).toEqual([]);
			expect(await listIds('?filter[purchase_order]=PO-7')).toEqual([]);
		});

		it('answers 200 and nothing to an exact filter no invoice can match (a value to look for, not to check)', async () => {
			for (const query of ['?filter[client_id]=not-a-client', '?filter[client_id]=%20', '?filter[number]=%3F%3F', `?filter[purchase_order]=${'x'.repeat(300)}`]) {
				const response = await de.get(`/v2/client_invoices${query}`);
				expect({ query, status: response.status, invoices: response.data.client_invoices, total: response.data.meta?.total_count }).toEqual({ query, status: 200, invoices: [], total: 0 });
			}
		});

		it('pages with meta', async () => {
			const response = await de.get('/v2/client_invoices?per_page=1&page=2&filter[status]=draft,unpaid,paid');
			const total = response.data.meta.total_count;
			expect(total).toBeGreaterThanOrEqual(3);
			expect(response.data.meta).toEqual({ current_page: 2, next_page: total > 2 ? 3 : null, prev_page: 1, total_pages: total, total_count: total, per_page: 1 });
			expect(response.data.client_invoices).toHaveLength(1);
		});

		it('refuses an unknown status, sort or page size with a 400', async () => {
			expect((await de.get('/v2/client_invoices?filter[status]=sent')).status).toBe(400);
			expect((await de.get('/v2/client_invoices?sort_by=number:asc')).status).toBe(400);
			expect((await de.get('/v2/client_invoices?per_page=101')).status).toBe(400);
		});
	});
});
