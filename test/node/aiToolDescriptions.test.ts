// What an AI agent's model reads about each operation: a description written for it, in the
// operation's descriptor (actions/aiTool/toolDescriptions.ts gathers them), as the default of the Tool variant's own "Tool
// Description" field, which is what n8n hands the model. The regular node gains no parameter.
import { NodeHelpers, type INode, type INodeParameters, type INodeProperties, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { BusinessBanking } from '../../nodes/BusinessBanking/BusinessBanking.node';
import { toolVariant } from '../helpers/engine/toolVariant';
import { CLASS_SENTENCES, TOOL_DESCRIPTIONS } from '../../nodes/BusinessBanking/actions/aiTool/toolDescriptions';
import { OPERATION_CLASSES } from '../../nodes/BusinessBanking/actions/operationClasses';

const OPERATIONS = Object.entries(OPERATION_CLASSES).flatMap(([resource, operations]) => Object.entries(operations).map(([operation, kind]) => [resource, operation, kind] as const));

/** The parameters n8n's engine gives a node of `description` saved with `parameters` (defaults filled in, as the Workflow does). */
function resolvedParameters(description: INodeTypeDescription, parameters: INodeParameters, typeVersion = 1): INodeParameters {
	const node: INode = { id: 'n', name: 'Business Banking', type: `n8n-nodes-business-banking.${description.name}`, typeVersion, position: [0, 0], parameters };
	return NodeHelpers.getNodeParameters(description.properties, parameters, true, false, node, description) as INodeParameters;
}

describe('tool descriptions', () => {
	const tool = toolVariant().description;

	it.each(OPERATIONS)('%s › %s: the model reads its own description, with its class sentence, of a sane length', (resource, operation, kind) => {
		const parameters = resolvedParameters(tool, { resource, operation });
		const text = String(parameters.toolDescription);
		expect(text.startsWith(TOOL_DESCRIPTIONS[`${resource}.${operation}`])).toBe(true);
		expect(text.endsWith(CLASS_SENTENCES[kind])).toBe(true);
		if (kind === 'moneyMoving') expect(text).toMatch(/needs a person’s approval, and is refused unless the workflow’s author allowed an AI agent to run it/);
		else expect(text).not.toMatch(/approval|refused/);
		expect(text.length).toBeGreaterThanOrEqual(80);
		expect(text.length).toBeLessThanOrEqual(700);
		// n8n shows the model this text, not its generic "<action> in Business Banking" (which needs `descriptionType: 'auto'`).
		const node: INode = { id: 'n', name: 'Business Banking', type: 'n8n-nodes-business-banking.businessBankingTool', typeVersion: 1, position: [0, 0], parameters };
		expect(NodeHelpers.getToolDescriptionForNode(node, { description: tool } as INodeType)).toBe(text);
	});

	it('say money is a decimal string and dates are YYYY-MM-DD where an operation takes them', () => {
		const takesMoney = ['clientInvoice.create', 'externalTransfer.create', 'internationalTransfer.create', 'internationalTransfer.getQuote', 'directDebit.createSubscription', 'insuranceContract.create'];
		for (const key of takesMoney) expect([key, TOOL_DESCRIPTIONS[key]]).toEqual([key, expect.stringContaining('decimal string')]);
		const takesDates = ['clientInvoice.create', 'clientInvoice.update', 'externalTransfer.create', 'directDebit.createSubscription', 'supplierInvoice.markAsPaid', 'insuranceContract.create'];
		for (const key of takesDates) expect([key, TOOL_DESCRIPTIONS[key]]).toEqual([key, expect.stringContaining('YYYY-MM-DD')]);
	});

	it('an author’s own text wins, an expression included', () => {
		const parameters = resolvedParameters(tool, { resource: 'client', operation: 'get', toolDescription: 'Look a client up' });
		expect(parameters.toolDescription).toBe('Look a client up');
	});

	it('the regular node: no tool description, no new parameter, nothing new required', () => {
		const regular = new BusinessBanking().description;
		for (const [resource, operation] of OPERATIONS) {
			const parameters = resolvedParameters(regular, { resource, operation });
			expect(parameters).not.toHaveProperty('toolDescription');
		}
		// The tool's description, and from version 2 on its AI Agent section (test/node/v2ToolOnlyFields.test.ts).
		const onlyOnTool = regular.properties.filter((property) => JSON.stringify(property.displayOptions?.show?.['@tool']) === '[true]');
		const toolOnlyNames = ['toolDescription', 'aiAgentNotice', 'allowAiAgentUse', 'allowAiAgentIssuing', 'aiAgentLimits'];
		expect(onlyOnTool.every((property: INodeProperties) => toolOnlyNames.includes(property.name) && !property.required)).toBe(true);
		expect(onlyOnTool.filter((property) => property.name !== 'toolDescription').every((property) => property.displayOptions?.show?.['@version'])).toBe(true);
		expect(regular.properties.filter((property) => property.required && property.displayOptions?.show?.['@tool'])).toEqual([]);
	});
});

describe('what a version-2 tool’s model reads', () => {
	// Version 2 takes a VAT rate in percent: a model told "a fraction" would make 0.2 % VAT invoices.
	it('Client Invoice › Create: the VAT rate as its version takes it, percent from version 2 on, a fraction in version 1', () => {
		const tool = toolVariant().description;
		const readAt = (typeVersion: number) => String(resolvedParameters(tool, { resource: 'clientInvoice', operation: 'create' }, typeVersion).toolDescription);
		expect(readAt(2)).toContain('VAT rate as a percentage ("20" is 20 %)');
		expect(readAt(2)).not.toContain('fraction');
		expect(readAt(1)).toContain('VAT rate as a fraction ("0.2" is 20 %)');
	});
});
