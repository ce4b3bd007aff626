import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { apiRequest } from '../transport';

interface SupplierInvoiceRow {
	id: string;
	invoice_number?: string | null;
	supplier_name?: string | null;
	file_name?: string;
	status?: string;
	total_amount?: { value: string; currency: string } | null;
}

interface SupplierInvoicePage {
	supplier_invoices?: SupplierInvoiceRow[];
	meta?: { next_page?: number | null };
}

const label = (invoice: SupplierInvoiceRow) =>
	[
		invoice.invoice_number ?? invoice.file_name ?? invoice.id,
		invoice.supplier_name,
		invoice.total_amount ? `${invoice.total_amount.value} ${invoice.total_amount.currency}` : undefined,
		invoice.status,
	]
		.filter(Boolean)
		.join(' · ');

/** "From List" of the supplier invoice picker: newest first, matched on number, supplier or file name. */
export async function searchSupplierInvoices(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const qs = { page: Number(paginationToken) || 1, per_page: 100 };
	const response = (await apiRequest.call(this, 'GET', '/v2/supplier_invoices', { qs })) as SupplierInvoicePage;
	const search = (filter ?? '').trim().toLowerCase();
	const invoices = (response.supplier_invoices ?? []).filter(
		(invoice) => !search || [invoice.invoice_number, invoice.supplier_name, invoice.file_name].some((text) => (text ?? '').toLowerCase().includes(search)),
	);
	return {
		results: invoices.map((invoice) => ({ name: label(invoice), value: invoice.id })),
		paginationToken: response.meta?.next_page ? String(response.meta.next_page) : undefined,
	};
}
