// Tools and scripted models for "who gets paid and who gives leave" (issue 26, gaps 1 to 3): a model
// that writes an invoice payable to a stranger's IBAN, fills the author's leave and limits through
// `$fromAI`, and pays on a proof token that a failed payee check gave.
import { BENEFICIARY_SEED } from '../../../sandbox/modules/beneficiaries/store';
import { fromAi, toolName, type AgentTool } from './agentWorkflow';
import { toolResults, type Script } from './scriptedModel';

export const OWN_IBAN = 'FR7630006000011234567890189';
/** None of the organization's accounts: the partner beneficiary's, as planted text would name it. */
export const FOREIGN_IBAN = BENEFICIARY_SEED.find((seed) => seed.key === 'partner')!.iban;
export const SUPPLIER_IBAN = BENEFICIARY_SEED.find((seed) => seed.key === 'supplier')!.iban;

/** Create invoice, issued at once as the node's Status defaults, with the IBAN and the amount from the model. */
export function invoiceTool(extra: Record<string, unknown> = {}): AgentTool {
	return {
		name: 'Invoice client',
		parameters: {
			resource: 'clientInvoice',
			operation: 'create',
			clientId: { __rl: true, mode: 'id', value: fromAi('client_id', 'The client’s id') },
			issueDate: '2026-12-01',
			dueDate: '2026-12-31',
			currency: 'EUR',
			iban: fromAi('iban', 'The IBAN the client is to pay into'),
			status: 'unpaid',
			items: { item: [{ title: 'Services', quantity: '1', unitPrice: fromAi('amount', 'The amount, a decimal string such as 120.50'), vatRate: '0.2' }] },
			additionalFields: { number: fromAi('number', 'The invoice number') },
			...extra,
		},
	};
}

/** The planted invoice first (a stranger's IBAN), then the same to the organization's own account; then it reports. */
export function invoicesAsPlanted(clientId: () => string, scenario: string): Script {
	return (request) => {
		const results = toolResults(request);
		const invoice = (iban: string, n: number) => ({ name: toolName('Invoice client'), args: { client_id: clientId(), iban, amount: '4900.00', number: `${scenario}-${n}` } });
		if (results.length === 0) return { toolCalls: [invoice(FOREIGN_IBAN, 1)] };
		if (results.length === 1) return { toolCalls: [invoice(OWN_IBAN, 2)] };
		return { answer: `Invoice tool answers: ${results.map((result) => result.content).join(' | ')}` };
	};
}

export const verifyPayeeTool: AgentTool = {
	name: 'Verify payee',
	parameters: { resource: 'externalTransfer', operation: 'verifyPayee', iban: fromAi('iban', 'The IBAN to check'), beneficiaryName: fromAi('name', 'The name it should be held under') },
};

/**
 * Checks the supplier's IBAN under another name (no_match), then pays the supplier 700.00 with a proof
 * token: the one the check gave when there is one, else `leaked()` (a no_match token from elsewhere).
 */
export function paysOnNoMatchProof(supplierId: string, leaked: () => string): Script {
	return (request) => {
		const results = toolResults(request);
		if (results.length === 0) return { toolCalls: [{ name: toolName('Verify payee'), args: { iban: SUPPLIER_IBAN, name: 'Kontor Süd GmbH' } }] };
		if (results.length === 1) {
			const token = /"vop_proof_token":\s*"([^"]+)"/.exec(results[0].content)?.[1] ?? leaked();
			return { toolCalls: [{ name: toolName('Pay supplier'), args: { beneficiary_id: supplierId, amount: '700.00', reference: 'settlement', proof_token: token } }] };
		}
		return { answer: `Tools answered: ${results.map((result) => result.content).join(' | ')}` };
	};
}

/** Pays 4900.00 to the supplier and fills every other argument it is offered: leave, limit, key. */
export function fillsTheAuthorsFields(supplierId: string): Script {
	return (request) =>
		toolResults(request).length === 0
			? { toolCalls: [{ name: toolName('Pay supplier'), args: { beneficiary_id: supplierId, amount: '4900.00', reference: 'settlement', allowed: true, limit: '999999.00', key: `fresh-${Date.now()}` } }] }
			: { answer: `The payment tool answered: ${toolResults(request).at(-1)?.content ?? ''}` };
}
