import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';

import { bankAccountSchema } from '../../../shared/schemas/bankAccount';
import { apiRequest, idempotencyKeyField, writeKey } from '../../transport';
import { validateBody } from '../common/validation';
import { textParameter } from '../common/parameters';
import { nameField } from './fields';
import type { OperationDescriptor } from '../types';

const properties: INodeProperties[] = [
	nameField,
	{ displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add Option', default: {}, options: [idempotencyKeyField] },
];

export const description = updateDisplayOptions({ show: { resource: ['bankAccount'], operation: ['create'] } }, properties);

/** POST /v2/bank_accounts with an idempotency key: a re-run of the same item never opens a second account. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const body = validateBody.call(this, bankAccountSchema, { name: textParameter.call(this, 'name', itemIndex, '', 'Name') }, itemIndex, { name: 'Name' });
	const response = await apiRequest.call(this, 'POST', '/v2/bank_accounts', {
		body: { bank_account: body },
		idempotencyKey: writeKey.call(this, itemIndex, 'bankAccount.create', body, { uuid: true, what: 'business account', sameFields: 'name' }),
		itemIndex,
		creates: { what: 'business account', howToFind: 'Business Account › Get Many.' },
	});
	return [{ json: response.bank_account as IDataObject }];
}

export const descriptor: OperationDescriptor = {
	class: 'moneyMoving',
	toolDescription:
		'Opens a new business account (a sub-account) with the given name. Returns the account with its id and IBAN.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 'adaptive',
};
