import Big from 'big.js';

import type { Discount } from '../../../nodes/shared/schemas/invoice';

/**
 * Invoice arithmetic of docs/assumptions.md, exactly in decimal: every rounding is half-up to 2 digits
 * (the minor unit of every listed currency) and happens only where the decisions say.
 */

export interface TotalsItemInput {
	quantity: string;
	unit_price: string;
	vat_rate: string;
	discount?: Discount;
}

export interface TotalsInput {
	items: TotalsItemInput[];
	discount?: Discount;
	/** Welfare fund rate (Italy), a fraction. */
	welfareRate?: string;
	/** Withholding tax rate (Italy, Spanish freelancers), a fraction. */
	withholdingRate?: string;
	/** Stamp duty amount (Italy), added as is. */
	stampDuty?: string;
}

export interface ItemTotals {
	subtotal: string;
	/** The item discount's amount, null without an item discount. */
	discount: string | null;
	/** subtotal − item discount. */
	net: string;
	/** The item's share of the global discount. */
	globalDiscountShare: string;
	/** The item's share of the welfare fund. */
	welfareShare: string;
	/** The base VAT applies to: net − global discount share + welfare share. */
	base: string;
	vat: string;
	/** base + vat. */
	total: string;
}

export interface InvoiceTotals {
	items: ItemTotals[];
	/** Σ item nets (before the global discount). */
	itemsNet: string;
	/** The global discount's amount, null without one. */
	discount: string | null;
	/** Pre-tax total after every discount, before welfare. */
	pretax: string;
	welfare: string | null;
	vat: string;
	withholding: string | null;
	stampDuty: string | null;
	total: string;
}

/** A rule the numbers break (an absolute discount above what it discounts); the caller maps it to a 422. */
export class TotalsError extends Error {
	constructor(
		readonly path: Array<string | number>,
		message: string,
	) {
		super(message);
	}
}

const round = (value: Big) => value.round(2, Big.roundHalfUp);
const fixed = (value: Big) => value.toFixed(2);

function discountAmount(discount: Discount, of: Big, path: Array<string | number>): Big {
	if (discount.type === 'percentage') return round(of.times(discount.value));
	const amount = new Big(discount.value);
	if (amount.gt(of)) throw new TotalsError([...path, 'value'], `an absolute discount of ${discount.value} exceeds the ${fixed(of)} it applies to`);
	return amount;
}

/**
 * Shares `amount` between parts in proportion to their weights, each share rounded, the last
 * part taking the remainder so that the shares add up to `amount` exactly.
 */
export function shareInProportion(amount: Big, weights: Big[]): Big[] {
	const sum = weights.reduce((acc, w) => acc.plus(w), new Big(0));
	if (sum.eq(0) || weights.length === 0) return weights.map(() => new Big(0));
	const shares = weights.slice(0, -1).map((w) => round(amount.times(w).div(sum)));
	const given = shares.reduce((acc, s) => acc.plus(s), new Big(0));
	return [...shares, amount.minus(given)];
}

export function computeTotals(input: TotalsInput): InvoiceTotals {
	const subtotals = input.items.map((item) => round(new Big(item.quantity).times(item.unit_price)));
	const itemDiscounts = input.items.map((item, index) =>
		item.discount ? discountAmount(item.discount, subtotals[index], ['items', index, 'discount']) : null,
	);
	const nets = subtotals.map((subtotal, index) => subtotal.minus(itemDiscounts[index] ?? 0));
	const itemsNet = nets.reduce((acc, n) => acc.plus(n), new Big(0));

	const globalDiscount = input.discount ? discountAmount(input.discount, itemsNet, ['discount']) : null;
	const discountShares = shareInProportion(globalDiscount ?? new Big(0), nets);
	const discounted = nets.map((net, index) => net.minus(discountShares[index]));
	const pretax = discounted.reduce((acc, b) => acc.plus(b), new Big(0));

	const welfare = input.welfareRate !== undefined ? round(pretax.times(input.welfareRate)) : null;
	const welfareShares = shareInProportion(welfare ?? new Big(0), discounted);
	const bases = discounted.map((value, index) => value.plus(welfareShares[index]));
	const vats = bases.map((base, index) => round(base.times(input.items[index].vat_rate)));
	const vat = vats.reduce((acc, v) => acc.plus(v), new Big(0));

	const taxable = pretax.plus(welfare ?? 0);
	const withholding = input.withholdingRate !== undefined ? round(taxable.times(input.withholdingRate)) : null;
	const stampDuty = input.stampDuty !== undefined ? new Big(input.stampDuty) : null;
	const total = taxable.plus(vat).plus(stampDuty ?? 0).minus(withholding ?? 0);

	return {
		items: input.items.map((_item, index) => ({
			subtotal: fixed(subtotals[index]),
			discount: itemDiscounts[index] ? fixed(itemDiscounts[index] as Big) : null,
			net: fixed(nets[index]),
			globalDiscountShare: fixed(discountShares[index]),
			welfareShare: fixed(welfareShares[index]),
			base: fixed(bases[index]),
			vat: fixed(vats[index]),
			total: fixed(bases[index].plus(vats[index])),
		})),
		itemsNet: fixed(itemsNet),
		discount: globalDiscount ? fixed(globalDiscount) : null,
		pretax: fixed(pretax),
		welfare: welfare ? fixed(welfare) : null,
		vat: fixed(vat),
		withholding: withholding ? fixed(withholding) : null,
		stampDuty: stampDuty ? fixed(stampDuty) : null,
		total: fixed(total),
	};
}
