import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';

import { bankAccountSchema } from '../../../shared/schemas/bankAccount';
import { apiRequest, idempotencyKeyField, makeOnce, memoryFields, RESEND_WITHIN_MINUTES, writeKey } from '../../transport';
import { validateBody } from '../common/validation';
import { textParameter } from '../common/parameters';
import { nameField } from './fields';
import type { OperationDescriptor } from '../types';

const properties: INodeProperties[] = [
	nameField,
	{ displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add Option', default: {}, options: [idempotencyKeyField, ...memoryFields] },
];

export const description = updateDisplayOptions({ show: { resource: ['bankAccount'], operation: ['create'] } }, properties);

/** POST /v2/bank_accounts with an idempotency key, made once (transport/memory): a re-run of the same item never opens a second account. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const body = validateBody.call(this, bankAccountSchema, { name: textParameter.call(this, 'name', itemIndex, '', 'Name') }, itemIndex, { name: 'Name' });
	const idempotencyKey = writeKey.call(this, itemIndex, 'bankAccount.create', body, { uuid: true, what: 'business account', sameFields: 'name' });
	const creates = { what: 'business account', howToFind: 'Business Account › Get Many.' };
	const json = await makeOnce.call(this, itemIndex, {
		key: idempotencyKey,
		...creates,
		sendAgainWithin: RESEND_WITHIN_MINUTES,
		create: async () => (await apiRequest.call(this, 'POST', '/v2/bank_accounts', { body: { bank_account: body }, idempotencyKey, itemIndex, creates })).bank_account as IDataObject,
		// The organization lists its accounts: the one made, as it is now.
		current: async ([id]) => {
			const { organization } = await apiRequest.call(this, 'GET', '/organization', { itemIndex });
			const account = ((organization as IDataObject | undefined)?.bank_accounts as IDataObject[] | undefined)?.find((candidate) => candidate.id === id);
			return account ?? { id };
		},
	});
	return [{ json }];
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
