import { updateDisplayOptions, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { beneficiaryProperties, validatedBeneficiaryBody } from './fields';

export const description = updateDisplayOptions({ show: { resource: ['internationalBeneficiary'], operation: ['create'] } }, beneficiaryProperties);

/** POST /v2/international/beneficiaries: outputs beneficiary, quote and target_account_id. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const body = await validatedBeneficiaryBody.call(this, itemIndex);
	const response = await apiRequest.call(this, 'POST', '/v2/international/beneficiaries', { body, itemIndex });
	return [{ json: response }];
}
