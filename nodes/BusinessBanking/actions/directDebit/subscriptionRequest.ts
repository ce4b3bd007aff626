import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { subscriptionSchema } from '../../../shared/schemas/sepa';
import { validateBody } from '../common/validation';
import { amountParameter, dayParameter, textParameter, uuidParameter } from '../common/parameters';
import { SUBSCRIPTION_LABELS } from './fields';

/** The subscription the item asks for, as the API takes it; bad input throws before any request. */
export function subscriptionRequest(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const body: IDataObject = {
		client_id: uuidParameter.call(context, 'clientId', 'Client', itemIndex),
		bank_account_id: uuidParameter.call(context, 'bankAccountId', 'Credit Account', itemIndex),
		initial_collection_date: dayParameter.call(context, 'initialCollectionDate', itemIndex, 'First Collection Date'),
		amount: {
			value: amountParameter.call(context, 'amount', itemIndex, 'Amount'),
			currency: 'EUR',
		} as IDataObject,
		reference: textParameter.call(context, 'reference', itemIndex, '', 'Reference'),
		schedule_type: context.getNodeParameter('scheduleType', itemIndex, 'monthly') as string,
		notify_client: context.getNodeParameter('notifyClient', itemIndex, false) as boolean,
	};
	if (context.getNodeParameter('mandate', itemIndex, 'new') === 'existing') {
		body.direct_debit_mandate_id = uuidParameter.call(
			context,
			'directDebitMandateId',
			'Mandate ID',
			itemIndex,
		);
	} else {
		body.send_mandate_signature_email = context.getNodeParameter(
			'sendMandateSignatureEmail',
			itemIndex,
			false,
		) as boolean;
	}
	validateBody.call(context, subscriptionSchema, body, itemIndex, SUBSCRIPTION_LABELS);
	return body;
}
