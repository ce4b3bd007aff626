import { jsonParse, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { pollutionKey } from '../common/values';
import { nodeVersion } from '../versions';
import { FieldError, compact, percentToFraction, toDecimalString, toText } from './values';

/** One line as the API takes it; checked by the invoice schema afterwards. */
export type ItemBody = Record<string, unknown>;

/** Reads a rate (VAT, a percentage discount) into the API's fraction. */
type RateReader = (value: unknown, path: Array<string | number>) => string | undefined;

/** Version 1 takes rates as the API's fractions ("0.2"); version 2 as percentages ("20"), in the form and in JSON alike. */
export function rateReader(this: IExecuteFunctions): RateReader {
	return nodeVersion(this) >= 2 ? percentToFraction : toDecimalString;
}

/** A discount's value: a rate when it is a percentage, an amount otherwise. */
const discountValue = (type: unknown, value: unknown, path: Array<string | number>, rate: RateReader) =>
	type === 'percentage' ? rate(value, path) : toDecimalString(value, path);

/**
 * Version 2's Quantity (a number field the editor shows as typed, no precision to pad it to): up to
 * 4 decimals, sent as written; more is refused, never rounded.
 */
function quantityV2(value: unknown, path: Array<string | number>): string | undefined {
	const quantity = toDecimalString(value, path);
	if (quantity !== undefined && (quantity.split('.')[1] ?? '').length > 4) throw new FieldError(path, `takes up to 4 decimals, got "${quantity}"`);
	return quantity;
}

interface FormItem {
	title?: string;
	quantity?: string | number;
	unitPrice?: string | number;
	unitPriceCurrency?: string;
	vatRate?: string | number;
	description?: string;
	unit?: string;
	vatExemptionReason?: string;
	discountType?: 'none' | 'percentage' | 'absolute';
	discountValue?: string | number;
}

/**
 * The items of the invoice for one input item, or undefined when Update keeps the current ones.
 * `currency` fills each line's unit price currency when the line does not give one.
 */
export function readItems(this: IExecuteFunctions, itemIndex: number, currency: () => string | undefined): ItemBody[] | undefined {
	const input = this.getNodeParameter('itemsInput', itemIndex, 'fields') as string;
	if (input === 'keep') return undefined;
	const rate = rateReader.call(this);
	if (input === 'json') return jsonItems(this.getNodeParameter('itemsJson', itemIndex, '[]'), currency, rate);
	const lines = this.getNodeParameter('items.item', itemIndex, []) as FormItem[];
	const quantity = nodeVersion(this) >= 2 ? quantityV2 : toDecimalString;
	return lines.map((line, index) =>
		compact({
			title: toText(line.title, ['items', index, 'title']),
			quantity: quantity(line.quantity, ['items', index, 'quantity']),
			unit_price: {
				value: toDecimalString(line.unitPrice, ['items', index, 'unit_price', 'value']),
				currency: toText(line.unitPriceCurrency, ['items', index, 'unit_price', 'currency']) ?? currency(),
			},
			vat_rate: rate(line.vatRate, ['items', index, 'vat_rate']),
			description: toText(line.description, ['items', index, 'description']),
			unit: toText(line.unit, ['items', index, 'unit']),
			vat_exemption_reason: toText(line.vatExemptionReason, ['items', index, 'vat_exemption_reason']),
			discount:
				line.discountType && line.discountType !== 'none'
					? { type: line.discountType, value: discountValue(line.discountType, line.discountValue, ['items', index, 'discount', 'value'], rate) }
					: undefined,
		}),
	);
}

const INVALID_JSON = Symbol('invalid JSON');

/** "Invoice Lines (JSON)": an array (or its JSON text) of lines in the API's shape, per input item. */
function jsonItems(raw: unknown, currency: () => string | undefined, rate: RateReader): ItemBody[] {
	const value = typeof raw === 'string' ? jsonParse(raw, { fallbackValue: INVALID_JSON }) : raw;
	if (value === INVALID_JSON) throw new FieldError(['items'], 'Invoice Lines (JSON) is not valid JSON');
	if (!Array.isArray(value)) throw new FieldError(['items'], 'Invoice Lines (JSON) must be an array of lines');
	const key = pollutionKey(value);
	if (key) throw new FieldError(['items'], `Invoice Lines (JSON) must not hold the key "${key}"`);
	return value.map((line: unknown, index) => {
		if (typeof line !== 'object' || line === null || Array.isArray(line)) throw new FieldError(['items'], `Invoice Lines (JSON): line ${index + 1} must be an object`);
		const entry = line as IDataObject;
		const price = entry.unit_price;
		const priceObject = typeof price === 'object' && price !== null ? (price as IDataObject) : { value: price };
		const discount = entry.discount as IDataObject | undefined | null;
		return compact({
			title: toText(entry.title, ['items', index, 'title']),
			quantity: toDecimalString(entry.quantity, ['items', index, 'quantity']),
			unit_price: {
				value: toDecimalString(priceObject.value, ['items', index, 'unit_price', 'value']),
				currency: toText(priceObject.currency, ['items', index, 'unit_price', 'currency']) ?? currency(),
			},
			vat_rate: rate(entry.vat_rate, ['items', index, 'vat_rate']),
			description: toText(entry.description, ['items', index, 'description']),
			unit: toText(entry.unit, ['items', index, 'unit']),
			vat_exemption_reason: toText(entry.vat_exemption_reason, ['items', index, 'vat_exemption_reason']),
			discount: discount
				? { type: discount.type, value: discountValue(discount.type, discount.value, ['items', index, 'discount', 'value'], rate) }
				: undefined,
		});
	});
}
