import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { bankAccountSchema } from '../../../shared/schemas/bankAccount';
import { apiRequest } from '../../transport';
import { validateBody } from '../common/validation';
import { idParameter, textParameter } from '../common/parameters';
import { bankAccountIdField, nameField } from './fields';
import type { OperationDescriptor } from '../types';

export const description = updateDisplayOptions({ show: { resource: ['bankAccount'], operation: ['update'] } }, [bankAccountIdField, nameField]);

/** PATCH /v2/bank_accounts/{id}: renames the account. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = idParameter.call(this, 'bankAccountId', 'Account', itemIndex);
	const body = validateBody.call(this, bankAccountSchema, { name: textParameter.call(this, 'name', itemIndex, '', 'Name') }, itemIndex, { name: 'Name' });
	const response = await apiRequest.call(this, 'PATCH', `/v2/bank_accounts/${encodeURIComponent(id)}`, { body: { bank_account: body }, itemIndex });
	return [{ json: response.bank_account as IDataObject }];
}

export const descriptor: OperationDescriptor = {
	class: 'write',
	toolDescription:
		'Renames a business account. Needs the account id (from Business Account › Get Many). Returns the updated account.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 1,
};
