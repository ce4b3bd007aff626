import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { clientIdOf } from './clientId';
import { clientIdField } from './fields';
import type { OperationDescriptor } from '../types';

export const description = updateDisplayOptions({ show: { resource: ['client'], operation: ['get'] } }, [clientIdField]);

/** GET /v2/clients/{id}; outputs the client. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const clientId = clientIdOf.call(this, itemIndex);
	const response = await apiRequest.call(this, 'GET', `/v2/clients/${clientId}`, { itemIndex });
	return [{ json: response.client as IDataObject }];
}

export const descriptor: OperationDescriptor = {
	class: 'read',
	toolDescription:
		'Gets one client by its id (from Client › Get Many). Returns its name, e-mail, addresses, VAT and tax numbers and currency.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 'adaptive',
};
