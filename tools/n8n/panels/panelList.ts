// The node panels shown in docs/panels.md, each a workflow of its own as a user would build it (node
// typeVersion 2, the credential chosen, the fields a user fills), photographed by `npm run panels` and
// by test/e2e/panels.test.ts (PANELS_WRITE=1).
import { BUSINESS_BANKING_NODE, BUSINESS_BANKING_TOOL } from '../../../test/e2e/helpers/workflows';
import { CREDENTIAL_TYPE, type Workflow, type WorkflowNode } from '../examples';

export interface Panel {
	/** docs/panels/<name>.png */
	name: string;
	/** The node's name on the canvas and the panel's title. */
	nodeName: string;
	/** Regular node after a manual trigger, or a tool of an AI Agent. */
	as: 'node' | 'tool';
	parameters: Record<string, unknown>;
	/** Collections (by label) whose list of choices is opened for the picture, when the panel has them. */
	open?: string[];
}

/** An entry picked from a list, named as the list shows the sandbox's (nodes/BusinessBanking/methods). */
const picked = (value: string, cachedResultName: string) => ({ __rl: true, mode: 'list', value, cachedResultName });

const EXTERNAL_TRANSFER = {
	resource: 'externalTransfer',
	operation: 'create',
	beneficiaryId: picked('be0e0000-0000-4000-8000-000000000011', 'Papeterie Martin SARL (FR14…2606)'),
	debitIban: picked('FR7630006000011234567890189', 'Main account (main) · FR7630006000011234567890189'),
	amount: '250.40',
	reference: 'Invoice 2026-042',
};

/** A field of a details form as n8n's resource mapper saves it, built from a requirements listing (methods/requirementFields.ts). */
const formField = (id: string, displayName: string, required: boolean, options?: string[]) => ({
	id,
	displayName,
	required,
	defaultMatch: false,
	canBeUsedToMatch: false,
	display: true,
	readOnly: false,
	removed: false,
	type: options ? 'options' : 'string',
	...(options ? { options: options.map((value) => ({ name: value, value })) } : {}),
});

/**
 * The transfer's details form as the editor holds it once a quote is chosen: the fields the bank's
 * requirements listing for that quote asks for (the sandbox's USD listing), filled in by the user.
 */
const TRANSFER_DETAILS = {
	mappingMode: 'defineBelow',
	value: { reference: 'Invoice US-2026-007', sourceOfFunds: 'business_revenue', transferPurpose: 'services' },
	matchingColumns: [],
	schema: [
		formField('reference', 'Reference shown to the beneficiary', true),
		formField('sourceOfFunds', 'Source of funds', false, ['business_revenue', 'savings', 'investment', 'loan', 'other']),
		formField('transferPurpose', 'Purpose of the transfer', false, ['goods', 'services', 'salary', 'rent', 'other']),
	],
	attemptToConvertTypes: false,
	convertFieldsToString: false,
};

const CLIENT = picked('c11e0000-0000-4000-8000-000000000101', 'Éditions Côte d’Azur SARL');

