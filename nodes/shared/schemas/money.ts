import { z } from 'zod/v3';

/**
 * Money helpers shared by the node and the sandbox. Amounts stay decimal strings end to end:
 * nothing here turns them into binary floating point numbers.
 */

/** The ISO 4217 codes the spec lists for client invoices. */
export const INVOICE_CURRENCIES = [
	'EUR', 'AED', 'AUD', 'BGN', 'CAD', 'CHF', 'CNY', 'CZK', 'DKK', 'GBP', 'GHS', 'HKD', 'HUF', 'ILS',
	'MXN', 'NOK', 'NZD', 'PEN', 'PLN', 'RON', 'RSD', 'SAR', 'SEK', 'SGD', 'TRY', 'USD', 'ZAR', 'ZMW',
] as const;

export const invoiceCurrencySchema = z.enum(INVOICE_CURRENCIES, {
	errorMap: () => ({ message: `must be one of ${INVOICE_CURRENCIES.join(', ')}` }),
});

/** A plain decimal: optional minus, digits, optional fraction. No exponent, no thousands separator. */
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;
/**
 * THE money rule of every amount the node sends (transfers, quotes, direct debits, insurance prices,
 * invoice prices): non-negative, at most 2 decimals (every listed currency has 2 minor digits), no
 * leading zero ("007.00" is refused), and at most 12 digits before the point (999 999 999 999.99), so
 * a slip such as 99999999999999999999999 never reaches the bank.
 */
export const AMOUNT_PATTERN = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;
export const AMOUNT_HINT = 'must be a non-negative decimal string with at most 2 decimals and 12 digits before the point, e.g. "12.30"';

/** An amount as the string the API takes, by the money rule; `positive` refuses 0 (what a payment needs). */
export function amountValueSchema(options: { positive?: boolean } = {}) {
	const amount = z
		.string({ required_error: 'is required', invalid_type_error: 'must be a decimal string (an amount written as a string), e.g. "12.30"' })
		.regex(AMOUNT_PATTERN, AMOUNT_HINT);
	return options.positive ? amount.refine((value) => /[1-9]/.test(value), 'must be greater than 0') : amount;
}

export const decimalStringSchema = z.string().regex(DECIMAL_PATTERN, 'must be a decimal number written as a string, e.g. "12.5"');
export const amountStringSchema = amountValueSchema();

/** A money object of the spec: `{ value, currency }`. */
export const moneySchema = z.object({
	value: amountStringSchema,
	currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 alpha-3 code'),
});
export type Money = z.infer<typeof moneySchema>;

/**
 * A decimal fraction between 0 and 1 inclusive, as a string ("0.2" is 20 %). Checked on the
 * digits, not by parsing to a float, so "0.055" stays exact.
 */
export const fractionStringSchema = z
	.string()
	.regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a decimal fraction between 0 and 1 written as a string, e.g. "0.2" for 20 %');

/** Whole cents of an amount string with at most 2 decimals, without floating point ("12.3" → 1230). */
export function amountToCents(value: string): number {
	const negative = value.startsWith('-');
	const [units, fraction = ''] = value.replace('-', '').split('.');
	if (fraction.length > 2) throw new Error(`amount ${value} has more than 2 decimals`);
	const cents = Number(units) * 100 + Number(fraction.padEnd(2, '0'));
	return negative ? -cents : cents;
}

/** The amount string of whole cents (1230 → "12.30"). */
export function centsToAmount(cents: number): string {
	if (!Number.isSafeInteger(cents)) throw new Error(`cents ${cents} is not a safe integer`);
	const sign = cents < 0 ? '-' : '';
	const abs = Math.abs(cents);
	return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
