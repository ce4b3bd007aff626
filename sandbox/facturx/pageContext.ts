import type { ClientInvoiceResponse } from '../../nodes/shared/schemas/invoice';
import type { InvoiceFigures } from './figures';
import type { InvoiceFonts } from './fonts';
import { formatsFor, type Formats } from './format';
import type { InvoiceLabels } from './labels';
import { ACCENT, GREY, wrap, type Sheet, type TextStyle } from './sheet';

/** What every part of the invoice page draws with: the invoice, its figures, words, formats, styles. */

export type Text = Record<string, string | null | undefined>;

export interface PageContext {
	invoice: ClientInvoiceResponse;
	figures: InvoiceFigures;
	labels: InvoiceLabels;
	formats: Formats;
	fonts: InvoiceFonts;
	styles: ReturnType<typeof stylesOf>;
}

/** Baseline to baseline in the table. */
export const LINE = 12;
/** The left edge of the buyer's box and of the totals. */
export const TOTALS_LEFT = 318;

export function stylesOf(fonts: InvoiceFonts) {
	return {
		title: { font: fonts.bold, size: 22 },
		heading: { font: fonts.bold, size: 11 },
		strong: { font: fonts.bold, size: 9.5 },
		body: { font: fonts.regular, size: 9.5 },
		small: { font: fonts.regular, size: 8, color: GREY },
		label: { font: fonts.bold, size: 8, color: GREY },
		head: { font: fonts.bold, size: 8.5 },
		footer: { font: fonts.regular, size: 7, color: GREY },
		accent: { font: fonts.bold, size: 10, color: ACCENT },
	} satisfies Record<string, TextStyle>;
}

/** Formats built once per locale: Intl objects are costly to create. */
const formatsByLocale = new Map<string, Formats>();
export function formatsOf(labels: InvoiceLabels): Formats {
	const known = formatsByLocale.get(labels.intl);
	if (known) return known;
	const formats = formatsFor(labels);
	formatsByLocale.set(labels.intl, formats);
	return formats;
}

export const present = (...parts: Array<string | null | undefined>) => parts.filter((part): part is string => Boolean(part && part.trim()));
export const ibanGroups = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');
export const minus = (amount: string) => `\u2212${amount}`;

/** Lines of text under a label, drawn downwards from the cursor; returns the baseline after them. */
export function drawLines(sheet: Sheet, x: number, top: number, lines: Array<[string, TextStyle]>, width: number): number {
	let y = top;
	for (const [text, style] of lines) {
		for (const part of wrap(text, style, width)) {
			sheet.text(part, x, style, 'left', y);
			y -= style.size + 3.5;
		}
	}
	return y;
}
