import { updateDisplayOptions, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { beneficiaryProperties, validatedBeneficiaryBody } from './fields';
import type { OperationDescriptor } from '../types';

export const description = updateDisplayOptions({ show: { resource: ['internationalBeneficiary'], operation: ['create'] } }, beneficiaryProperties);

/** POST /v2/international/beneficiaries: outputs beneficiary, quote and target_account_id. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const body = await validatedBeneficiaryBody.call(this, itemIndex);
	const response = await apiRequest.call(this, 'POST', '/v2/international/beneficiaries', { body, itemIndex });
	return [{ json: response }];
}

export const descriptor: OperationDescriptor = {
	class: 'moneyMoving',
	toolDescription:
		'Creates an international beneficiary (someone you can pay abroad). Needs a quote id (from International Transfer › Get Quote), the currency, the account type and the account details the requirements ask for (International Beneficiary › Get Requirements). Returns the beneficiary and its target account id.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 1,
};
