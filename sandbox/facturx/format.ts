import type { InvoiceLabels } from './labels';

/**
 * Numbers and dates as the client's locale writes them. Amounts stay decimal strings:
 * Intl.NumberFormat formats a string exactly (no binary floating point on the way).
 */

export interface Formats {
	/** An amount with its 2 decimals, e.g. 1 234,50 (fr) or 1,234.50 (en). */
	amount(value: string): string;
	/** A quantity as given, with the locale's separators and no trailing rounding. */
	quantity(value: string): string;
	/** A decimal fraction as a percentage: 0.055 → 5,5 %. */
	percent(fraction: string): string;
	/** An ISO date (YYYY-MM-DD) in the locale's long form. */
	date(isoDate: string): string;
	/** A country code's name in the locale, the code itself when unknown. */
	country(code: string): string;
}

/** Narrow no-break spaces (fr) become plain no-break spaces: every PDF viewer copies those as spaces. */
const tidy = (text: string) => text.replace(/\u202f/g, '\u00a0');

export function formatsFor(labels: InvoiceLabels): Formats {
	const amount = new Intl.NumberFormat(labels.intl, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
	const quantity = new Intl.NumberFormat(labels.intl, { maximumFractionDigits: 20 });
	const percent = new Intl.NumberFormat(labels.intl, { style: 'percent', maximumFractionDigits: 4 });
	const date = new Intl.DateTimeFormat(labels.intl, { dateStyle: 'long', timeZone: 'UTC' });
	const countries = new Intl.DisplayNames([labels.intl], { type: 'region', fallback: 'code' });
	// Strings are formatted exactly (ECMA-402 "Intl mathematical value"); the type only knows numbers.
	const exact = (format: Intl.NumberFormat, value: string) => tidy(format.format(value as unknown as number));
	return {
		amount: (value) => exact(amount, value),
		quantity: (value) => exact(quantity, value),
		percent: (fraction) => exact(percent, fraction),
		date: (isoDate) => tidy(date.format(new Date(`${isoDate}T00:00:00Z`))),
		country: (code) => {
			try {
				return countries.of(code.toUpperCase()) ?? code;
			} catch {
				return code;
			}
		},
	};
}
