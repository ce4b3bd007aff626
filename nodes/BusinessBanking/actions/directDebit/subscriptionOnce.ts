import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { earlierOutputs } from '../common/earlierRuns';
import { subscriptionRequest } from './subscriptionRequest';

/** The fields that make two subscription requests the same subscription. */
function sameSubscription(made: IDataObject, body: IDataObject): boolean {
	const amount = (value: unknown) => String((value as IDataObject | undefined)?.value ?? '');
	return (
		made.client_id === body.client_id &&
		made.bank_account_id === body.bank_account_id &&
		made.initial_collection_date === body.initial_collection_date &&
		made.reference === body.reference &&
		made.schedule_type === body.schedule_type &&
		amount(made.amount) !== '' &&
		amount(made.amount) === amount(body.amount) &&
		(body.direct_debit_mandate_id === undefined || made.direct_debit_mandate_id === body.direct_debit_mandate_id)
	);
}

/**
 * The subscription this node already made in this execution for the same request, if any: the API
 * takes no idempotency key for subscriptions, so the execution's saved run data (earlierOutputs)
 * is where a repeated tool call is recognised, on any worker and after a resume.
 */
export function madeEarlierInExecution(context: IExecuteFunctions, body: IDataObject): IDataObject | undefined {
	return earlierOutputs(context).find((json) => json.refused !== true && typeof json.id === 'string' && sameSubscription(json, body));
}

/**
 * Whether the item repeats a subscription this node already made in the execution, so that it
 * sends nothing (the tool answers it from the first): the limits then count nothing for it.
 * Input the request cannot be built from is no repeat; the operation reports it.
 */
export function repeatsSubscriptionMadeEarlier(context: IExecuteFunctions, itemIndex: number): boolean {
	try {
		return madeEarlierInExecution(context, subscriptionRequest(context, itemIndex)) !== undefined;
	} catch {
		return false;
	}
}
