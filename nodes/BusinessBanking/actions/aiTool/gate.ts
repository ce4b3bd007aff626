import type { IExecuteFunctions } from 'n8n-workflow';

import { classOf } from '../operationClasses';
import { limitRefusal, type Limits } from '../limits/check';

/** n8n runs a node given to an AI agent as its `…Tool` variant (n8n 1.x and 2.x alike). */
export function runsAsAiTool(context: IExecuteFunctions): boolean {
	return context.getNode().type.endsWith('Tool');
}

/**
 * Why this item may not run as an AI agent's tool call, or undefined when it may. A money-moving
 * operation needs the author's leave on the node (Allow Use by an AI Agent) and stays within the
 * limits set there, whatever the model sent; an external transfer keeps its payee check.
 */
export function aiToolRefusal(this: IExecuteFunctions, resource: string, operation: string, action: string, itemIndex: number): string | undefined {
	if (!runsAsAiTool(this) || classOf(resource, operation) !== 'moneyMoving') return undefined;
	if (this.getNodeParameter('allowAiAgentUse', itemIndex, false) !== true) {
		return `Refused: "${action}" moves money or cannot be undone, and this workflow's author has not allowed an AI agent to run it (Allow Use by an AI Agent is off). Nothing was sent. Tell the user what you wanted to do instead.`;
	}
	const verification = resource === 'externalTransfer' && operation === 'create' ? this.getNodeParameter('verification', itemIndex, 'verify') : undefined;
	if (verification === 'skip' || (verification === 'verify' && this.getNodeParameter('proceedOn', itemIndex, 'match') === 'any')) {
		return 'Refused: an AI agent may not skip the payee verification of a transfer. Nothing was sent.';
	}
	// Last, once every other check passed: the call counts toward the execution's total only when it is let through.
	const limits = this.getNodeParameter('aiAgentLimits', itemIndex, {}) as Limits;
	return limitRefusal.call(this, resource, operation, itemIndex, { id: 'agent', limits, who: 'an AI agent', unit: 'call', where: '', boundedSubscriptionsOnly: true });
}