export const PANELS: Panel[] = [
	{ name: 'external-transfer-create', nodeName: 'Pay supplier', as: 'node', parameters: EXTERNAL_TRANSFER, open: ['Advanced'] },
	{ name: 'external-transfer-create-tool', nodeName: 'Pay supplier', as: 'tool', parameters: EXTERNAL_TRANSFER },
	{
		name: 'international-transfer-create',
		nodeName: 'Pay supplier in USD',
		as: 'node',
		parameters: {
			resource: 'internationalTransfer',
			operation: 'create',
			// The quote, the beneficiary and the target account come from the nodes before it (the bank lists none of them).
			quoteId: '={{ $json.quote.id }}',
			internationalBeneficiaryId: '={{ $json.beneficiary.id }}',
			targetAccountId: '={{ $json.target_account_id }}',
			bankAccountId: picked('b1a0c0de-0000-4000-8000-000000000001', 'Main account (main)'),
			sourceAmount: '1000.00',
			targetAmount: '1082.40',
			targetCurrency: 'USD',
			details: TRANSFER_DETAILS,
		},
	},
	{
		name: 'client-invoice-create',
		nodeName: 'Invoice client',
		as: 'node',
		parameters: {
			resource: 'clientInvoice',
			operation: 'create',
			clientId: CLIENT,
			issueDate: '2026-01-15T00:00:00',
			dueDate: '2026-02-14T00:00:00',
			iban: picked('FR7630006000011234567890189', 'Main account (main) · FR76…0189'),
			items: { item: [{ title: 'Consulting', quantity: 2.5, unit: 'day', unitPrice: '480.00', vatRate: '20' }] },
			additionalFields: { number: 'INV-2026-001', footer: 'Thank you for your business' },
		},
		// The choices of Additional Fields: the Settings Overrides among them, a country's fields only once it is chosen.
		open: ['Additional Fields'],
	},
	{
		name: 'client-invoice-get-many',
		nodeName: 'Unpaid invoices',
		as: 'node',
		parameters: { resource: 'clientInvoice', operation: 'getMany', filters: { status: ['unpaid'], clientId: CLIENT } },
		open: ['Advanced'],
	},
	{
		name: 'client-create',
		nodeName: 'New client',
		as: 'node',
		parameters: { resource: 'client', operation: 'create', name: 'Atelier Lumière SARL' },
	},
	{
		name: 'direct-debit-create-subscription',
		nodeName: 'Monthly subscription',
		as: 'node',
		parameters: {
			resource: 'directDebit',
			operation: 'createSubscription',
			clientId: CLIENT,
			bankAccountId: picked('b1a0c0de-0000-4000-8000-000000000001', 'Main account (main)'),
			amount: '49.90',
			scheduleType: 'monthly',
			initialCollectionDate: '2027-01-15T00:00:00',
			reference: 'Subscription GOLD-42',
		},
	},
	{ name: 'business-account-get-many', nodeName: 'Business accounts', as: 'node', parameters: { resource: 'bankAccount', operation: 'getMany' }, open: ['Advanced'] },
];

/** The credential's dialog, photographed after the node panels. */
export const CREDENTIAL_PICTURE = 'credential';

/** The id of the node whose panel is opened (n8n opens it from `/workflow/<id>/<node id>`). */
export const PANEL_NODE_ID = 'd0000000-0000-4000-8000-000000000002';

export function panelWorkflow(panel: Panel, credential: { id: string; name: string }, typeVersion = 2): Workflow {
	const node: WorkflowNode = {
		id: PANEL_NODE_ID,
		name: panel.nodeName,
		type: panel.as === 'tool' ? BUSINESS_BANKING_TOOL : BUSINESS_BANKING_NODE,
		typeVersion,
		position: [440, 0],
		parameters: panel.parameters,
		credentials: { [CREDENTIAL_TYPE]: credential },
	};
	const trigger: WorkflowNode = { id: 'd0000000-0000-4000-8000-000000000001', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };
	const workflow = { name: `Panel: ${panel.name} (v${typeVersion})`, settings: { executionOrder: 'v1' } };
	if (panel.as === 'node') {
		return { ...workflow, nodes: [trigger, node], connections: { Start: { main: [[{ node: node.name, type: 'main', index: 0 }]] } } };
	}
	const agent: WorkflowNode = {
		id: 'd0000000-0000-4000-8000-000000000003',
		name: 'Finance assistant',
		type: '@n8n/n8n-nodes-langchain.agent',
		typeVersion: 3.1,
		position: [220, 0],
		parameters: { promptType: 'define', text: 'Pay the supplier invoices that are due today.', options: {} },
	};
	return {
		...workflow,
		nodes: [trigger, agent, { ...node, position: [300, 220] }],
		connections: { Start: { main: [[{ node: agent.name, type: 'main', index: 0 }]] }, [node.name]: { ai_tool: [[{ node: agent.name, type: 'ai_tool', index: 0 }]] } },
	};
}
