import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** The currency the author's amounts are in, when they name none: the organization's accounts' currency. */
export const DEFAULT_LIMITS_CURRENCY = 'EUR';

/** The author's field naming the currency of the limits' amounts (one copy in each limit collection). */
export const limitsCurrencyField: INodeProperties = {
	displayName: 'Currency of These Amounts',
	name: 'currency',
	type: 'string',
	default: DEFAULT_LIMITS_CURRENCY,
	noDataExpression: true,
	placeholder: 'e.g. EUR',
	description: 'ISO 4217 code of the amounts above. A payment in another currency is refused: no exchange rate is applied to compare them.',
};

const CURRENCY_PARAMETERS: Record<string, string | undefined> = { 'externalTransfer.create': 'currency', 'internationalTransfer.create': 'sourceCurrency' };

/**
 * The currency an item's payment is in, as the node sends it: an external transfer's currency, an
 * international transfer's source (debit) currency; a subscription collects in euros.
 */
export function paymentCurrency(context: IExecuteFunctions, resource: string, operation: string, itemIndex: number): string {
	const parameter = CURRENCY_PARAMETERS[`${resource}.${operation}`];
	if (!parameter) return 'EUR';
	const value = context.getNodeParameter(parameter, itemIndex, '');
	return typeof value === 'string' ? value.trim().toUpperCase() : '';
}

/** The limits' currency as the author set it (upper case), or the default. */
export function limitsCurrency(stored: unknown): string {
	const text = typeof stored === 'string' ? stored.trim().toUpperCase() : '';
	return text || DEFAULT_LIMITS_CURRENCY;
}
