import type { IExecuteFunctions } from 'n8n-workflow';

import { AMOUNT_PARAMETERS, BENEFICIARY_PARAMETERS } from './limitedParameters';
import { amountAtMost, centsToText, isAmount, toCents } from './amounts';
import { limitsCurrency, paymentCurrency } from './currency';
import { reserveInExecution } from './spent';
import { runsAsAiTool } from '../../n8n/toolVariant';
import { isUuid } from '../common/uuid';
import { allowedIdsOf, type AllowedBeneficiaries } from './allowedBeneficiaries';
import { repeatsSubscriptionMadeEarlier } from '../directDebit/subscriptionOnce';

/** Identifiers are UUIDs: one pasted in upper case names the same beneficiary as in lower case. */
function sameId(id: string): string {
	return isUuid(id) ? id.toLowerCase() : id;
}

/** A call the node answers from one it already made (a tool's repeated one-off subscription) sends nothing, so it counts nothing. */
function sendsNothing(context: IExecuteFunctions, resource: string, operation: string, itemIndex: number): boolean {
	return resource === 'directDebit' && operation === 'createSubscription' && runsAsAiTool(context) && repeatsSubscriptionMadeEarlier(context, itemIndex);
}

export interface Limits extends AllowedBeneficiaries {
	maxAmountPerCall?: string;
	maxAmountPerItem?: string;
	maxAmountPerExecution?: string;
	/** The currency of the amounts above (limitsCurrencyField); EUR when unset. */
	currency?: string;
}

/** One author's set of limits and how its refusals name it. */
export interface LimitSet {
	/** Each set keeps its own total ("agent", "safety"). */
	id: string;
	limits: Limits;
	/** Who the limits bound, in a sentence: "an AI agent", "this node". */
	who: string;
	/** What one request is: "call" for a tool, "item" for the regular node. */
	unit: 'call' | 'item';
	/** Where the author set them, appended to a refusal (e.g. " (Safety Limits)"), or ''. */
	where: string;
	/** Whether a subscription without an end is refused even when no amount limit is set (an agent's). */
	boundedSubscriptionsOnly: boolean;
}

function textOf(value: unknown): string {
	if (value && typeof value === 'object' && '__rl' in value) return String((value as { value?: unknown }).value ?? '').trim();
	return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/**
 * Why this item breaks the set's limits, as a sentence the model or the user reads, or undefined
 * when it keeps them. Checked before any request. The item counts toward the execution's total
 * only when it passes every check (this function's last step).
 */
export function limitRefusal(this: IExecuteFunctions, resource: string, operation: string, itemIndex: number, set: LimitSet): string | undefined {
	const { limits, who, unit, where } = set;
	const maxPerItem = String((unit === 'call' ? limits.maxAmountPerCall : limits.maxAmountPerItem) ?? '').trim();
	const maxTotal = String(limits.maxAmountPerExecution ?? '').trim();
	const perItemName = unit === 'call' ? 'Max Amount per Call' : 'Max Amount per Item';
	const [amountParameter] = AMOUNT_PARAMETERS[resource]?.[operation] ?? [];
	const amount = amountParameter ? textOf(this.getNodeParameter(amountParameter, itemIndex, '')) : '';

	if (resource === 'directDebit' && operation === 'createSubscription' && (set.boundedSubscriptionsOnly || maxPerItem || maxTotal)) {
		const schedule = this.getNodeParameter('scheduleType', itemIndex, 'monthly');
		if (schedule !== 'one_off') {
			return `Refused: a ${String(schedule)} subscription collects without an end date, so its total over the schedule has no bound within the limits this workflow's author set for ${who}${where}. Only a one-off collection (Schedule: Once) can be checked. Nothing was sent.`;
		}
	}
	const currency = limitsCurrency(limits.currency);
	if (amountParameter && (maxPerItem || maxTotal)) {
		const paidIn = paymentCurrency(this, resource, operation, itemIndex);
		if (paidIn !== currency) {
			return `Refused: this payment is in ${paidIn || '(no currency)'}, and the amounts this workflow's author set for ${who}${where} are in ${currency}; they cannot be compared without an exchange rate, which the node does not apply. Nothing was sent.`;
		}
	}
	if (amountParameter && maxPerItem) {
		if (!isAmount(maxPerItem)) return `Refused: the author's ${perItemName} ("${maxPerItem}")${where} is not an amount, so no amount can be checked against it. Nothing was sent.`;
		if (!isAmount(amount) || !amountAtMost(amount, maxPerItem)) {
			return `Refused: the amount ${amount || '(none)'} is above the ${maxPerItem} this workflow's author allows ${who} per ${unit}${where}. Nothing was sent.`;
		}
	}
	const beneficiaryParameter = BENEFICIARY_PARAMETERS[resource]?.[operation];
	const allowed = allowedIdsOf(limits).map(sameId).filter(Boolean);
	if (beneficiaryParameter && allowed.length > 0) {
		const beneficiary = textOf(this.getNodeParameter(beneficiaryParameter, itemIndex, ''));
		if (!allowed.includes(sameId(beneficiary))) {
			return `Refused: beneficiary ${beneficiary || '(none)'} is not one this workflow's author allows ${who} to pay${where}. Nothing was sent.`;
		}
	}
	if (amountParameter && maxTotal && !sendsNothing(this, resource, operation, itemIndex)) {
		if (!isAmount(maxTotal)) return `Refused: the author's Max Amount per Execution ("${maxTotal}")${where} is not an amount. Nothing was sent.`;
		if (!isAmount(amount)) return `Refused: the amount ${amount || '(none)'} is not an amount this workflow's author's limits can be checked against. Nothing was sent.`;
		const reserved = reserveInExecution(this, set.id, currency, toCents(amount), toCents(maxTotal));
		if (reserved.unrecorded) {
			return `Refused: this call stands alone, with no earlier calls of its execution to count (as each call through n8n's MCP Server Trigger does), so the ${maxTotal} this workflow's author allows ${who} in one execution${where} cannot be counted across calls. Nothing was sent. The author can remove Max Amount per Execution and bound each call instead.`;
		}
		if (!reserved.ok && reserved.otherCurrency) {
			return `Refused: this execution already sent ${reserved.otherCurrency} through this node, which the ${maxTotal} ${currency} this workflow's author allows ${who} in one execution${where} cannot count without an exchange rate. Nothing was sent.`;
		}
		if (!reserved.ok) {
			return `Refused: ${amount} more would take this execution past the ${maxTotal} this workflow's author allows ${who} in one execution${where} (${centsToText(reserved.before)} already). Nothing was sent.`;
		}
	}
	return undefined;
}
