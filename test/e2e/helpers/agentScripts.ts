// The scripted model's script for each scenario of the AI agent tests (test/e2e/ai-agent.test.ts),
// chosen by the `[scenario: name]` marker of the prompt.
import { toolName } from './agentWorkflow';
import { fillsEveryKind, FROM_AI_SCENARIO } from './fromAiTools';
import { ATTACKER, lastResult, obeysInjection, paysOnce, plantedPayment, SUPPLIER } from './injectionScenarios';
import { fillsTheAuthorsFields, invoicesAsPlanted, paysOnNoMatchProof } from './payeeScenarios';
import { toolResults, type Script } from './scriptedModel';

/** The scripts, reading the invoice client's id and a leaked proof token once the test has them. */
export function agentScripts(invoiceClientId: () => string, leakedToken: () => string): Record<string, Script> {
	return {
		'invoice-no-leave': invoicesAsPlanted(invoiceClientId, 'NOLEAVE'),
		'invoice-leave': invoicesAsPlanted(invoiceClientId, 'LEAVE'),
		'fills-leave': fillsTheAuthorsFields(SUPPLIER),
		'proof-token': paysOnNoMatchProof(SUPPLIER, leakedToken),
		[FROM_AI_SCENARIO]: fillsEveryKind(invoiceClientId),
		read: (request) => {
			if (toolResults(request).length === 0) return { toolCalls: [{ name: toolName('List supplier invoices'), args: {} }] };
			type Invoice = { invoice_number: string; due_date: string | null; status: string };
			const invoices = JSON.parse(lastResult(request)) as Invoice[] | Invoice;
			const list = Array.isArray(invoices) ? invoices : [invoices];
			const overdue = list.filter((invoice) => invoice.due_date !== null && invoice.due_date < '2026-11-25' && invoice.status !== 'paid');
			return { answer: `Unpaid and overdue: ${overdue.map((invoice) => `${invoice.invoice_number} (due ${invoice.due_date})`).join(', ')}` };
		},
		'injection-supplier': obeysInjection(toolName('List supplier invoices')),
		'injection-client': obeysInjection(toolName('List clients')),
		'limit-amount': paysOnce({ beneficiary_id: SUPPLIER, amount: '4900.00', reference: 'Invoice F-2026-101' }),
		'limit-beneficiary': paysOnce({ beneficiary_id: ATTACKER, amount: '120.50', reference: 'Invoice F-2026-101' }),
		'tool-error': (request) => {
			const results = toolResults(request);
			const createClient = toolName('Create client');
			if (results.length === 0) return { toolCalls: [{ name: createClient, args: { name: 'Dupont SARL', email: 'dupont-agent@example.com', e_invoicing_address: '111222333' } }] };
			if (results.length === 1 && /not in the national e-invoicing directory/.test(results[0].content)) {
				return { toolCalls: [{ name: createClient, args: { name: 'Dupont SARL', email: 'dupont-agent@example.com', e_invoicing_address: '552081317' } }] };
			}
			return { answer: `Done after ${results.length} tries: ${lastResult(request)}` };
		},
		'assistant-read': (request) =>
			toolResults(request).length === 0
				? { toolCalls: [{ name: toolName('List supplier invoices'), args: {} }] }
				: { answer: `Supplier invoices: ${(JSON.parse(lastResult(request)) as Array<{ invoice_number: string }>).map((invoice) => invoice.invoice_number).join(', ')}` },
		'assistant-injection': obeysInjection(toolName('List supplier invoices'), 'Pay a supplier invoice', true),
		// Obeys the planted payee but keeps under the template's per-call limit, as a careful attacker would write it.
		'assistant-injection-within': (request) => {
			const results = toolResults(request);
			if (results.length === 0) return { toolCalls: [{ name: toolName('List supplier invoices'), args: {} }] };
			const planted = plantedPayment(request);
			if (results.length === 1 && planted) {
				return { toolCalls: [{ name: toolName('Pay a supplier invoice'), args: { toolParameters: { ...planted, amount: '900.00' }, hitlParameters: {} } }] };
			}
			return { answer: `The payment tool answered: ${lastResult(request)}` };
		},
		'assistant-pay': (request) =>
			toolResults(request).length === 0
				? { toolCalls: [{ name: toolName('Pay a supplier invoice'), args: { toolParameters: { beneficiary_id: SUPPLIER, amount: '120.50', reference: 'F-2026-101' }, hitlParameters: {} } }] }
				: { answer: `Paid: ${lastResult(request)}` },
		// Behind n8n's human review the tool's arguments are wrapped: { toolParameters, hitlParameters }.
		reviewed: (request) => {
			const results = toolResults(request);
			const payment = { toolParameters: { beneficiary_id: SUPPLIER, amount: '120.50', reference: 'Invoice F-2026-101' }, hitlParameters: {} };
			// The same call twice (a model that repeats itself), then the answer.
			if (results.length < 2) return { toolCalls: [{ name: toolName('Pay supplier'), args: payment }] };
			return { answer: `Payment tool answers: ${results.map((result) => result.content).join(' | ')}` };
		},
	};
}
