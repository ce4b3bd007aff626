import type { SandboxContext } from '../../core/context';
import { SEED } from '../../core/seed';
import { supplierInvoicesOf, type SupplierInvoice } from './store';

type OrgKey = keyof typeof SEED.organizations;

/** Fixed ids so that tests and docs can name them: …-0000000{org}{n}. */
export function seededSupplierInvoiceId(organization: OrgKey, n: number): string {
	const org = Object.keys(SEED.organizations).indexOf(organization) + 1;
	return `5b1e0000-0000-4000-8000-00000000${org}${String(n).padStart(3, '0')}`;
}

const eur = (value: string) => ({ value, currency: 'EUR' });

interface Draft {
	n: number;
	source_type: SupplierInvoice['source_type'];
	source: string;
	supplier: string;
	vat: string | null;
	iban: string;
	net: string;
	tax: string;
	total: string;
	rate: string;
	issue: string;
	due: string;
	einvoice?: 'zugferd' | 'xrechnung';
}

/** Every field filled in, as an analysed invoice waiting for review has them. */
function analysed(organization: OrgKey, d: Draft): SupplierInvoice {
	const id = seededSupplierInvoiceId(organization, d.n);
	const created = `2026-01-${String(4 + d.n).padStart(2, '0')}T09:30:00.000Z`;
	const number = `F-${d.issue.slice(0, 4)}-${String(100 + d.n)}`;
	const fileName = `${d.supplier.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${number}.pdf`;
	const canPay = { pay: [] as string[], delete: [] as string[], archive: [] as string[], unarchive: ['not_archived'] };
	return {
		id,
		is_einvoice: d.einvoice !== undefined,
		has_discrepancies: false,
		organization_id: SEED.organizations[organization],
		file_name: fileName,
		status: 'to_review',
		source_type: d.source_type,
		created_at: created,
		updated_at: created,
		attachment_id: `a77a0000-0000-4000-8000-${id.slice(-12)}`,
		display_attachment_id: `d15a0000-0000-4000-8000-${id.slice(-12)}`,
		declined_note: '',
		e_invoice_type: d.einvoice ?? null,
		has_duplicates: false,
		invoice_number: number,
		supplier_name: d.supplier,
		vat_number: d.vat,
		tin: null,
		description: `Services of ${d.supplier}`,
		total_amount: eur(d.total),
		total_amount_excluding_taxes: eur(d.net),
		total_tax_amount: eur(d.tax),
		taxes: [{ tax_amount: eur(d.tax), tax_rate: d.rate }],
		issue_date: d.issue,
		due_date: d.due,
		payment_date: null,
		scheduled_date: null,
		iban: d.iban,
		initiator_id: SEED.userId,
		source: d.source,
		is_attachment_invoice: true,
		attachment_category: 'INVOICE',
		is_attachment_non_financial: false,
		analyzed_at: created.replace('09:30', '09:31'),
		matched_transactions_ids: [],
		matched_transactions: [],
		transfer_ids: null,
		request_transfer: null,
		einvoicing_lifecycle_events: [],
		meta: { integration_type: null, connector: null, accounting_recorded_at: null, accounting_recorded_source: null },
		available_actions: { delete: true, archive: true, unarchive: false, pay: true, reasons: canPay },
		approval_workflow: { approver_ids: [SEED.userId], supplier_invoice_request_id: null, verified_by: null, last_approved_by: null },
		payable_amount: eur(d.total),
		total_amount_credit_notes: eur('0.00'),
		is_credit_note: false,
		has_suggested_credit_notes: false,
		related_invoices: [],
		suggested_transactions: [],
	};
}

