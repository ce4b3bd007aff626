import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { requiredText } from '../common/parameters';

export type VerificationMode = 'verify' | 'token' | 'skip';
export type ProceedOn = 'match' | 'closeMatch' | 'any';

const ACCEPTED: Record<ProceedOn, string[]> = {
	match: ['match'],
	closeMatch: ['match', 'close_match'],
	any: ['match', 'close_match', 'no_match', 'not_possible'],
};

export interface Verification {
	token: string;
	/** The check's outcome, when the name was verified. */
	result?: { result: string; matched_name: string | null };
}

/**
 * The vop_proof_token a transfer needs: a name check of the beneficiary (stopping the item when the
 * result is not one the user accepts), a token the user got earlier, or a skip request.
 */
export async function proofToken(
	this: IExecuteFunctions,
	itemIndex: number,
	mode: VerificationMode,
	beneficiary: { name: string; iban: string },
): Promise<Verification> {
	if (mode === 'token') {
		return { token: requiredText.call(this, 'vopProofToken', 'Proof Token', itemIndex) };
	}
	if (mode === 'skip') {
		const response = await apiRequest.call(this, 'POST', '/v2/payee_verifications/skip', { body: { iban: beneficiary.iban }, itemIndex });
		return { token: String(response.vop_proof_token) };
	}
	const response = await apiRequest.call(this, 'POST', '/v2/payee_verifications', {
		body: { iban: beneficiary.iban, beneficiary_name: beneficiary.name },
		itemIndex,
	});
	const verification = response.payee_verification as IDataObject;
	const result = String(verification.result);
	const proceedOn = this.getNodeParameter('proceedOn', itemIndex, 'match') as ProceedOn;
	if (!ACCEPTED[proceedOn].includes(result)) {
		const matched = verification.matched_name ? ` (the bank knows the account as "${String(verification.matched_name)}")` : '';
		throw new NodeOperationError(
			this.getNode(),
			`Item ${itemIndex}: payee verification answered "${result}" for "${beneficiary.name}"${matched}; no transfer was sent`,
			{
				itemIndex,
				description:
					'Check the beneficiary’s name and IBAN. To send anyway, set "Proceed When" to a result you accept, or choose "Skip Verification".',
			},
		);
	}
	return {
		token: String(verification.vop_proof_token),
		result: { result, matched_name: (verification.matched_name as string | null) ?? null },
	};
}
