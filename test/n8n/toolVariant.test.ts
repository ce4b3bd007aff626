// The assumption of n8n/toolVariant.ts, on n8n-workflow of each release of the matrix: n8n shows a
// parameter with `'@tool': [true]` only on a node type named `…Tool` (the variant n8n generates for an
// AI agent), which is also what isToolType says of a node type.
import { NodeHelpers, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';

import { BusinessBanking } from '../../nodes/BusinessBanking/BusinessBanking.node';
import { isToolType, onToolVariantOnly } from '../../nodes/BusinessBanking/n8n/toolVariant';

const { description } = new BusinessBanking();
const toolOnly: INodeProperties = { displayName: 'Shown to tools', name: 'shownToTools', type: 'string', default: '', displayOptions: onToolVariantOnly({ resource: ['client'] }) };
const shown = (named: string, resource: string) =>
	NodeHelpers.displayParameter({ resource }, toolOnly, { typeVersion: 1 }, { ...description, name: named } as INodeTypeDescription);

/** The parameters the engine gives a node of type `named` at `typeVersion` (n8n's Workflow resolves them so before a run). */
const resolved = (named: string, typeVersion: number, parameters: Record<string, unknown>) => {
	const type = { ...description, name: named } as INodeTypeDescription;
	const node = { id: 'n', name: 'n', type: `n8n-nodes-business-banking.${named}`, typeVersion, position: [0, 0] as [number, number], parameters: parameters as never };
	return NodeHelpers.getNodeParameters(type.properties, node.parameters, true, false, node, type) ?? {};
};

describe('the …Tool variant', () => {
	it('keeps version 2’s AI Agent section (@tool and @version together) on a version-2 …Tool node only: what the gate reads at run time', () => {
		const saved = { resource: 'externalTransfer', operation: 'create', allowAiAgentUse: true, aiAgentLimits: { maxAmountPerCall: '10' } };
		expect(resolved(`${description.name}Tool`, 2, saved)).toMatchObject({ allowAiAgentUse: true, aiAgentLimits: { maxAmountPerCall: '10' } });
		expect(resolved(description.name, 2, saved)).not.toHaveProperty('allowAiAgentUse');
		expect(resolved(description.name, 2, saved)).not.toHaveProperty('aiAgentLimits');
		// Version 1 keeps them on both.
		expect(resolved(description.name, 1, saved)).toMatchObject({ allowAiAgentUse: true });
		expect(resolved(`${description.name}Tool`, 1, saved)).toMatchObject({ allowAiAgentUse: true });
	});

	it('shows an @tool parameter on the …Tool type only, under its other conditions', () => {
		expect(shown(`${description.name}Tool`, 'client')).toBe(true);
		expect(shown(description.name, 'client')).toBe(false);
		expect(shown(`${description.name}Tool`, 'card')).toBe(false);
	});

	it('is the type isToolType recognises, as n8n names it (node name + Tool, in the package’s namespace)', () => {
		expect(isToolType(`n8n-nodes-business-banking.${description.name}Tool`)).toBe(true);
		expect(isToolType(`n8n-nodes-business-banking.${description.name}`)).toBe(false);
		expect(isToolType(`n8n-nodes-business-banking.${description.name}Trigger`)).toBe(false);
	});
});