/** A file just received and not yet read: only the fields that are always present. */
function unread(organization: OrgKey, n: number): SupplierInvoice {
	const id = seededSupplierInvoiceId(organization, n);
	const created = '2026-01-20T16:05:00.000Z';
	return {
		id,
		is_einvoice: false,
		has_discrepancies: true,
		organization_id: SEED.organizations[organization],
		file_name: 'scan-20260120.pdf',
		status: 'to_review',
		source_type: 'direct_upload',
		created_at: created,
		updated_at: created,
		attachment_id: `a77a0000-0000-4000-8000-${id.slice(-12)}`,
		display_attachment_id: `d15a0000-0000-4000-8000-${id.slice(-12)}`,
		declined_note: '',
		e_invoice_type: null,
		has_duplicates: false,
		invoice_number: null,
		supplier_name: null,
		vat_number: null,
		tin: null,
		description: null,
		total_amount: null,
		total_amount_excluding_taxes: null,
		total_tax_amount: null,
		taxes: null,
		issue_date: null,
		due_date: null,
		payment_date: null,
		scheduled_date: null,
		iban: null,
		initiator_id: SEED.userId,
		source: 'generic_upload',
		is_attachment_invoice: false,
		attachment_category: 'UNKNOWN',
		is_attachment_non_financial: false,
		analyzed_at: null,
		matched_transactions_ids: [],
		matched_transactions: null,
		transfer_ids: null,
		request_transfer: null,
		einvoicing_lifecycle_events: [],
		meta: { integration_type: null, connector: null, accounting_recorded_at: null, accounting_recorded_source: null },
		available_actions: {
			delete: true,
			archive: true,
			unarchive: false,
			pay: false,
			reasons: { pay: ['missing_amount', 'missing_iban'], delete: [], archive: [], unarchive: ['not_archived'] },
		},
		approval_workflow: null,
		payable_amount: null,
		total_amount_credit_notes: null,
		is_credit_note: false,
		has_suggested_credit_notes: false,
		related_invoices: [],
		suggested_transactions: null,
	};
}

/** Per organization: one by e-mail, one e-invoice (ZUGFeRD/XRechnung in Germany), one upload, one unread scan. */
export function seedSupplierInvoices(ctx: SandboxContext): void {
	const invoices = supplierInvoicesOf(ctx);
	for (const organization of Object.keys(SEED.organizations) as OrgKey[]) {
		const german = organization === 'de';
		const rows: SupplierInvoice[] = [
			analysed(organization, {
				n: 1,
				source_type: 'email',
				source: 'email_forward',
				supplier: 'Papeterie Centrale',
				vat: 'FR32123456789',
				iban: 'FR1420041010050500013M02606',
				net: '200.00',
				tax: '40.00',
				total: '240.00',
				rate: '0.2',
				issue: '2026-01-02',
				due: '2026-02-01',
			}),
			analysed(organization, {
				n: 2,
				source_type: 'e_invoicing',
				source: 'e_invoicing',
				supplier: german ? 'Nordlicht Software GmbH' : 'Logiciels du Nord SAS',
				vat: german ? 'DE811907980' : 'FR40303265045',
				iban: german ? 'DE02120300000000202051' : 'FR7630001007941234567890185',
				net: '1250.00',
				tax: german ? '237.50' : '250.00',
				total: german ? '1487.50' : '1500.00',
				rate: german ? '0.19' : '0.2',
				issue: '2026-01-05',
				due: '2026-02-04',
				einvoice: german ? 'xrechnung' : undefined,
			}),
			analysed(organization, {
				n: 3,
				source_type: 'direct_upload',
				source: 'supplier_invoices',
				supplier: 'Café des Arts',
				vat: null,
				iban: 'FR7612739000705151837497356',
				net: '45.45',
				tax: '4.55',
				total: '50.00',
				rate: '0.1',
				issue: '2026-01-08',
				due: '2026-01-08',
			}),
			unread(organization, 4),
		];
		if (german) rows[0] = { ...rows[0], is_einvoice: true, e_invoice_type: 'zugferd' };
		for (const row of rows) invoices.insert(row.organization_id, row);
	}
}
