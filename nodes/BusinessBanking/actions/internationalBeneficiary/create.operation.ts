import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { apiRequest, makeOnce, memoryFields, writeKey } from '../../transport';
import { beneficiaryProperties, validatedBeneficiaryBody } from './fields';
import type { OperationDescriptor } from '../types';

export const description = updateDisplayOptions({ show: { resource: ['internationalBeneficiary'], operation: ['create'] } }, [
	...beneficiaryProperties,
	{ displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add Option', default: {}, options: memoryFields },
]);

/** POST /v2/international/beneficiaries, made once per payee (transport/memory): outputs beneficiary, quote and target_account_id. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const body = await validatedBeneficiaryBody.call(this, itemIndex);
	const creates = { what: 'international beneficiary', howToFind: 'the beneficiaries in the bank’s app.' };
	// The quote is spent by the first create and new on a re-run's own quote: the payee's details make the key.
	const json = await makeOnce.call(this, itemIndex, {
		key: writeKey.call(this, itemIndex, 'internationalBeneficiary.create', { ...body, quote_id: undefined }, { what: 'beneficiary', sameFields: 'currency, type and details' }),
		...creates,
		sendAgainWithin: 0,
		create: async () => await apiRequest.call(this, 'POST', '/v2/international/beneficiaries', { body, itemIndex, creates }),
		// What a transfer to it needs: the beneficiary's id and its target account id.
		ids: (made) => [String((made.beneficiary as IDataObject | undefined)?.id ?? ''), String(made.target_account_id ?? '')],
		current: async ([id, targetAccountId]) => ({ beneficiary: { id }, target_account_id: targetAccountId }),
	});
	return [{ json }];
}

export const descriptor: OperationDescriptor = {
	class: 'moneyMoving',
	toolDescription:
		'Creates an international beneficiary (someone you can pay abroad). Needs a quote id (from International Transfer › Get Quote), the currency, the account type and the account details the requirements ask for (International Beneficiary › Get Requirements). Returns the beneficiary and its target account id.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 1,
};
