import Big from 'big.js';

import type { Organization } from '../../core/context';
import { ApiError } from '../../core/errors';
import type { InvoiceFields } from './state';
import { computeTotals, TotalsError, type InvoiceTotals } from './totals';

/** Fields the spec reserves for Italian organizations (others must omit them). */
const ITALIAN_ONLY = ['report_einvoicing', 'payment_reporting', 'welfare_fund', 'stamp_duty_amount'] as const;

/** Stamp duty (Italy): for invoices without VAT above 77.47 EUR, and then it is 2.00 EUR. */
export const STAMP_DUTY = { threshold: '77.47', amount: '2.00', currency: 'EUR' } as const;

const pointer = (field: string) => `/client_invoice/${field}`;

/**
 * The rules that depend on the organization: Italian-only fields, who may withhold tax,
 * Italian e-invoicing activation. Runs on create and on the merged invoice of an update.
 */
export function checkOrganizationRules(fields: Partial<InvoiceFields>, organization: Organization): void {
	if (organization.legal_country === 'IT' && !organization.einvoicing_activated) {
		throw ApiError.single(422, 'einvoicing_not_activated', 'Italian organizations must activate e-invoicing before creating invoices', '/organization/einvoicing_activated');
	}
	if (organization.legal_country !== 'IT') {
		for (const field of ITALIAN_ONLY) {
			if (fields[field] !== undefined) {
				throw ApiError.validation(pointer(field), `${field} is for Italian organizations only; omit it`, 'not_allowed');
			}
		}
	}
	const withholding = fields.withholding_tax;
	if (withholding) {
		const spanishFreelancer = organization.legal_country === 'ES' && organization.freelancer;
		if (organization.legal_country !== 'IT' && !spanishFreelancer) {
			throw ApiError.validation(pointer('withholding_tax'), 'withholding_tax is for Italian organizations and Spanish freelancers only', 'not_allowed');
		}
		if (spanishFreelancer) {
			for (const field of ['reason', 'payment_reason'] as const) {
				if (withholding[field] !== undefined) {
					throw ApiError.validation(pointer(`withholding_tax/${field}`), 'Spanish freelancers give only withholding_tax.rate (their IRPF)', 'not_allowed');
				}
			}
		}
	}
}

/** The totals of the invoice, with the arithmetic's own rule breaks as 422s on the field. */
export function invoiceTotals(fields: InvoiceFields): InvoiceTotals {
	try {
		return computeTotals({
			items: fields.items.map((item) => ({ quantity: item.quantity, unit_price: item.unit_price.value, vat_rate: item.vat_rate, discount: item.discount })),
			discount: fields.discount,
			welfareRate: fields.welfare_fund?.rate,
			withholdingRate: fields.withholding_tax?.rate,
			stampDuty: fields.stamp_duty_amount,
		});
	} catch (error) {
		if (error instanceof TotalsError) throw ApiError.validation(pointer(error.path.join('/')), error.message);
		throw error;
	}
}

/**
 * Stamp duty, when given, must be due: no VAT on the invoice, a taxable value above 77.47 EUR,
 * an invoice in EUR, and the amount 2.00. The sandbox does not add it on its own: the
 * organization decides to charge it (documented in the README's assumptions).
 */
export function checkStampDuty(fields: InvoiceFields, totals: InvoiceTotals): void {
	const amount = fields.stamp_duty_amount;
	if (amount === undefined) return;
	const fail = (detail: string) => {
		throw ApiError.validation(pointer('stamp_duty_amount'), detail);
	};
	if (fields.currency !== STAMP_DUTY.currency) fail('stamp duty applies to invoices in EUR');
	if (!new Big(amount).eq(STAMP_DUTY.amount)) fail(`stamp duty is ${STAMP_DUTY.amount} EUR`);
	if (new Big(totals.vat).gt(0)) fail('stamp duty applies only to invoices without VAT');
	const taxable = new Big(totals.pretax).plus(totals.welfare ?? 0);
	if (taxable.lte(STAMP_DUTY.threshold)) fail(`stamp duty applies only to invoices whose value exceeds ${STAMP_DUTY.threshold} EUR (this one is ${taxable.toFixed(2)})`);
}
