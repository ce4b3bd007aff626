import type { InvoiceLabels } from './labels';
import { drawLines, present, TOTALS_LEFT, type PageContext as Context, type Text } from './pageContext';
import { LEFT, RIGHT, TOP, wrap, type Sheet, type TextStyle } from './sheet';

/** The top of the first page: the seller, the title and number, the dates, the buyer's box, the header text. */

type Lines = Array<[string, TextStyle]>;

/** Countries whose addresses put the postcode after the city (the rest of Europe writes it first). */
const POSTCODE_AFTER_CITY = new Set(['GB', 'IE', 'US', 'CA', 'AU']);

/** The seller's own registration number, named as its country names it. */
function legalNumberLabel(country: string | null | undefined, labels: InvoiceLabels): string {
	return ({ FR: 'SIREN', IT: 'C.F.', ES: 'NIF' } as Record<string, string>)[country ?? ''] ?? labels.legalNumber;
}

const styled = (lines: string[], style: TextStyle): Lines => lines.map((line): [string, TextStyle] => [line, style]);

function sellerLines(c: Context): Lines {
	const { invoice, labels, formats, styles } = c;
	const org = invoice.organization as Text;
	// The German register number is printed with its court in the footer; here only other numbers.
	const legalNumber = org.legal_number && org.legal_number !== org.commercial_register_number ? `${legalNumberLabel(org.legal_country, labels)} ${org.legal_number}` : null;
	return [
		[org.legal_name ?? '', styles.heading],
		...styled(present(org.address_line_1, org.address_line_2, present(org.address_zipcode, org.address_city).join(' '), org.address_country ? formats.country(org.address_country) : null), styles.body),
		...styled(present(org.vat_number ? `${labels.vatNumber} ${org.vat_number}` : null, legalNumber, invoice.contact_email), styles.small),
	];
}

/** The buyer as the spec shows it on the invoice: name, billing address, e-mail, VAT and tax numbers. */
function buyerLines(c: Context): Lines {
	const { invoice, labels, formats, styles } = c;
	const client = invoice.client as Text & { billing_address?: Text | null };
	const billing = client.billing_address ?? {};
	const zip = billing.zip_code ?? client.zip_code;
	const city = billing.city ?? client.city;
	const province = billing.province_code ?? client.province_code;
	const country = billing.country_code ?? client.country_code;
	const locality = POSTCODE_AFTER_CITY.has(country ?? '') ? present(city, province, zip) : present(zip, city, province ? `(${province})` : null);
	return [
		[labels.billedTo, styles.label],
		[client.name || present(client.first_name, client.last_name).join(' '), styles.strong],
		...styled(present(billing.street_address ?? client.address, locality.join(' '), country ? formats.country(country) : null), styles.body),
		...styled(
			present(
				client.email,
				client.vat_number ? `${labels.vatNumber} ${client.vat_number}` : null,
				client.tax_identification_number ? `${labels.taxId} ${client.tax_identification_number}` : null,
			),
			styles.small,
		),
	];
}

/** Issue and due dates, the service period, the purchase order: label and value rows from `top`; returns the baseline after them. */
function drawDates(sheet: Sheet, c: Context, top: number): number {
	const { invoice, labels, formats, styles } = c;
	const period = invoice.performance_start_date
		? present(formats.date(invoice.performance_start_date), invoice.performance_end_date ? formats.date(invoice.performance_end_date) : null).join(' – ')
		: null;
	const rows = [
		[labels.issueDate, formats.date(invoice.issue_date)],
		[labels.dueDate, formats.date(invoice.due_date)],
		[labels.period, period],
		[labels.purchaseOrder, invoice.purchase_order],
	].filter((row): row is [string, string] => Boolean(row[1]));
	let y = top;
	for (const [label, value] of rows) {
		sheet.text(label, LEFT, styles.label, 'left', y);
		sheet.text(value, LEFT + 112, styles.body, 'left', y);
		y -= 15;
	}
	return y;
}

export function drawHeader(sheet: Sheet, c: Context): void {
	const { invoice, labels, styles } = c;
	const sellerBottom = drawLines(sheet, LEFT, TOP - 12, sellerLines(c), 250);
	sheet.text(labels.title, RIGHT, styles.title, 'right', TOP - 14);
	sheet.text(`${labels.number} ${invoice.number}`, RIGHT, styles.heading, 'right', TOP - 32);
	if (invoice.status === 'draft') sheet.text(labels.draft.toUpperCase(), RIGHT, styles.accent, 'right', TOP - 47);

	const top = Math.min(sellerBottom, TOP - 60) - 18;
	const datesBottom = drawDates(sheet, c, top - 14);
	const buyer = buyerLines(c);
	const width = RIGHT - TOTALS_LEFT;
	const height = buyer.reduce((acc, [text, style]) => acc + wrap(text, style, width - 20).length * (style.size + 3.5), 0) + 16;
	sheet.box(TOTALS_LEFT, top, width, height);
	const buyerBottom = drawLines(sheet, TOTALS_LEFT + 10, top - 14, buyer, width - 20);

	sheet.y = Math.min(buyerBottom, datesBottom) - 16;
	if (invoice.header) sheet.y = drawLines(sheet, LEFT, sheet.y, [[invoice.header, styles.body]], RIGHT - LEFT) - 8;
}
