import type { IExecuteFunctions } from 'n8n-workflow';

import { runsAsAiTool } from '../../n8n/toolVariant';
import { classOf } from '../operationClasses';
import { limitRefusal, type Limits } from '../limits/check';
import { authorOnlyExpression } from './authorOnly';

export { runsAsAiTool };

/**
 * Why this item may not run as an AI agent's tool call, or undefined when it may. A money-moving
 * operation needs the author's leave on the node (Allow Use by an AI Agent) and stays within the
 * limits set there, whatever the model sent; an external transfer keeps its payee check.
 */
export function aiToolRefusal(this: IExecuteFunctions, resource: string, operation: string, action: string, itemIndex: number): string | undefined {
	if (!runsAsAiTool(this) || classOf(resource, operation) !== 'moneyMoving') return undefined;
	const filled = authorOnlyExpression(this);
	if (filled) {
		return `Refused: "${action}" moves money or decides who gets paid, and its ${filled} holds an expression, which the data or a model could fill; only this workflow's author may set it, as a fixed value. Nothing was sent. Tell the user the workflow needs its author to fix this setting.`;
	}
	if (this.getNodeParameter('allowAiAgentUse', itemIndex, false) !== true) {
		return `Refused: "${action}" moves money, decides who gets paid or cannot be undone, and this workflow's author has not allowed an AI agent to run it (Allow Use by an AI Agent is off). Nothing was sent. Tell the user what you wanted to do instead.`;
	}
	const verification = resource === 'externalTransfer' && operation === 'create' ? this.getNodeParameter('verification', itemIndex, 'verify') : undefined;
	if (verification === 'skip' || (verification === 'verify' && this.getNodeParameter('proceedOn', itemIndex, 'match') === 'any')) {
		return 'Refused: an AI agent may not skip the payee verification of a transfer. Nothing was sent.';
	}
	// A proof token says a check was made, not that it matched: as a tool the node checks the name itself.
	if (verification === 'token') {
		return 'Refused: an AI agent may not pay on a proof token; this workflow\'s author must set Payee Verification to "Verify the Beneficiary’s Name", so that the node checks the payee itself. Nothing was sent.';
	}
	// Last, once every other check passed: the call counts toward the execution's total only when it is let through.
	const limits = this.getNodeParameter('aiAgentLimits', itemIndex, {}) as Limits;
	return limitRefusal.call(this, resource, operation, itemIndex, { id: 'agent', limits, who: 'an AI agent', unit: 'call', where: '', boundedSubscriptionsOnly: true });
}
