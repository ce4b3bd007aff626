import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';

import { payeeVerificationSchema } from '../../../shared/schemas/transfer';
import { apiRequest } from '../../transport';
import { runsAsAiTool } from '../../n8n/toolVariant';
import { validateBody } from '../common/validation';
import { requiredText } from '../common/parameters';
import type { OperationDescriptor } from '../types';

const properties: INodeProperties[] = [
	{
		displayName: 'IBAN',
		name: 'iban',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. FR76 3000 6000 0112 3456 7890 189',
	},
	{
		displayName: 'Beneficiary Name',
		name: 'beneficiaryName',
		type: 'string',
		default: '',
		required: true,
		description: 'The name the account should be held under',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['externalTransfer'], operation: ['verifyPayee'] } }, properties);

/**
 * POST /v2/payee_verifications: match, close_match, no_match or not_possible, and the
 * vop_proof_token a transfer to that IBAN needs (valid 10 minutes, for one transfer). As an AI
 * agent's tool the answer leaves the token out: the bank takes a token whatever the check answered,
 * so a model holding one could pay on a no_match (the transfer tool verifies the payee itself).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const body = validateBody.call(
		this,
		payeeVerificationSchema,
		{ iban: requiredText.call(this, 'iban', 'IBAN', itemIndex), beneficiary_name: requiredText.call(this, 'beneficiaryName', 'Beneficiary Name', itemIndex) },
		itemIndex,
		{ iban: 'IBAN', beneficiary_name: 'Beneficiary Name' },
	);
	const response = await apiRequest.call(this, 'POST', '/v2/payee_verifications', { body, itemIndex });
	const verification = response.payee_verification as IDataObject;
	if (!runsAsAiTool(this)) return [{ json: verification }];
	const forModel = { ...verification };
	delete forModel.vop_proof_token;
	return [{ json: forModel }];
}

export const descriptor: OperationDescriptor = {
	class: 'read',
	toolDescription:
		'Checks that an IBAN belongs to the named payee before paying (Verification of Payee). Needs the IBAN and the beneficiary’s name. Returns the match result (match, close match with the suggested name, no match). Sends no money.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 'adaptive',
};
