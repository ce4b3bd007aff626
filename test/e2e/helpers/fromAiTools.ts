// Tools whose every parameter kind is filled by the model (`$fromAI`): a resource locator, dates, a
// line of a fixed collection with its money, a collection, an amount, and the international details
// form (a resource mapper). The script makes one call per turn, each using what the last one returned.
import { fromAi, toolName, type AgentTool } from './agentWorkflow';
import { toolResults, type Script } from './scriptedModel';

export const FROM_AI_SCENARIO = 'fromai-kinds';

export const createInvoiceTool: AgentTool = {
	name: 'Create invoice',
	parameters: {
		resource: 'clientInvoice',
		operation: 'create',
		clientId: { __rl: true, mode: 'id', value: fromAi('client_id', 'The client’s id, from List clients') },
		issueDate: fromAi('issue_date', 'Issue date, YYYY-MM-DD'),
		dueDate: fromAi('due_date', 'Due date, YYYY-MM-DD'),
		currency: 'EUR',
		iban: 'FR7630006000011234567890189',
		status: 'draft',
		items: { item: [{ title: fromAi('title', 'What is invoiced'), quantity: fromAi('quantity', 'How many, a decimal string'), unitPrice: fromAi('unit_price', 'Price of one, a decimal string such as 120.50'), vatRate: '0.2' }] },
		additionalFields: { number: fromAi('number', 'The invoice number') },
		// An invoice decides who gets paid: money-moving, so the author's leave (it stays a draft, to an own IBAN).
		allowAiAgentUse: true,
	},
};

export const getQuoteTool: AgentTool = {
	name: 'Get quote',
	parameters: {
		resource: 'internationalTransfer',
		operation: 'getQuote',
		sourceCurrency: 'EUR',
		targetCurrency: fromAi('target_currency', 'ISO currency code to pay in, e.g. USD'),
		fixedSide: 'source',
		amount: fromAi('amount', 'Amount to send in EUR, a decimal string such as 1000.00'),
	},
};

const field = (id: string, displayName: string, type = 'string') => ({ id, displayName, required: true, defaultMatch: false, canBeUsedToMatch: false, display: true, readOnly: false, removed: false, type });

export const addBeneficiaryTool: AgentTool = {
	name: 'Add beneficiary',
	parameters: {
		resource: 'internationalBeneficiary',
		operation: 'create',
		quoteId: fromAi('quote_id', 'The id of the quote, from Get quote'),
		currency: 'USD',
		accountType: 'aba',
		details: {
			mappingMode: 'defineBelow',
			value: {
				accountHolderName: fromAi('account_holder', 'Full name of the account holder'),
				'address.country': 'US',
				'address.state': 'NY',
				'address.city': 'New York',
				'address.postCode': '10001',
				'address.firstLine': '350 Fifth Avenue',
				abartn: fromAi('routing_number', 'ACH routing number'),
				accountNumber: fromAi('account_number', 'Account number'),
				accountType: 'CHECKING',
			},
			matchingColumns: [],
			schema: [
				field('accountHolderName', 'Full name of the account holder'),
				{ ...field('address.country', 'Country', 'options'), options: [{ name: 'US', value: 'US' }] },
				{ ...field('address.state', 'State / province', 'options'), options: [{ name: 'NY', value: 'NY' }] },
				field('address.city', 'City'),
				field('address.postCode', 'Postcode'),
				field('address.firstLine', 'Street address'),
				field('abartn', 'ACH routing number'),
				field('accountNumber', 'Account number'),
				{ ...field('accountType', 'Account type', 'options'), options: [{ name: 'CHECKING', value: 'CHECKING' }, { name: 'SAVINGS', value: 'SAVINGS' }] },
			],
			attemptToConvertTypes: false,
			convertFieldsToString: false,
		},
		allowAiAgentUse: true,
	},
};

/** What the model sends: a quote, an invoice to `clientId()`, a beneficiary on the quote; then it reports. */
export function fillsEveryKind(clientId: () => string): Script {
	return (request) => {
		const results = toolResults(request);
		const last = results.at(-1)?.content ?? '';
		if (results.length === 0) return { toolCalls: [{ name: toolName(getQuoteTool.name), args: { target_currency: 'USD', amount: '1000.00' } }] };
		if (results.length === 1) {
			return { toolCalls: [{ name: toolName(createInvoiceTool.name), args: { client_id: clientId(), issue_date: '2026-12-01', due_date: '2026-12-31', title: 'Audit', quantity: '3', unit_price: '120.50', number: 'AGENT-2026-001' } }] };
		}
		if (results.length === 2) {
			const [quote] = [JSON.parse(results[0].content) as { quote?: { id: string } } | Array<{ quote?: { id: string } }>].flat();
			return { toolCalls: [{ name: toolName(addBeneficiaryTool.name), args: { quote_id: quote?.quote?.id ?? 'no-quote-id', account_holder: 'Acme Supplies Inc', routing_number: '021000021', account_number: '123456789' } }] };
		}
		return { answer: `Done: ${last}` };
	};
}
