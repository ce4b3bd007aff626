import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { insuranceContractSchema } from '../../../shared/schemas/insurance';
import { apiRequest } from '../../transport';
import { validateBody } from '../common/validation';
import { amountParameter, dayParameter, textParameter } from '../common/parameters';
import { INSURANCE_LABELS, insuranceFields } from './fields';
import type { OperationDescriptor } from '../types';

export const description = updateDisplayOptions({ show: { resource: ['insuranceContract'], operation: ['create'] } }, insuranceFields);

/** POST /v2/insurance_contracts; outputs the contract with its id. Not retried on 5xx (it could be recorded twice). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const body: IDataObject = {
		name: textParameter.call(this, 'contractName', itemIndex, '', 'Name'),
		contract_id: textParameter.call(this, 'contractId', itemIndex, '', 'Contract ID'),
		origin: this.getNodeParameter('origin', itemIndex) as string,
		provider_slug: textParameter.call(this, 'providerSlug', itemIndex, '', 'Provider Slug'),
		type: this.getNodeParameter('contractType', itemIndex) as string,
		status: this.getNodeParameter('contractStatus', itemIndex) as string,
		start_date: dayParameter.call(this, 'startDate', itemIndex, 'Start Date'),
		payment_frequency: this.getNodeParameter('paymentFrequency', itemIndex) as string,
		price: { value: amountParameter.call(this, 'price', itemIndex, 'Price'), currency: textParameter.call(this, 'priceCurrency', itemIndex, 'EUR', 'Price Currency') } as IDataObject,
		expiration_date: dayParameter.call(this, 'additionalFields.expirationDate', itemIndex, 'Expiration Date'),
		renewal_date: dayParameter.call(this, 'additionalFields.renewalDate', itemIndex, 'Renewal Date'),
		service_url: textParameter.call(this, 'additionalFields.serviceUrl', itemIndex, '', 'Service URL'),
		troubleshooting_url: textParameter.call(this, 'additionalFields.troubleshootingUrl', itemIndex, '', 'Troubleshooting URL'),
	};
	for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
	validateBody.call(this, insuranceContractSchema, body, itemIndex, INSURANCE_LABELS);
	const response = await apiRequest.call(this, 'POST', '/v2/insurance_contracts', { body: { insurance_contract: body }, itemIndex });
	return [{ json: response.insurance_contract as IDataObject }];
}

export const descriptor: OperationDescriptor = {
	class: 'moneyMoving',
	toolDescription:
		'Records an insurance contract for the organization: name, the provider’s contract id and slug, type, status, start date (YYYY-MM-DD), payment frequency and price as a decimal string with a currency. Returns the contract with its id.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 1,
};
