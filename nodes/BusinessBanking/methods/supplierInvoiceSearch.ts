import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listPage } from './listPage';

interface SupplierInvoiceRow {
	id: string;
	invoice_number?: string | null;
	supplier_name?: string | null;
	file_name?: string;
	status?: string;
	total_amount?: { value: string; currency: string } | null;
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
	const page = await listPage<SupplierInvoiceRow>(this, '/v2/supplier_invoices', 'supplier_invoices', paginationToken, 100);
	const search = (filter ?? '').trim().toLowerCase();
	const invoices = page.items.filter(
		(invoice) => !search || [invoice.invoice_number, invoice.supplier_name, invoice.file_name].some((text) => (text ?? '').toLowerCase().includes(search)),
	);
	return {
		results: invoices.map((invoice) => ({ name: label(invoice), value: invoice.id })),
		paginationToken: page.paginationToken,
	};
}
