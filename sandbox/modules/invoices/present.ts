import { createHmac } from 'crypto';

import type { ClientInvoiceResponse, InvoiceItemResponse } from '../../../nodes/shared/schemas/invoice';
import { amountToCents } from '../../../nodes/shared/schemas/money';
import type { Organization, SandboxContext } from '../../core/context';
import type { InvoiceFields, InvoiceRecord, InvoiceState } from './state';

const money = (value: string, currency: string) => ({ value, currency });

/** The organization block of the spec, with the invoice's settings merged over it. */
export function organizationBlock(organization: Organization, settings: InvoiceFields['settings']): Record<string, unknown> {
	const overrides = settings ?? {};
	return {
		id: organization.id,
		legal_name: organization.legal_name,
		legal_number: organization.legal_number,
		legal_country: organization.legal_country,
		address_line_1: organization.address_line_1,
		address_line_2: organization.address_line_2,
		address_zipcode: organization.address_zipcode,
		address_city: organization.address_city,
		address_country: organization.address_country,
		company_leadership: overrides.company_leadership ?? organization.company_leadership,
		district_court: overrides.district_court ?? organization.district_court,
		commercial_register_number: overrides.commercial_register_number ?? organization.commercial_register_number,
		vat_number: overrides.vat_number ?? organization.vat_number,
		tax_number: overrides.tax_number ?? organization.tax_number,
		legal_capital_share: overrides.legal_capital_share ?? organization.legal_capital_share,
		transaction_type: overrides.transaction_type ?? organization.transaction_type,
		vat_payment_condition: overrides.vat_payment_condition ?? organization.vat_payment_condition,
	};
}

/** HMAC of a file URL: `expires` (unix seconds) for attachment links, none for the invoice's own link. */
export function signFile(state: InvoiceState, id: string, expires?: number): string {
	return createHmac('sha256', state.urlKey).update(expires === undefined ? id : `${id}:${expires}`).digest('hex');
}

export function fileUrl(state: InvoiceState, origin: string, id: string, expires?: number): string {
	const query = expires === undefined ? '' : `expires=${expires}&`;
	return `${origin}/sandbox-files/${id}?${query}signature=${signFile(state, id, expires)}`;
}

/**
 * The invoice's own link: it never changes (same key, same attachment id), yet every response
 * shows it, so it is signed once per invoice. Only stored invoices fill the cache.
 */
function invoiceUrl(state: InvoiceState, origin: string, record: InvoiceRecord): string {
	let signature = state.linkSignatures.get(record.attachmentId);
	if (signature === undefined) {
		signature = signFile(state, record.attachmentId);
		state.linkSignatures.set(record.attachmentId, signature);
	}
	return `${origin}/sandbox-files/${record.attachmentId}?signature=${signature}`;
}

function items(record: InvoiceRecord): InvoiceItemResponse[] {
	const currency = record.fields.currency;
	return record.fields.items.map((item, index) => {
		const line = record.totals.items[index];
		return {
			title: item.title,
			description: item.description ?? null,
			quantity: item.quantity,
			unit: item.unit ?? null,
			unit_price: money(item.unit_price.value, currency),
			unit_price_cents: amountToCents(item.unit_price.value),
			vat_rate: item.vat_rate,
			vat_exemption_reason: item.vat_exemption_reason ?? null,
			discount: item.discount && line.discount ? { ...item.discount, amount: money(line.discount, currency), amount_cents: amountToCents(line.discount) } : null,
			subtotal: money(line.subtotal, currency),
			subtotal_cents: amountToCents(line.subtotal),
			total_vat: money(line.vat, currency),
			total_vat_cents: amountToCents(line.vat),
			total_amount: money(line.total, currency),
			total_amount_cents: amountToCents(line.total),
		};
	});
}

/** The `client_invoice` response of the spec for a stored invoice. */
export function presentInvoice(ctx: SandboxContext, state: InvoiceState, record: InvoiceRecord, origin: string): ClientInvoiceResponse {
	const { fields, totals } = record;
	const currency = fields.currency;
	const organization = ctx.organization(record.organizationId);
	const iban = fields.payment_methods.iban.replace(/\s+/g, '').toUpperCase();
	const account = ctx.bankAccounts.list(organization.id).find((a) => a.iban === iban);
	const member = [...ctx.users.values()].find((user) => user.memberships[organization.id]);
	const settings = fields.settings ?? {};
	return {
		id: record.id,
		organization_id: record.organizationId,
		number: fields.number,
		purchase_order: fields.purchase_order ?? null,
		status: record.status,
		invoice_url: invoiceUrl(state, origin, record),
		contact_email: member?.email ?? null,
		terms_and_conditions: fields.terms_and_conditions ?? null,
		discount_conditions: settings.discount_conditions ?? null,
		late_payment_penalties: settings.late_payment_penalties ?? null,
		legal_fixed_compensation: settings.legal_fixed_compensation ?? null,
		header: fields.header ?? null,
		footer: fields.footer ?? null,
		currency,
		total_amount: money(totals.total, currency),
		total_amount_cents: amountToCents(totals.total),
		vat_amount: money(totals.vat, currency),
		vat_amount_cents: amountToCents(totals.vat),
		issue_date: fields.issue_date,
		due_date: fields.due_date,
		performance_date: fields.performance_date ?? null,
		// The deprecated performance_date stands in when no start date is given.
		performance_start_date: fields.performance_start_date ?? fields.performance_date ?? null,
		performance_end_date: fields.performance_end_date ?? null,
		created_at: record.createdAt,
		finalized_at: record.finalizedAt,
		paid_at: record.paidAt,
		stamp_duty_amount: fields.stamp_duty_amount ?? null,
		items: items(record),
		client: record.client,
		payment_methods: [{ beneficiary_name: organization.legal_name, bic: account?.bic ?? null, iban, type: 'transfer' }],
		credit_notes_ids: [],
		organization: record.organization,
		invoice_type: 'invoice',
		attachment_id: record.attachmentId,
		upload_id: fields.upload_id ?? null,
		discount: fields.discount && totals.discount ? { ...fields.discount, amount: money(totals.discount, currency), amount_cents: amountToCents(totals.discount) } : null,
		amount_paid: money(record.status === 'paid' ? totals.total : '0.00', currency),
		einvoicing_status: record.einvoicingStatus,
		welfare_fund: fields.welfare_fund ? { ...fields.welfare_fund, amount: totals.welfare ?? '0.00' } : null,
		withholding_tax: fields.withholding_tax ? { ...fields.withholding_tax, amount: totals.withholding ?? '0.00' } : null,
		payment_reporting: fields.payment_reporting ?? null,
		einvoicing_lifecycle_events: record.einvoicingEvents,
	};
}
