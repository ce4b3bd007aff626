import { Workflow, type INode, type INodeType, type INodeTypeDescription, type INodePropertyOptions } from 'n8n-workflow';

import { BusinessBankingTrigger } from '../../nodes/BusinessBankingTrigger/BusinessBankingTrigger.node';

/** The subtitle as n8n's editor shows it: the trigger's subtitle expression resolved with its parameters. */
function subtitleOf(parameters: INode['parameters']): unknown {
	const type = new BusinessBankingTrigger();
	const node: INode = { id: '1', name: 'Business Banking Trigger', type: 'businessBankingTrigger', typeVersion: 1, position: [0, 0], parameters };
	const nodeTypes = { getByName: () => type as INodeType, getByNameAndVersion: () => type as INodeType, getKnownTypes: () => ({}) };
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getSimpleParameterValue(node, (type.description as INodeTypeDescription).subtitle as string, 'internal', {});
}

describe("the trigger's canvas subtitle", () => {
	it('names the chosen events as the panel does, in the order chosen', () => {
		expect(subtitleOf({ events: ['v1/client-invoices'] })).toBe('Client Invoices');
		expect(subtitleOf({ mode: 'partner', events: ['v1/transactions', 'v1/consent-revocations'] })).toBe('Transactions, Consent Revocations');
	});

	it('has a display name for every event, and shows nothing before one is chosen', () => {
		const events = new BusinessBankingTrigger().description.properties.find((property) => property.name === 'events');
		for (const option of events?.options as INodePropertyOptions[]) expect(subtitleOf({ events: [option.value as string] })).toBe(option.name);
		expect(subtitleOf({ events: [] })).toBe('');
	});
});
