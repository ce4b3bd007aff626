import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { bankAccountSchema } from '../../schemas/bankAccount';
import { apiRequest } from '../../transport';
import { validateBody } from '../../validation';
import { requiredText } from '../common/parameters';
import { bankAccountIdField, nameField } from './fields';

export const description = updateDisplayOptions({ show: { resource: ['bankAccount'], operation: ['update'] } }, [bankAccountIdField, nameField]);

/** PATCH /v2/bank_accounts/{id}: renames the account. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = requiredText.call(this, 'bankAccountId', 'Account', itemIndex, true);
	const body = validateBody.call(this, bankAccountSchema, { name: this.getNodeParameter('name', itemIndex, '') }, itemIndex, { name: 'Name' });
	const response = await apiRequest.call(this, 'PATCH', `/v2/bank_accounts/${encodeURIComponent(id)}`, { body: { bank_account: body }, itemIndex });
	return [{ json: response.bank_account as IDataObject }];
}
