import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { uuidParameter } from '../common/parameters';
import { cardIdField } from './fields';
import type { OperationDescriptor } from '../types';

export const description = updateDisplayOptions({ show: { resource: ['card'], operation: ['get'] } }, [cardIdField]);

/** GET /v2/cards/{id} (a sandbox endpoint the spec does not shape); outputs the card. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = uuidParameter.call(this, 'cardId', 'Card', itemIndex);
	const response = await apiRequest.call(this, 'GET', `/v2/cards/${id}`, { itemIndex });
	return [{ json: response.card as IDataObject }];
}

export const descriptor: OperationDescriptor = {
	class: 'read',
	toolDescription:
		'Gets one card by its id. Returns its holder, status, limits and restrictions (active days, merchant categories).',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 'adaptive',
};
