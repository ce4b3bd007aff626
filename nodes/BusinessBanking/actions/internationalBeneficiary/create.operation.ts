import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { internationalBeneficiarySchema } from '../../schemas/international';
import { apiRequest } from '../../transport';
import { validateBody } from '../../validation';
import { beneficiaryBody, beneficiaryProperties, LABELS } from './fields';

export const description = updateDisplayOptions({ show: { resource: ['internationalBeneficiary'], operation: ['create'] } }, beneficiaryProperties);

/** POST /v2/international/beneficiaries: outputs beneficiary, quote and target_account_id. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const body = validateBody.call(this, internationalBeneficiarySchema, beneficiaryBody.call(this, itemIndex), itemIndex, LABELS);
	const response = await apiRequest.call(this, 'POST', '/v2/international/beneficiaries', { body: body as IDataObject, itemIndex });
	return [{ json: response }];
}
