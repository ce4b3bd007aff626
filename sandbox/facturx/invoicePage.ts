import { PDFDocument } from 'pdf-lib';

import type { ClientInvoiceResponse } from '../../nodes/shared/schemas/invoice';
import { invoiceFigures, type LineFigures } from './figures';
import { embedInvoiceFonts } from './fonts';
import { deflateNatively } from './fontSubsets';
import { drawHeader } from './invoiceHeader';
import { drawTotals } from './invoiceTotals';
import { invoiceLabels, invoiceLocale } from './labels';
import { formatsOf, LINE, minus, present, stylesOf, type PageContext as Context, type Text } from './pageContext';
import { LEFT, RIGHT, Sheet, wrap, type TextStyle } from './sheet';

/**
 * The invoice drawn on A4 pages in the client's language: seller and buyer, dates, one row per
 * line (quantity × unit price − line discount = net, VAT rate, exemption mention), the totals as
 * they add up (figures.ts), the VAT breakdown per rate, payment details, notes, and the seller's
 * legal mentions in every page's footer. A function of the invoice alone. This file draws the
 * table of lines, the notes and the footers, and puts the pages together.
 */

/** Right edges of the table's number columns, and the description's width. */
const COLUMNS = { quantity: 300, unitPrice: 372, discount: 432, vatRate: 474, net: RIGHT };
const DESCRIPTION_WIDTH = 205;

function drawTableHead(sheet: Sheet, c: Context): void {
	const { labels, styles } = c;
	sheet.text(labels.amountsIn(c.invoice.currency), RIGHT, styles.small, 'right', sheet.y);
	sheet.y -= 8;
	sheet.box(LEFT, sheet.y, RIGHT - LEFT, 18);
	const baseline = sheet.y - 12.5;
	sheet.text(labels.item, LEFT + 4, styles.head, 'left', baseline);
	sheet.text(labels.quantity, COLUMNS.quantity, styles.head, 'right', baseline);
	sheet.text(labels.unitPrice, COLUMNS.unitPrice, styles.head, 'right', baseline);
	sheet.text(labels.discount, COLUMNS.discount, styles.head, 'right', baseline);
	sheet.text(labels.vatRate, COLUMNS.vatRate, styles.head, 'right', baseline);
	sheet.text(labels.net, COLUMNS.net - 4, styles.head, 'right', baseline);
	sheet.y -= 18 + LINE;
}

function drawLine(sheet: Sheet, c: Context, line: LineFigures): void {
	const { labels, formats, styles } = c;
	const left: Array<[string, TextStyle]> = [
		...wrap(line.title, styles.body, DESCRIPTION_WIDTH).map((text): [string, TextStyle] => [text, styles.body]),
		...(line.description ? wrap(line.description, styles.small, DESCRIPTION_WIDTH).map((text): [string, TextStyle] => [text, styles.small]) : []),
		...(line.exemption !== null
			? wrap(line.exemption ? `${labels.exemption}${labels.colon}${line.exemption}` : labels.exemption, styles.small, DESCRIPTION_WIDTH).map(
					(text): [string, TextStyle] => [text, styles.small],
				)
			: []),
	];
	const rows = Math.max(left.length, line.unit || line.discount?.rate ? 2 : 1);
	// A row's first lines stay together; a description longer than a page goes on over the next ones.
	sheet.ensure(Math.min(rows, 4) * LINE + 4);
	const top = sheet.y;
	const page = sheet.page;
	sheet.text(formats.quantity(line.quantity), COLUMNS.quantity, styles.body, 'right', top);
	if (line.unit) sheet.text(line.unit, COLUMNS.quantity, styles.small, 'right', top - LINE);
	sheet.text(formats.amount(line.unitPrice), COLUMNS.unitPrice, styles.body, 'right', top);
	if (line.discount) {
		sheet.text(minus(formats.amount(line.discount.amount)), COLUMNS.discount, styles.body, 'right', top);
		if (line.discount.rate) sheet.text(`(${formats.percent(line.discount.rate)})`, COLUMNS.discount, styles.small, 'right', top - LINE);
	}
	sheet.text(formats.percent(line.vatRate), COLUMNS.vatRate, styles.body, 'right', top);
	sheet.text(formats.amount(line.net), COLUMNS.net - 4, styles.body, 'right', top);
	left.forEach(([text, style], index) => {
		if (index > 0) sheet.y -= LINE;
		if (sheet.y < sheet.bottom) sheet.addPage();
		sheet.text(text, LEFT + 4, style);
	});
	if (sheet.page === page) sheet.y = Math.min(sheet.y, top - (rows - 1) * LINE);
	sheet.y -= 7;
	sheet.rule(LEFT, RIGHT);
	sheet.y -= LINE + 2;
}

