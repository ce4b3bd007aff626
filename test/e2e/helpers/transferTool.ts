// The parameters of an external-transfer tool whose payment details the model fills in ($fromAI), as
// an agent's or an MCP client's tool is set up; the author's leave and limits come in `extra`.
import { fromAi } from './agentWorkflow';

/** The organization's own account the transfers are paid from (seeded, French organization). */
export const DEBIT_IBAN = 'FR7630006000011234567890189';

export function transferToolParameters(extra: Record<string, unknown> = {}): Record<string, unknown> {
	return {
		resource: 'externalTransfer',
		operation: 'create',
		beneficiaryId: { __rl: true, mode: 'id', value: fromAi('beneficiary_id', 'The id of the trusted beneficiary to pay') },
		debitIban: { __rl: true, mode: 'iban', value: DEBIT_IBAN },
		amount: fromAi('amount', 'The amount as a decimal string, e.g. 120.50'),
		currency: 'EUR',
		reference: fromAi('reference', 'What the payment is for'),
		...extra,
	};
}
