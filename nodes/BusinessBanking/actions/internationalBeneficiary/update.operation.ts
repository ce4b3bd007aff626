import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { internationalBeneficiarySchema } from '../../schemas/international';
import { apiRequest } from '../../transport';
import { validateBody } from '../../validation';
import { uuidParameter } from '../common/parameters';
import { internationalBeneficiaryIdField } from '../internationalTransfer/fields';
import { beneficiaryBody, beneficiaryProperties, LABELS } from './fields';

export const description = updateDisplayOptions({ show: { resource: ['internationalBeneficiary'], operation: ['update'] } }, [
	internationalBeneficiaryIdField,
	...beneficiaryProperties,
]);

/** PUT /v2/international/beneficiaries/{id}: the whole payload again; use the new target_account_id after it. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = uuidParameter.call(this, 'internationalBeneficiaryId', 'Beneficiary ID', itemIndex);
	const body = validateBody.call(this, internationalBeneficiarySchema, beneficiaryBody.call(this, itemIndex), itemIndex, LABELS);
	const response = await apiRequest.call(this, 'PUT', `/v2/international/beneficiaries/${encodeURIComponent(id)}`, { body: body as IDataObject, itemIndex });
	return [{ json: response }];
}
