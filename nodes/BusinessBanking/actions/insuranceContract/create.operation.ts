import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { insuranceContractSchema } from '../../schemas/insurance';
import { apiRequest } from '../../transport';
import { validateBody } from '../../validation';
import { amountParameter, dayParameter, textParameter, toDay } from '../common/parameters';
import { INSURANCE_LABELS, insuranceFields } from './fields';

export const description = updateDisplayOptions({ show: { resource: ['insuranceContract'], operation: ['create'] } }, insuranceFields);

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** POST /v2/insurance_contracts; outputs the contract with its id. Not retried on 5xx (it could be recorded twice). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const zone = this.getTimezone();
	const body: IDataObject = {
		name: textParameter.call(this, 'contractName', itemIndex),
		contract_id: textParameter.call(this, 'contractId', itemIndex),
		origin: this.getNodeParameter('origin', itemIndex) as string,
		provider_slug: textParameter.call(this, 'providerSlug', itemIndex),
		type: this.getNodeParameter('contractType', itemIndex) as string,
		status: this.getNodeParameter('contractStatus', itemIndex) as string,
		start_date: dayParameter.call(this, 'startDate', itemIndex),
		payment_frequency: this.getNodeParameter('paymentFrequency', itemIndex) as string,
		price: { value: amountParameter.call(this, 'price', itemIndex), currency: textParameter.call(this, 'priceCurrency', itemIndex, 'EUR') } as IDataObject,
		expiration_date: toDay(extra.expirationDate, zone),
		renewal_date: toDay(extra.renewalDate, zone),
		service_url: text(extra.serviceUrl),
		troubleshooting_url: text(extra.troubleshootingUrl),
	};
	for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
	validateBody.call(this, insuranceContractSchema, body, itemIndex, INSURANCE_LABELS);
	const response = await apiRequest.call(this, 'POST', '/v2/insurance_contracts', { body: { insurance_contract: body }, itemIndex });
	return [{ json: response.insurance_contract as IDataObject }];
}
