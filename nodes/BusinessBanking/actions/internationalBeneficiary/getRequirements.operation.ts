import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { uuidParameter } from '../common/parameters';
import { quoteIdField } from '../internationalTransfer/fields';
import type { OperationDescriptor } from '../types';

export const description = updateDisplayOptions({ show: { resource: ['internationalBeneficiary'], operation: ['getRequirements'] } }, [quoteIdField]);

/** GET /v2/international/beneficiaries/requirements: the account forms for the quote's currency. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const qs = { quote_id: uuidParameter.call(this, 'quoteId', 'Quote ID', itemIndex) };
	const response = await apiRequest.call(this, 'GET', '/v2/international/beneficiaries/requirements', { qs, itemIndex });
	return [{ json: { requirements: response.requirements } as IDataObject }];
}

export const descriptor: OperationDescriptor = {
	class: 'read',
	toolDescription:
		'Lists the account types and the details a beneficiary needs for a quote (fields, labels, allowed values). Needs a quote id (from International Transfer › Get Quote). Returns the forms to fill in.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 'adaptive',
};
