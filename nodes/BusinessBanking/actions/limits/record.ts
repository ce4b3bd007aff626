import { NodeApiError, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { AMOUNT_PARAMETERS } from './limitedParameters';
import { isAmount } from './amounts';
import { paymentCurrency } from './currency';

/** What one item sent, as the limits count it: an amount (AMOUNT_PATTERN) and its currency. */
export interface SentMoney {
	amount: string;
	currency: string;
}

/**
 * Where the record is kept in the execution's run data. A tool's output is its json only under n8n's
 * AI Agent 1.x and 2.x (n8n records `{ response: json }`), so a tool's record is a json field the
 * model reads too; a regular node's sits beside its json, so that what it outputs stays as it was.
 */
export const SENT_FIELD = 'counted_toward_limits';
const SENT_PROPERTY = 'moneySent';

function amountOf(value: unknown): string {
	return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/**
 * What the item sends: the amount it asks for, in the payment's currency; for an international
 * transfer whose quote the bank renewed, the renewed quote's debit when the answer names it (the
 * quote it used). Undefined for an operation that sends no amount, or an amount the limits cannot read.
 */
export function sentBy(context: IExecuteFunctions, resource: string, operation: string, itemIndex: number, answer?: IDataObject): SentMoney | undefined {
	const [parameter] = AMOUNT_PARAMETERS[resource]?.[operation] ?? [];
	if (!parameter) return undefined;
	const currency = paymentCurrency(context, resource, operation, itemIndex);
	const renewed = answer?.quote_renewed === true ? (answer.source_amount as IDataObject | undefined) : undefined;
	if (renewed && isAmount(amountOf(renewed.value)) && String(renewed.currency ?? currency).toUpperCase() === currency) return { amount: amountOf(renewed.value), currency };
	const amount = amountOf(context.getNodeParameter(parameter, itemIndex, ''));
	return isAmount(amount) ? { amount, currency } : undefined;
}

/** The node's output for an item that sent `sent`, with the record kept where the run data holds it. */
export function withSentRecord(items: INodeExecutionData[], sent: SentMoney | undefined, asTool: boolean): INodeExecutionData[] {
	if (!sent) return items;
	return items.map((item) => {
		// A record found rather than made (a repeated subscription answered from the first) sent nothing.
		if (item.json._existing === true) return item;
		return asTool ? { ...item, json: { ...item.json, [SENT_FIELD]: { ...sent } } } : { ...item, [SENT_PROPERTY]: { ...sent } };
	});
}

/**
 * Whether a failed write may have been made (the transport marks an error whose try was sent and
 * none confirmed, as createOnce.ts reads it too), so that it counts as sent.
 */
export function mayHaveBeenMade(error: unknown): boolean {
	return error instanceof NodeApiError && error.context.mayExist === true;
}

/** The record an earlier output holds, if any. */
export function sentRecordOf(item: INodeExecutionData): SentMoney | undefined {
	const record = (item[SENT_PROPERTY] ?? item.json?.[SENT_FIELD]) as Partial<SentMoney> | undefined;
	if (!record || typeof record !== 'object') return undefined;
	const amount = amountOf(record.amount);
	return isAmount(amount) && typeof record.currency === 'string' ? { amount, currency: record.currency.toUpperCase() } : undefined;
}
