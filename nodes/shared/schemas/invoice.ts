import { z } from 'zod/v3';

import {
	amountStringSchema,
	decimalStringSchema,
	fractionStringSchema,
	invoiceCurrencySchema,
	moneySchema,
	type Money,
} from './money';

/**
 * Client invoice request rules of the spec (Client invoice) and docs/assumptions.md, written once: the
 * node checks its input with these before sending, the sandbox validates requests with them.
 * Rules that depend on the organization (Italian-only fields, numbering) are the sandbox's.
 */

export const INVOICE_STATUSES = ['draft', 'unpaid', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuidSchema = z.string().regex(UUID, 'must be a UUID');

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** YYYY-MM-DD and a real calendar day (2026-02-30 is refused). */
export const isoDateSchema = z
	.string()
	.regex(ISO_DATE, 'must be a date written YYYY-MM-DD')
	// Only a well-formed date is checked against the calendar: one message per mistake.
	.refine((value) => !ISO_DATE.test(value) || isCalendarDate(value), 'is not a calendar date');

function isCalendarDate(value: string): boolean {
	const [year, month, day] = value.split('-').map(Number);
	const date = new Date(Date.UTC(year, month - 1, day));
	return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** ISO 13616 check: country, check digits, BBAN, and the mod-97 checksum. Spaces are ignored. */
export function isValidIban(raw: string): boolean {
	const iban = raw.replace(/\s+/g, '').toUpperCase();
	if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
	const rearranged = iban.slice(4) + iban.slice(0, 4);
	let remainder = 0;
	for (const char of rearranged) {
		const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
		for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
	}
	return remainder === 1;
}

export const ibanSchema = z.string().refine(isValidIban, 'is not a valid IBAN');

/**
 * Discount of an item or of the whole invoice. `percentage`: `value` is a fraction ("0.1" is
 * 10 %). `absolute`: `value` is an amount in the invoice currency.
 */
export const discountSchema = z.discriminatedUnion('type', [
	z.object({ type: z.literal('percentage'), value: fractionStringSchema }),
	z.object({ type: z.literal('absolute'), value: amountStringSchema }),
], { errorMap: (issue, ctx) => (issue.code === 'invalid_union_discriminator' ? { message: 'type must be percentage or absolute' } : { message: ctx.defaultError }) });
export type Discount = z.infer<typeof discountSchema>;

export const itemSchema = z.object({
	title: z.string().min(1, 'is required'),
	quantity: decimalStringSchema.refine((q) => !q.startsWith('-') && !/^0+(\.0+)?$/.test(q), 'must be greater than 0'),
	unit_price: moneySchema,
	vat_rate: fractionStringSchema,
	description: z.string().optional(),
	unit: z.string().optional(),
	vat_exemption_reason: z.string().optional(),
	discount: discountSchema.optional(),
});
export type InvoiceItemInput = z.infer<typeof itemSchema>;

/** Per-invoice override of organization properties (merged into the invoice's organization block). */
export const invoiceSettingsSchema = z
	.object({
		vat_number: z.string().max(20),
		company_leadership: z.string(),
		district_court: z.string(),
		commercial_register_number: z.string(),
		tax_number: z.string(),
		legal_capital_share: moneySchema,
		transaction_type: z.string(),
		vat_payment_condition: z.string(),
		discount_conditions: z.string(),
		late_payment_penalties: z.string(),
		legal_fixed_compensation: z.string(),
	})
	.partial()
	.strict();

export const paymentReportingSchema = z.object({ conditions: z.string().optional(), method: z.string().optional() }).strict();
export const welfareFundSchema = z.object({ type: z.string().optional(), rate: fractionStringSchema }).strict();
export const withholdingTaxSchema = z
	.object({ reason: z.string().optional(), rate: fractionStringSchema, payment_reason: z.string().optional() })
	.strict();
/** Length 4 to 15 (spec) and an amount ("2.00"). */
export const stampDutyAmountSchema = z.string().min(4).max(15).pipe(amountStringSchema);

/** Fields PATCH accepts (spec: Update accepts only …). */
const editableFields = {
	client_id: uuidSchema,
	upload_id: uuidSchema,
	issue_date: isoDateSchema,
	performance_date: isoDateSchema,
	performance_start_date: isoDateSchema,
	performance_end_date: isoDateSchema,
	due_date: isoDateSchema,
	number: z.string().min(1).max(40),
	purchase_order: z.string().max(40),
	terms_and_conditions: z.string().max(525),
	header: z.string(),
	footer: z.string(),
	payment_methods: z.object({ iban: ibanSchema }),
	settings: invoiceSettingsSchema,
	items: z.array(itemSchema).min(1, 'must hold at least one line'),
	report_einvoicing: z.boolean(),
	payment_reporting: paymentReportingSchema,
	welfare_fund: welfareFundSchema,
	withholding_tax: withholdingTaxSchema,
	stamp_duty_amount: stampDutyAmountSchema,
	discount: discountSchema,
};

type DateFields = {
	issue_date?: string;
	due_date?: string;
	performance_start_date?: string;
	performance_end_date?: string;
	currency?: string;
	items?: InvoiceItemInput[];
	discount?: Discount;
};

/**
 * Rules across fields, shared by create and update (for update, run on the merged invoice too):
 * performance period, due date after issue date, and item prices in the invoice currency.
 */
export function checkInvoiceCoherence(invoice: DateFields, ctx: z.RefinementCtx): void {
	const { performance_start_date: start, performance_end_date: end } = invoice;
	if (end !== undefined && start === undefined) {
		ctx.addIssue({ code: 'custom', path: ['performance_start_date'], message: 'is required when performance_end_date is given' });
	}
	if (start !== undefined && end !== undefined && start > end) {
		ctx.addIssue({ code: 'custom', path: ['performance_end_date'], message: 'must be on or after performance_start_date' });
	}
	if (invoice.issue_date !== undefined && invoice.due_date !== undefined && invoice.due_date < invoice.issue_date) {
		ctx.addIssue({ code: 'custom', path: ['due_date'], message: 'must be on or after issue_date' });
	}
	if (invoice.currency !== undefined) {
		invoice.items?.forEach((item, index) => {
			if (item.unit_price.currency !== invoice.currency) {
				ctx.addIssue({ code: 'custom', path: ['items', index, 'unit_price', 'currency'], message: `must be the invoice currency ${invoice.currency}` });
			}
		});
	}
}

export const invoiceCreateSchema = z
	.object({
		...editableFields,
		client_id: uuidSchema,
		issue_date: isoDateSchema,
		due_date: isoDateSchema,
		currency: invoiceCurrencySchema,
		payment_methods: editableFields.payment_methods,
		items: editableFields.items,
		status: z.enum(['draft', 'unpaid'], { errorMap: () => ({ message: 'must be draft or unpaid' }) }).optional(),
	})
	.partial({
		upload_id: true,
		performance_date: true,
		performance_start_date: true,
		performance_end_date: true,
		number: true,
		purchase_order: true,
		terms_and_conditions: true,
		header: true,
		footer: true,
		settings: true,
		report_einvoicing: true,
		payment_reporting: true,
		welfare_fund: true,
		withholding_tax: true,
		stamp_duty_amount: true,
		discount: true,
	})
	.superRefine(checkInvoiceCoherence);
export type ClientInvoiceCreate = z.infer<typeof invoiceCreateSchema>;

/** Unknown fields (status, currency …) are refused: the spec lists what PATCH accepts. */
export const invoiceUpdateSchema = z.object(editableFields).partial().strict().superRefine(checkInvoiceCoherence);
export type ClientInvoiceUpdate = z.infer<typeof invoiceUpdateSchema>;

/** Response shapes (spec: Item (response), Client invoice response). */
export interface InvoiceItemResponse {
	title: string;
	description: string | null;
	quantity: string;
	unit: string | null;
	unit_price: Money;
	unit_price_cents: number;
	vat_rate: string;
	vat_exemption_reason: string | null;
	discount: (Discount & { amount: Money; amount_cents: number }) | null;
	subtotal: Money;
	subtotal_cents: number;
	total_vat: Money;
	total_vat_cents: number;
	total_amount: Money;
	total_amount_cents: number;
}

export interface ClientInvoiceResponse {
	id: string;
	organization_id: string;
	number: string;
	purchase_order: string | null;
	status: InvoiceStatus;
	invoice_url: string;
	contact_email: string | null;
	terms_and_conditions: string | null;
	discount_conditions: string | null;
	late_payment_penalties: string | null;
	legal_fixed_compensation: string | null;
	header: string | null;
	footer: string | null;
	currency: string;
	total_amount: Money;
	total_amount_cents: number;
	vat_amount: Money;
	vat_amount_cents: number;
	issue_date: string;
	due_date: string;
	performance_date: string | null;
	performance_start_date: string | null;
	performance_end_date: string | null;
	created_at: string;
	finalized_at: string | null;
	paid_at: string | null;
	stamp_duty_amount: string | null;
	items: InvoiceItemResponse[];
	client: Record<string, unknown>;
	payment_methods: Array<{ beneficiary_name: string; bic: string | null; iban: string; type: string }>;
	credit_notes_ids: string[];
	organization: Record<string, unknown>;
	invoice_type: string;
	attachment_id: string | null;
	upload_id: string | null;
	discount: (Discount & { amount: Money; amount_cents: number }) | null;
	amount_paid: Money;
	einvoicing_status: string | null;
	welfare_fund: (z.infer<typeof welfareFundSchema> & { amount: string }) | null;
	withholding_tax: (z.infer<typeof withholdingTaxSchema> & { amount: string }) | null;
	payment_reporting: z.infer<typeof paymentReportingSchema> | null;
	einvoicing_lifecycle_events: Array<{ status_code: number; reason: string; reason_message: string; timestamp: string }>;
}

export interface AttachmentResponse {
	id: string;
	url: string;
	updated_at: string;
	file_name: string;
	file_size: number;
	content_type: string;
}

export interface UploadResponse {
	id: string;
	file_name: string;
	file_size: number;
	content_type: string;
	created_at: string;
}

/** Uploads: PDF only, at most 15 MB (docs/assumptions.md). */
export const UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
