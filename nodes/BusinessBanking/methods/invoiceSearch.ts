import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listPage } from './listPage';

const PER_PAGE = 100;

/**
 * "From List" for invoices: newest first, a page at a time. The list endpoint has no text search,
 * so the filter matches the number or the client's name within each fetched page.
 */
export async function searchClientInvoices(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const page = await listPage<IDataObject>(this, '/v2/client_invoices', 'client_invoices', paginationToken, PER_PAGE, { sort_by: 'created_at:desc' });
	const needle = (filter ?? '').trim().toLowerCase();
	const results = page.items
		.map((invoice) => {
			const client = (invoice.client as IDataObject | undefined)?.name ?? '';
			const total = invoice.total_amount as IDataObject | undefined;
			const number = invoice.number ? String(invoice.number) : '(no number)';
			return {
				name: `${number} · ${client} · ${total?.value ?? ''} ${total?.currency ?? ''} · ${invoice.status}`,
				value: String(invoice.id),
				url: typeof invoice.invoice_url === 'string' ? invoice.invoice_url : undefined,
				haystack: `${number} ${client}`.toLowerCase(),
			};
		})
		.filter((entry) => !needle || entry.haystack.includes(needle))
		.map(({ name, value, url }) => ({ name, value, url }));
	return { results, paginationToken: page.paginationToken };
}
