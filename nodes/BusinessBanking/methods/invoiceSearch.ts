import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { apiRequest } from '../transport';

const PER_PAGE = 100;

/**
 * "From List" for invoices: newest first, a page at a time. The list endpoint has no text search,
 * so the filter matches the number or the client's name within each fetched page.
 */
export async function searchClientInvoices(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const page = Number(paginationToken ?? 1) || 1;
	const response = (await apiRequest.call(this, 'GET', '/v2/client_invoices', {
		qs: { page, per_page: PER_PAGE, sort_by: 'created_at:desc' },
	})) as IDataObject;
	const invoices = (response.client_invoices as IDataObject[] | undefined) ?? [];
	const needle = (filter ?? '').trim().toLowerCase();
	const results = invoices
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
	const nextPage = (response.meta as IDataObject | undefined)?.next_page;
	return { results, paginationToken: nextPage ? String(nextPage) : undefined };
}
