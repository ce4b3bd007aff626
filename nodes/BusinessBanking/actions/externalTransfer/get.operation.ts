import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { transferIdField } from './fields';
import { idParameter } from '../common/parameters';
import type { OperationDescriptor } from '../types';

export const description = updateDisplayOptions({ show: { resource: ['externalTransfer'], operation: ['get'] } }, [transferIdField]);

/** GET /v2/external_transfers/{id}: its status and, when refused, declined_reason. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = idParameter.call(this, 'transferId', 'Transfer ID', itemIndex);
	const response = await apiRequest.call(this, 'GET', `/v2/external_transfers/${encodeURIComponent(id)}`, { itemIndex });
	return [{ json: response.external_transfer as IDataObject }];
}

export const descriptor: OperationDescriptor = {
	class: 'read',
	toolDescription:
		'Gets one external transfer by its id (from the transfer’s creation). Returns its status, amount (decimal string with a currency), beneficiary and dates.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 'adaptive',
};
