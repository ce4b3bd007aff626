// Every money-moving operation as an agent's tool (test/e2e/ai-agent-every-operation.ts): one tool per
// operation with each required field left to the model ($fromAI), as an author who gave no leave
// wires them; and the four that move money in their own way (an international transfer, a direct-debit
// collection, a new business account, an invoice issued) with the author's leave and limits.
import type { INodeProperties } from 'n8n-workflow';

import { OPERATION_CLASSES } from '../../../nodes/BusinessBanking/actions/operationClasses';
import { resources } from '../../../nodes/BusinessBanking/actions/resources';
import { fromAi, toolName, type AgentTool } from './agentWorkflow';
import { createInvoiceTool, addBeneficiaryTool, getQuoteTool } from './fromAiTools';
import { toolResults, type ChatRequest, type Script } from './scriptedModel';

/** The organization's main account (seeded, French organization), which collections are paid into. */
const MAIN_ACCOUNT_FR = 'b1a0c0de-0000-4000-8000-000000000001';

export const MONEY_MOVING = Object.entries(OPERATION_CLASSES).flatMap(([resource, operations]) =>
	Object.entries(operations)
		.filter(([, kind]) => kind === 'moneyMoving')
		.map(([operation]) => ({ resource, operation })),
);

/** A required field as the model fills it: `$fromAI` (an option keeps its default, a details form comes as JSON). */
function filledByModel(property: INodeProperties): Record<string, unknown> {
	const asked = fromAi(property.name, property.displayName);
	if (property.type === 'resourceLocator') return { [property.name]: { __rl: true, mode: property.modes?.[0]?.name ?? 'id', value: asked } };
	if (property.type === 'options') return { [property.name]: property.default || 'aba' };
	if (property.type === 'resourceMapper') return { detailsInput: 'json', detailsJson: fromAi('details', 'The details, as JSON') };
	return { [property.name]: asked };
}

/** One tool per money-moving operation, named `<resource> <operation>`, its required fields the model's; no leave. */
export const everyMoneyMovingTool = (): AgentTool[] =>
	MONEY_MOVING.map(({ resource, operation }) => {
		const shown = resources[resource].operations[operation].description.filter((property) => property.required && !property.displayOptions?.show?.verification);
		const parameters = Object.assign({ resource, operation }, ...shown.map(filledByModel)) as Record<string, unknown>;
		return { name: `${resource} ${operation}`, parameters };
	});

/** A value for each argument the model was shown, by its type. */
function argumentsFor(schema: unknown): Record<string, unknown> {
	const properties = (schema as { properties?: Record<string, { type?: string }> }).properties ?? {};
	return Object.fromEntries(Object.entries(properties).map(([key, { type }]) => [key, type === 'number' ? 1 : type === 'boolean' ? false : 'from-the-model']));
}

/** Calls every tool it is shown at once, then reports what they answered. */
export const callsEveryTool: Script = (request) => {
	if (toolResults(request).length > 0) return { answer: toolResults(request).map((result) => `${result.name}: ${result.content}`).join('\n') };
	return { toolCalls: (request.tools ?? []).map((tool) => ({ name: tool.function.name, args: argumentsFor(tool.function.parameters) })) };
};

const leave = (limits: Record<string, string> = {}) => ({ allowAiAgentUse: true, aiAgentLimits: limits });

export const payAbroadTool: AgentTool = {
	name: 'Pay abroad',
	parameters: {
		resource: 'internationalTransfer',
		operation: 'create',
		quoteId: fromAi('quote_id', 'The id of the quote, from Get quote'),
		internationalBeneficiaryId: fromAi('beneficiary_id', 'The beneficiary’s id, from Add beneficiary'),
		targetAccountId: fromAi('target_account_id', 'The beneficiary’s target account id, from Add beneficiary'),
		sourceAmount: fromAi('source_amount', 'The EUR amount of the quote, a decimal string'),
		sourceCurrency: 'EUR',
		targetAmount: fromAi('target_amount', 'The USD amount of the quote, a decimal string'),
		targetCurrency: 'USD',
		detailsInput: 'json',
		detailsJson: '{"reference": "INV 2026-07"}',
		...leave({ maxAmountPerCall: '500.00', maxAmountPerExecution: '500.00' }),
	},
};

