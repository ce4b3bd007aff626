/**
 * The Business Banking node as an AI agent's tool: the `…Tool` node type n8n generates from a
 * `usableAsTool` node (n8n's convertNodeToAiTool, the same in 1.123 and 2.x: name + 'Tool', no main
 * input, an `ai_tool` output, and n8n's generic "Tool Description" fields only when the node has no
 * `toolDescription` of its own). test/e2e/ai-agent.test.ts checks what a real n8n hands the model.
 */
import { deepCopy, NodeConnectionTypes, type INodeProperties, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { BusinessBanking } from '../../nodes/BusinessBanking/BusinessBanking.node';

/** n8n's generic tool-description fields (tool-generation/ai-tools.js), added only when a node has no `toolDescription`. */
function genericToolDescriptionFields(description: INodeTypeDescription): INodeProperties[] {
	return [
		{
			displayName: 'Tool Description',
			name: 'descriptionType',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Set Automatically', value: 'auto', description: 'Automatically set based on resource and operation' },
				{ name: 'Set Manually', value: 'manual', description: 'Manually set the description' },
			],
			default: 'auto',
		},
		{
			displayName: 'Description',
			name: 'toolDescription',
			type: 'string',
			default: description.description,
			required: true,
			typeOptions: { rows: 2 },
			displayOptions: { show: { descriptionType: ['manual'] } },
		},
	];
}

/** The `…Tool` node type n8n generates from a `usableAsTool` node type. */
export function toolVariant(base: INodeType = new BusinessBanking()): INodeType {
	const description = deepCopy(base.description);
	description.name += 'Tool';
	description.displayName += ' Tool';
	description.inputs = [];
	description.outputs = [NodeConnectionTypes.AiTool];
	delete description.usableAsTool;
	if (!description.properties.some((property) => property.name === 'toolDescription')) {
		description.properties = [...genericToolDescriptionFields(description), ...description.properties];
	}
	return Object.create(base, { description: { value: description } }) as INodeType;
}
