import { PDFDocument } from 'pdf-lib';

import type { ClientInvoiceResponse } from '../../nodes/BusinessBanking/schemas/invoice';
import { invoiceFigures, type InvoiceFigures, type LineFigures } from './figures';
import { embedInvoiceFonts, type InvoiceFonts } from './fonts';
import { deflateNatively } from './fontSubsets';
import { formatsFor, type Formats } from './format';
import { invoiceLabels, invoiceLocale, type InvoiceLabels } from './labels';
import { ACCENT, GREY, LEFT, RIGHT, Sheet, TOP, wrap, type TextStyle } from './sheet';

/**
 * The invoice drawn on A4 pages in the client's language: seller and buyer, dates, one row per
 * line (quantity × unit price − line discount = net, VAT rate, exemption mention), the totals as
 * they add up (figures.ts), the VAT breakdown per rate, payment details, notes, and the seller's
 * legal mentions in every page's footer. A function of the invoice alone.
 */

type Text = Record<string, string | null | undefined>;

interface Context {
	invoice: ClientInvoiceResponse;
	figures: InvoiceFigures;
	labels: InvoiceLabels;
	formats: Formats;
	fonts: InvoiceFonts;
	styles: ReturnType<typeof stylesOf>;
}

const LINE = 12;
/** Right edges of the table's number columns, and the description's width. */
const COLUMNS = { quantity: 300, unitPrice: 372, discount: 432, vatRate: 474, net: RIGHT };
const DESCRIPTION_WIDTH = 205;
const TOTALS_LEFT = 318;