/** A direct-debit collection on `schedule` for a client the model names, at most 50.00 a call. */
const collectTool = (name: string, scheduleType: string): AgentTool => ({
	name,
	parameters: {
		resource: 'directDebit',
		operation: 'createSubscription',
		clientId: { __rl: true, mode: 'id', value: fromAi('client_id', 'The client’s id') },
		bankAccountId: { __rl: true, mode: 'id', value: MAIN_ACCOUNT_FR },
		amount: fromAi('amount', 'The amount to collect, a decimal string'),
		scheduleType,
		initialCollectionDate: fromAi('first_date', 'The first collection’s date, YYYY-MM-DD'),
		reference: fromAi('reference', 'What is collected'),
		...leave({ maxAmountPerCall: '50.00' }),
	},
});
export const collectMonthlyTool = collectTool('Collect monthly', 'monthly');
export const collectOnceTool = collectTool('Collect once', 'one_off');

export const openAccountTool: AgentTool = { name: 'Open account', parameters: { resource: 'bankAccount', operation: 'create', name: fromAi('name', 'The new account’s name'), ...leave() } };
export const finalizeTool: AgentTool = {
	name: 'Finalize invoice',
	parameters: { resource: 'clientInvoice', operation: 'finalize', invoiceId: { __rl: true, mode: 'id', value: fromAi('invoice_id', 'The draft’s id, from Create invoice') }, ...leave() },
};

export const withLeaveTools = [getQuoteTool, addBeneficiaryTool, payAbroadTool, collectMonthlyTool, collectOnceTool, openAccountTool, createInvoiceTool, finalizeTool];

interface Answer {
	id?: string;
	quote?: { id: string; source_amount: { value: string }; target_amount: { value: string } };
	beneficiary?: { id: string };
	target_account_id?: string;
}

/** The answer a tool gave, as JSON (a list's first entry). */
function answerOf(request: ChatRequest, tool: AgentTool): Answer {
	const content = toolResults(request).find((result) => result.name === toolName(tool.name))?.content ?? '{}';
	return [JSON.parse(content) as Answer | Answer[]].flat()[0];
}

/**
 * With leave: a quote, an invoice draft, an account, two collections; then the beneficiary and the
 * invoice issued; then the international transfer twice (a planted 4900.00, and the quote's 400.00).
 */
export function usesEveryLeave(clientId: () => string, firstCollection: () => string): Script {
	return (request) => {
		const done = toolResults(request).length;
		const collection = (reference: string) => ({ client_id: clientId(), amount: '49.90', first_date: firstCollection(), reference });
		if (done === 0) {
			return {
				toolCalls: [
					{ name: toolName(getQuoteTool.name), args: { target_currency: 'USD', amount: '400.00' } },
					{ name: toolName(createInvoiceTool.name), args: { client_id: clientId(), issue_date: '2026-12-01', due_date: '2026-12-31', title: 'Audit', quantity: '1', unit_price: '100.00', number: 'AGENT-2026-101' } },
					{ name: toolName(openAccountTool.name), args: { name: 'Agent savings' } },
					{ name: toolName(collectMonthlyTool.name), args: collection('Plan monthly') },
					{ name: toolName(collectOnceTool.name), args: collection('Plan once') },
				],
			};
		}
		if (done === 5) {
			const { quote } = answerOf(request, getQuoteTool);
			return {
				toolCalls: [
					{ name: toolName(addBeneficiaryTool.name), args: { quote_id: quote?.id ?? 'no-quote', account_holder: 'Acme Supplies Inc', routing_number: '021000021', account_number: '123456789' } },
					{ name: toolName(finalizeTool.name), args: { invoice_id: String(answerOf(request, createInvoiceTool).id) } },
				],
			};
		}
		if (done === 7) {
			const { quote } = answerOf(request, getQuoteTool);
			const beneficiary = answerOf(request, addBeneficiaryTool);
			if (!quote) return { answer: 'The quote is missing.' };
			const payment = { quote_id: quote.id, beneficiary_id: String(beneficiary.beneficiary?.id), target_account_id: String(beneficiary.target_account_id) };
			return {
				toolCalls: [
					{ name: toolName(payAbroadTool.name), args: { ...payment, source_amount: '4900.00', target_amount: '5300.00' } },
					{ name: toolName(payAbroadTool.name), args: { ...payment, source_amount: quote.source_amount.value, target_amount: quote.target_amount.value } },
				],
			};
		}
		return { answer: toolResults(request).map((result) => `${result.name}: ${result.content}`).join('\n') };
	};
}
