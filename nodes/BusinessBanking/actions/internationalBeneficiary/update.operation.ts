import { updateDisplayOptions, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { uuidParameter } from '../common/parameters';
import { internationalBeneficiaryIdField } from '../internationalTransfer/fields';
import { beneficiaryProperties, validatedBeneficiaryBody } from './fields';
import type { OperationDescriptor } from '../types';

export const description = updateDisplayOptions({ show: { resource: ['internationalBeneficiary'], operation: ['update'] } }, [
	internationalBeneficiaryIdField,
	...beneficiaryProperties,
]);

/** PUT /v2/international/beneficiaries/{id}: the whole payload again; use the new target_account_id after it. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = uuidParameter.call(this, 'internationalBeneficiaryId', 'Beneficiary ID', itemIndex);
	const body = await validatedBeneficiaryBody.call(this, itemIndex);
	const response = await apiRequest.call(this, 'PUT', `/v2/international/beneficiaries/${encodeURIComponent(id)}`, { body, itemIndex });
	return [{ json: response }];
}

export const descriptor: OperationDescriptor = {
	class: 'moneyMoving',
	toolDescription:
		'Changes the account details of an international beneficiary. Needs its id, a quote id (from Get Quote), the currency, the account type and the details the requirements ask for. Returns the updated beneficiary.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 1,
};