function drawNotes(sheet: Sheet, c: Context): void {
	const { invoice, styles } = c;
	const org = invoice.organization as Text;
	const notes = present(invoice.footer, invoice.terms_and_conditions, invoice.discount_conditions, invoice.late_payment_penalties, invoice.legal_fixed_compensation, org.vat_payment_condition);
	for (const note of notes) {
		for (const line of wrap(note, styles.small, RIGHT - LEFT)) {
			sheet.ensure(LINE);
			sheet.text(line, LEFT, styles.small);
			sheet.y -= 10.5;
		}
		sheet.y -= 4;
	}
}

/** The seller's legal mentions (German ones included): printed at the foot of every page. */
function legalMentions(c: Context): string[] {
	const { labels } = c;
	const org = c.invoice.organization as Text;
	const register = present(org.district_court, org.commercial_register_number).join(', ');
	return present(
		org.legal_name,
		org.company_leadership ? `${labels.managingDirector}${labels.colon}${org.company_leadership}` : null,
		register ? `${labels.registerCourt}${labels.colon}${register}` : null,
		org.tax_number ? `${labels.taxNumber}${labels.colon}${org.tax_number}` : null,
		org.vat_number ? `${labels.vatNumber}${labels.colon}${org.vat_number}` : null,
		org.legal_capital_share ? `${labels.shareCapital}${labels.colon}${org.legal_capital_share}` : null,
	);
}

/** Mentions joined by middle dots into lines that fit `width`, a mention never cut unless alone too long. */
function joinInLines(mentions: string[], style: TextStyle, width: number): string[] {
	const lines: string[] = [];
	for (const mention of mentions) {
		const last = lines[lines.length - 1];
		const joined = last === undefined ? mention : `${last} · ${mention}`;
		if (last !== undefined && style.font.widthOfTextAtSize(joined, style.size) <= width) lines[lines.length - 1] = joined;
		else lines.push(...wrap(mention, style, width));
	}
	return lines;
}

function drawFooters(sheet: Sheet, c: Context, mentions: string[]): void {
	sheet.pages.forEach((page, index) => {
		mentions.forEach((line, row) => sheet.text(line, (LEFT + RIGHT) / 2, c.styles.footer, 'center', 40 - row * 9 + (mentions.length - 1) * 9, page));
		sheet.text(c.labels.page(index + 1, sheet.pages.length), RIGHT, c.styles.footer, 'right', 22, page);
	});
}

/** The invoice as a new PDF document (fonts embedded as subsets), one or more A4 pages. */
export async function drawInvoice(invoice: ClientInvoiceResponse): Promise<{ doc: PDFDocument; title: string }> {
	const doc = await PDFDocument.create();
	deflateNatively(doc);
	const fonts = await embedInvoiceFonts(doc);
	const labels = invoiceLabels(invoiceLocale((invoice.client as Text).locale));
	const c: Context = { invoice, figures: invoiceFigures(invoice), labels, formats: formatsOf(labels), fonts, styles: stylesOf(fonts) };
	const mentions = joinInLines(legalMentions(c), c.styles.footer, RIGHT - LEFT);
	let inTable = true;
	const sheet = new Sheet(doc, 52 + mentions.length * 9, (next) => {
		next.text(`${labels.title} ${labels.number} ${invoice.number} (${labels.continued})`, LEFT, c.styles.small);
		next.y -= 22;
		if (inTable) drawTableHead(next, c);
	});
	drawHeader(sheet, c);
	drawTableHead(sheet, c);
	for (const line of c.figures.lines) drawLine(sheet, c, line);
	inTable = false;
	sheet.y -= 6;
	drawTotals(sheet, c);
	drawNotes(sheet, c);
	drawFooters(sheet, c, mentions);
	return { doc, title: `${labels.title} ${invoice.number}` };
}
