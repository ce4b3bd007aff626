import { perSandbox } from '../../core/perSandbox';
import type { SupplierInvoiceStatus } from '../../../nodes/shared/schemas/supplierInvoice';

type Money = { value: string; currency: string };

/** A supplier invoice with every field of the spec (optional ones null when unknown). */
export interface SupplierInvoice {
	id: string;
	is_einvoice: boolean;
	has_discrepancies: boolean;
	organization_id: string;
	file_name: string;
	status: SupplierInvoiceStatus;
	source_type: 'email' | 'e_invoicing' | 'direct_upload';
	created_at: string;
	updated_at: string;
	attachment_id: string;
	display_attachment_id: string;
	declined_note: string;
	e_invoice_type: 'zugferd' | 'xrechnung' | null;
	has_duplicates: boolean;
	invoice_number: string | null;
	supplier_name: string | null;
	vat_number: string | null;
	tin: string | null;
	description: string | null;
	total_amount: Money | null;
	total_amount_excluding_taxes: Money | null;
	total_tax_amount: Money | null;
	taxes: Array<{ tax_amount: Money; tax_rate: string }> | null;
	issue_date: string | null;
	due_date: string | null;
	payment_date: string | null;
	scheduled_date: string | null;
	iban: string | null;
	initiator_id: string | null;
	source: string | null;
	is_attachment_invoice: boolean;
	attachment_category: string | null;
	is_attachment_non_financial: boolean;
	analyzed_at: string | null;
	matched_transactions_ids: string[];
	matched_transactions: Array<{ subject_id: string; subject_type: string; transaction_id: string }> | null;
	transfer_ids: string[] | null;
	request_transfer: { id: string; initiator_id: string } | null;
	einvoicing_lifecycle_events: Array<{ status_code: number; reason: string; reason_message: string; timestamp: string }>;
	meta: { integration_type: string | null; connector: string | null; accounting_recorded_at: string | null; accounting_recorded_source: string | null };
	available_actions: {
		delete: boolean;
		archive: boolean;
		unarchive: boolean;
		pay: boolean;
		reasons: { pay: string[]; delete: string[]; archive: string[]; unarchive: string[] };
	};
	approval_workflow: { approver_ids: string[]; supplier_invoice_request_id: string | null; verified_by: string | null; last_approved_by: string | null } | null;
	payable_amount: Money | null;
	total_amount_credit_notes: Money | null;
	is_credit_note: boolean;
	has_suggested_credit_notes: boolean;
	related_invoices: Array<{ id: string; invoice_number: string; total_amount: Money; attachment_id: string; file_name: string }>;
	suggested_transactions: Array<{ id: string; score: string }> | null;
}

/** The supplier invoices of one sandbox. */
export const supplierInvoicesOf = perSandbox((ctx) => ctx.collection<SupplierInvoice>('supplier_invoices'));
