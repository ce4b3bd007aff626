import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { uuidParameter } from '../common/parameters';
import { internationalBeneficiaryIdField, quoteIdField } from './fields';
import type { OperationDescriptor } from '../types';

export const description = updateDisplayOptions({ show: { resource: ['internationalTransfer'], operation: ['getRequirements'] } }, [
	quoteIdField,
	internationalBeneficiaryIdField,
]);

/** GET /v2/international/transfers/requirements: the fields the transfer's Details must answer. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const qs = {
		quote_id: uuidParameter.call(this, 'quoteId', 'Quote ID', itemIndex),
		beneficiary_id: uuidParameter.call(this, 'internationalBeneficiaryId', 'Beneficiary ID', itemIndex),
	};
	const response = await apiRequest.call(this, 'GET', '/v2/international/transfers/requirements', { qs, itemIndex });
	return [{ json: { requirements: response.requirements } as IDataObject }];
}

export const descriptor: OperationDescriptor = {
	class: 'read',
	toolDescription:
		'Lists the details a transfer on a quote to a beneficiary needs (e.g. its purpose). Needs the quote id (from Get Quote) and the international beneficiary id. Returns the fields to fill in.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 'adaptive',
};
