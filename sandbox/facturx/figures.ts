import Big from 'big.js';

import type { ClientInvoiceResponse } from '../../nodes/shared/schemas/invoice';

/**
 * Every figure the invoice page prints, derived from the invoice response in decimal, the same way
 * cii.ts derives the XML's: line net = subtotal − line discount; the global discount, the welfare
 * fund and the stamp duty (a charge in the exempt basis) lead to the pre-tax total; VAT per rate is
 * the sum of the items' VAT on the sum of their bases; withholding is deducted from the total.
 * So the page adds up on paper and each of its totals is an amount of the XML.
 */

export interface LineFigures {
	title: string;
	description: string | null;
	quantity: string;
	unit: string | null;
	unitPrice: string;
	/** The line discount's amount, and its rate when it is a percentage. */
	discount: { amount: string; rate: string | null } | null;
	vatRate: string;
	/** The exemption mention of a 0 % line: its reason, or '' when none was given. */
	exemption: string | null;
	net: string;
}

export interface VatFigures {
	rate: string;
	exempt: boolean;
	basis: string;
	vat: string;
}

export interface InvoiceFigures {
	lines: LineFigures[];
	/** Σ line nets (XML LineTotalAmount). */
	linesTotal: string;
	discount: { amount: string; rate: string | null } | null;
	welfare: { amount: string; rate: string; type: string | null } | null;
	stampDuty: string | null;
	/** Lines − discount + welfare + stamp duty (XML TaxBasisTotalAmount). */
	pretax: string;
	vat: VatFigures[];
	vatTotal: string;
	/** Pre-tax total + VAT (XML GrandTotalAmount). */
	total: string;
	withholding: { amount: string; rate: string } | null;
	/** Total − withholding: the invoice's total_amount (XML DuePayableAmount). */
	due: string;
}

const fixed = (value: Big) => value.toFixed(2);
const rateOf = (discount: { type: string; value: string }) => (discount.type === 'percentage' ? discount.value : null);

function vatBreakdown(invoice: ClientInvoiceResponse): VatFigures[] {
	const groups = new Map<string, { rate: string; exempt: boolean; basis: Big; vat: Big }>();
	for (const item of invoice.items) {
		const exempt = !new Big(item.vat_rate).gt(0);
		const key = `${exempt ? 'E' : 'S'}:${new Big(item.vat_rate).toString()}`;
		const group = groups.get(key) ?? { rate: item.vat_rate, exempt, basis: new Big(0), vat: new Big(0) };
		// An item's VAT base is what remains of its total without VAT (its discount and welfare shares applied).
		group.basis = group.basis.plus(item.total_amount.value).minus(item.total_vat.value);
		group.vat = group.vat.plus(item.total_vat.value);
		groups.set(key, group);
	}
	const list = [...groups.values()];
	// As in the XML: stamp duty belongs to the exempt basis (the only kind an invoice with stamp duty has).
	const stampGroup = list.find((group) => group.exempt) ?? list[0];
	if (invoice.stamp_duty_amount && stampGroup) stampGroup.basis = stampGroup.basis.plus(invoice.stamp_duty_amount);
	return list.map((group) => ({ rate: group.rate, exempt: group.exempt, basis: fixed(group.basis), vat: fixed(group.vat) }));
}

export function invoiceFigures(invoice: ClientInvoiceResponse): InvoiceFigures {
	const lines = invoice.items.map((item): LineFigures => {
		const discountAmount = item.discount?.amount.value ?? null;
		return {
			title: item.title,
			description: item.description,
			quantity: item.quantity,
			unit: item.unit,
			unitPrice: item.unit_price.value,
			discount: item.discount && discountAmount ? { amount: discountAmount, rate: rateOf(item.discount) } : null,
			vatRate: item.vat_rate,
			exemption: new Big(item.vat_rate).gt(0) ? null : (item.vat_exemption_reason ?? ''),
			net: fixed(new Big(item.subtotal.value).minus(discountAmount ?? 0)),
		};
	});
	const linesTotal = lines.reduce((acc, line) => acc.plus(line.net), new Big(0));
	const discount = invoice.discount ? { amount: invoice.discount.amount.value, rate: rateOf(invoice.discount) } : null;
	const welfare = invoice.welfare_fund ? { amount: invoice.welfare_fund.amount, rate: invoice.welfare_fund.rate, type: invoice.welfare_fund.type ?? null } : null;
	const pretax = linesTotal
		.minus(discount?.amount ?? 0)
		.plus(welfare?.amount ?? 0)
		.plus(invoice.stamp_duty_amount ?? 0);
	const vat = vatBreakdown(invoice);
	const vatTotal = vat.reduce((acc, group) => acc.plus(group.vat), new Big(0));
	const total = pretax.plus(vatTotal);
	const withholding = invoice.withholding_tax ? { amount: invoice.withholding_tax.amount, rate: invoice.withholding_tax.rate } : null;
	return {
		lines,
		linesTotal: fixed(linesTotal),
		discount,
		welfare,
		stampDuty: invoice.stamp_duty_amount,
		pretax: fixed(pretax),
		vat,
		vatTotal: fixed(vatTotal),
		total: fixed(total),
		withholding,
		due: fixed(total.minus(withholding?.amount ?? 0)),
	};
}
