import { drawLines, ibanGroups, minus, present, TOTALS_LEFT, type PageContext as Context } from './pageContext';
import { LEFT, RIGHT, type Sheet, type TextStyle } from './sheet';

/**
 * Below the lines: the totals as they add up (figures.ts), the VAT breakdown per rate, and beside
 * them how to pay.
 */

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

export function drawTotals(sheet: Sheet, c: Context): void {
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
