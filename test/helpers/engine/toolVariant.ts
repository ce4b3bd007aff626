/**
 * The `…Tool` node type n8n generates from a `usableAsTool` node (n8n-workflow's convertNodeToAiTool,
 * alike in 1.123, 2.40 and 2.41): the node's description named + 'Tool' (what `@tool` display
 * options read), no main input, an `ai_tool` output. Registered under the tool's type, it makes the
 * engine resolve a tool's parameters as n8n does: fields shown only on the tool are kept.
 */
import { deepCopy, NodeConnectionTypes, type INodeType } from 'n8n-workflow';

import { BusinessBanking } from '../../../nodes/BusinessBanking/BusinessBanking.node';

export const TOOL_TYPE = 'n8n-nodes-business-banking.businessBankingTool';

export function toolVariant(): INodeType {
	const base = new BusinessBanking();
	const description = deepCopy(base.description);
	description.name += 'Tool';
	description.displayName += ' Tool';
	description.inputs = [];
	description.outputs = [NodeConnectionTypes.AiTool];
	delete description.usableAsTool;
	return Object.create(base, { description: { value: description } }) as INodeType;
}
