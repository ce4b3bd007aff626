import { z } from 'zod/v3';

import { dateSchema } from './common';

/** Supplier invoice rules (spec: Supplier invoice, mark_as_paid). */

/** The statuses the sandbox moves between: to_review (the spec's) → paid (docs/assumptions.md). */
export const SUPPLIER_INVOICE_STATUSES = ['to_review', 'paid'] as const;
export type SupplierInvoiceStatus = (typeof SUPPLIER_INVOICE_STATUSES)[number];

export const SOURCE_TYPES = ['email', 'e_invoicing', 'direct_upload'] as const;

/** `supplier_invoice` of POST /v2/supplier_invoices/{id}/mark_as_paid. */
export const markAsPaidSchema = z.object({
	payment_date: z.string({ required_error: 'is required', invalid_type_error: 'must be a date written YYYY-MM-DD' }).pipe(dateSchema),
});
export const markAsPaidRequestSchema = z.object({ supplier_invoice: markAsPaidSchema });