function stylesOf(fonts: InvoiceFonts) {
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

const formatsByLocale = new Map<string, Formats>();
function formatsOf(labels: InvoiceLabels): Formats {
	const known = formatsByLocale.get(labels.intl);
	if (known) return known;
	const formats = formatsFor(labels);
	formatsByLocale.set(labels.intl, formats);
	return formats;
}

/** Countries whose addresses put the postcode after the city (the rest of Europe writes it first). */
const POSTCODE_AFTER_CITY = new Set(['GB', 'IE', 'US', 'CA', 'AU']);

const present = (...parts: Array<string | null | undefined>) => parts.filter((part): part is string => Boolean(part && part.trim()));
const ibanGroups = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');
const minus = (amount: string) => `\u2212${amount}`;

/** The seller's own registration number, named as its country names it. */
function legalNumberLabel(country: string | null | undefined, labels: InvoiceLabels): string {
	return ({ FR: 'SIREN', IT: 'C.F.', ES: 'NIF' } as Record<string, string>)[country ?? ''] ?? labels.legalNumber;
}

/** Lines of text under a label, drawn downwards from the cursor; returns the baseline after them. */
function drawLines(sheet: Sheet, x: number, top: number, lines: Array<[string, TextStyle]>, width: number): number {
	let y = top;
	for (const [text, style] of lines) {
		for (const part of wrap(text, style, width)) {
			sheet.text(part, x, style, 'left', y);
			y -= style.size + 3.5;
		}
	}
	return y;
}

function drawHeader(sheet: Sheet, c: Context): void {
	const { invoice, labels, formats, styles } = c;
	const org = invoice.organization as Text;
	const client = invoice.client as Text & { billing_address?: Text | null };

	const sellerLines: Array<[string, TextStyle]> = [
		[org.legal_name ?? '', styles.heading],
		...present(org.address_line_1, org.address_line_2, present(org.address_zipcode, org.address_city).join(' '), org.address_country ? formats.country(org.address_country) : null).map(
			(line): [string, TextStyle] => [line, styles.body],
		),
		...present(
			org.vat_number ? `${labels.vatNumber} ${org.vat_number}` : null,
			org.legal_number && org.legal_number !== org.commercial_register_number ? `${legalNumberLabel(org.legal_country, labels)} ${org.legal_number}` : null,
			invoice.contact_email,
		).map((line): [string, TextStyle] => [line, styles.small]),
	];
	const sellerBottom = drawLines(sheet, LEFT, TOP - 12, sellerLines, 250);

	sheet.text(labels.title, RIGHT, styles.title, 'right', TOP - 14);
	sheet.text(`${labels.number} ${invoice.number}`, RIGHT, styles.heading, 'right', TOP - 32);
	if (invoice.status === 'draft') sheet.text(labels.draft.toUpperCase(), RIGHT, styles.accent, 'right', TOP - 47);

	const top = Math.min(sellerBottom, TOP - 60) - 18;
	const period = invoice.performance_start_date
		? present(formats.date(invoice.performance_start_date), invoice.performance_end_date ? formats.date(invoice.performance_end_date) : null).join(' – ')
		: null;
	const meta = [
		[labels.issueDate, formats.date(invoice.issue_date)],
		[labels.dueDate, formats.date(invoice.due_date)],
		[labels.period, period],
		[labels.purchaseOrder, invoice.purchase_order],
	].filter((row): row is [string, string] => Boolean(row[1]));
	let metaY = top - 14;
	for (const [label, value] of meta) {
		sheet.text(label, LEFT, styles.label, 'left', metaY);
		sheet.text(value, LEFT + 112, styles.body, 'left', metaY);
		metaY -= 15;
	}

	const billing = client.billing_address ?? {};
	const zip = billing.zip_code ?? client.zip_code;
	const city = billing.city ?? client.city;
	const province = billing.province_code ?? client.province_code;
	const country = billing.country_code ?? client.country_code;
	const locality = POSTCODE_AFTER_CITY.has(country ?? '') ? present(city, province, zip) : present(zip, city, province ? `(${province})` : null);
	const name = client.name || present(client.first_name, client.last_name).join(' ');
	const buyerLines: Array<[string, TextStyle]> = [
		[labels.billedTo, styles.label],
		[name ?? '', styles.strong],
		...present(billing.street_address ?? client.address, locality.join(' '), country ? formats.country(country) : null).map(
			(line): [string, TextStyle] => [line, styles.body],
		),
		...present(
			client.email,
			client.vat_number ? `${labels.vatNumber} ${client.vat_number}` : null,
			client.tax_identification_number ? `${labels.taxId} ${client.tax_identification_number}` : null,
		).map((line): [string, TextStyle] => [line, styles.small]),
	];
	const boxWidth = RIGHT - TOTALS_LEFT;
	const height = buyerLines.reduce((acc, [text, style]) => acc + wrap(text, style, boxWidth - 20).length * (style.size + 3.5), 0) + 16;
	sheet.box(TOTALS_LEFT, top, boxWidth, height);
	const buyerBottom = drawLines(sheet, TOTALS_LEFT + 10, top - 14, buyerLines, boxWidth - 20);

	sheet.y = Math.min(buyerBottom, metaY) - 16;
	if (invoice.header) {
		sheet.y = drawLines(sheet, LEFT, sheet.y, [[invoice.header, styles.body]], RIGHT - LEFT) - 8;
	}
}

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

interface TotalRow {
	label: string;
	amount: string;
	strong?: boolean;
	/** A rule above the row: a subtotal. */
	ruled?: boolean;
}

function totalRows(c: Context): TotalRow[] {
	const { figures: f, labels, formats, invoice } = c;
	const withRate = (label: string, rate: string | null) => (rate ? `${label} (${formats.percent(rate)})` : label);
	const adjusted = f.discount || f.welfare || f.stampDuty;
	const rows: TotalRow[] = [];
	if (adjusted) rows.push({ label: labels.linesTotal, amount: formats.amount(f.linesTotal) });
	if (f.discount) rows.push({ label: withRate(labels.globalDiscount, f.discount.rate), amount: minus(formats.amount(f.discount.amount)) });
	if (f.welfare) rows.push({ label: withRate(present(labels.welfareFund, f.welfare.type).join(' '), f.welfare.rate), amount: formats.amount(f.welfare.amount) });
	if (f.stampDuty) rows.push({ label: labels.stampDuty, amount: formats.amount(f.stampDuty) });
	rows.push({ label: labels.pretaxTotal, amount: formats.amount(f.pretax), strong: true, ruled: Boolean(adjusted) });
	for (const group of f.vat) {
		const basis = formats.amount(group.basis);
		rows.push({ label: group.exempt ? labels.exemptOn(basis) : labels.vatOn(formats.percent(group.rate), basis), amount: formats.amount(group.vat) });
	}
	if (f.vat.length > 1) rows.push({ label: labels.vatTotal, amount: formats.amount(f.vatTotal) });
	if (f.withholding) {
		rows.push({ label: labels.total, amount: formats.amount(f.total), strong: true, ruled: true });
		rows.push({ label: withRate(labels.withholding, f.withholding.rate), amount: minus(formats.amount(f.withholding.amount)) });
		rows.push({ label: labels.amountDue, amount: `${formats.amount(f.due)} ${invoice.currency}`, strong: true, ruled: true });
	} else {
		rows.push({ label: labels.total, amount: `${formats.amount(f.total)} ${invoice.currency}`, strong: true, ruled: true });
	}
	return rows;
}

function paymentLines(c: Context): Array<[string, TextStyle]> {
	const { invoice, labels, formats, styles } = c;
	const lines: Array<[string, TextStyle]> = [[labels.payment, styles.label]];
	for (const method of invoice.payment_methods) {
		lines.push([labels.transfer, styles.strong]);
		lines.push([`${labels.beneficiary}${labels.colon}${method.beneficiary_name}`, styles.body]);
		lines.push([`IBAN ${ibanGroups(method.iban)}`, styles.body]);
		if (method.bic) lines.push([`BIC ${method.bic}`, styles.body]);
	}
	lines.push([`${labels.reference}${labels.colon}${invoice.number}`, styles.body]);
	lines.push([labels.payBy(formats.date(invoice.due_date)), styles.small]);
	return lines;
}

function drawTotals(sheet: Sheet, c: Context): void {
	const { styles } = c;
	const rows = totalRows(c);
	const payment = paymentLines(c);
	const rowHeight = 15;
	sheet.ensure(Math.max(rows.length * rowHeight, payment.length * 13) + 10);
	const top = sheet.y - 4;
	drawLines(sheet, LEFT, top, payment, TOTALS_LEFT - LEFT - 24);
	let y = top;
	for (const row of rows) {
		if (row.ruled) sheet.rule(TOTALS_LEFT, RIGHT, y + 10.5);
		const style = row.strong ? styles.strong : styles.body;
		sheet.text(row.label, TOTALS_LEFT, style, 'left', y);
		sheet.text(row.amount, RIGHT - 4, style, 'right', y);
		y -= rowHeight;
	}
	sheet.y = Math.min(y, top - payment.length * 13) - 14;
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
