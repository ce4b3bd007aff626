import type { IExecuteFunctions } from 'n8n-workflow';

import { runsAsAiTool } from '../../n8n/toolVariant';
import { AMOUNT_PATTERN } from '../../../shared/schemas/money';
import { classOf } from '../operationClasses';
import { reserveWithin } from './executionTotals';
import { AMOUNT_PARAMETERS, BENEFICIARY_PARAMETERS } from './fields';

export { runsAsAiTool };

/** a ≤ b for amount strings (AMOUNT_PATTERN: no sign, no leading zero), digit by digit, never as floats. */
function amountAtMost(a: string, b: string): boolean {
	const [aWhole, aFraction = ''] = a.split('.');
	const [bWhole, bFraction = ''] = b.split('.');
	if (aWhole.length !== bWhole.length) return aWhole.length < bWhole.length;
	if (aWhole !== bWhole) return aWhole < bWhole;
	const width = Math.max(aFraction.length, bFraction.length);
	return aFraction.padEnd(width, '0') <= bFraction.padEnd(width, '0');
}

function textOf(value: unknown): string {
	if (value && typeof value === 'object' && '__rl' in value) return String((value as { value?: unknown }).value ?? '').trim();
	return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
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
	const limits = this.getNodeParameter('aiAgentLimits', itemIndex, {}) as { maxAmountPerCall?: string; maxAmountPerExecution?: string; allowedBeneficiaryIds?: string };
	const max = String(limits.maxAmountPerCall ?? '').trim();
	for (const name of AMOUNT_PARAMETERS[resource]?.[operation] ?? []) {
		if (!max) break;
		const amount = textOf(this.getNodeParameter(name, itemIndex, ''));
		if (!AMOUNT_PATTERN.test(max)) return `Refused: the author's Max Amount per Call ("${max}") is not an amount, so no amount can be checked against it. Nothing was sent.`;
		if (!AMOUNT_PATTERN.test(amount) || !amountAtMost(amount, max)) {
			return `Refused: the amount ${amount || '(none)'} is above the ${max} this workflow's author allows an AI agent per call. Nothing was sent.`;
		}
	}
	const beneficiaryParameter = BENEFICIARY_PARAMETERS[resource]?.[operation];
	const allowed = String(limits.allowedBeneficiaryIds ?? '')
		.split(',')
		.map((id) => id.trim())
		.filter(Boolean);
	if (beneficiaryParameter && allowed.length > 0) {
		const beneficiary = textOf(this.getNodeParameter(beneficiaryParameter, itemIndex, ''));
		if (!allowed.includes(beneficiary)) {
			return `Refused: beneficiary ${beneficiary || '(none)'} is not one this workflow's author allows an AI agent to pay. Nothing was sent.`;
		}
	}
	const verification = resource === 'externalTransfer' && operation === 'create' ? this.getNodeParameter('verification', itemIndex, 'verify') : undefined;
	if (verification === 'skip' || (verification === 'verify' && this.getNodeParameter('proceedOn', itemIndex, 'match') === 'any')) {
		return 'Refused: an AI agent may not skip the payee verification of a transfer. Nothing was sent.';
	}
	// Last, once every other check passed: the call counts toward the execution's total only when it is let through.
	const maxTotal = String(limits.maxAmountPerExecution ?? '').trim();
	const [amountParameter] = AMOUNT_PARAMETERS[resource]?.[operation] ?? [];
	if (maxTotal && amountParameter) {
		const amount = textOf(this.getNodeParameter(amountParameter, itemIndex, ''));
		if (!AMOUNT_PATTERN.test(maxTotal)) return `Refused: the author's Max Amount per Execution ("${maxTotal}") is not an amount. Nothing was sent.`;
		if (!AMOUNT_PATTERN.test(amount)) return `Refused: the amount ${amount || '(none)'} is not an amount this workflow's author's limits can be checked against. Nothing was sent.`;
		const reserved = reserveWithin(`${this.getExecutionId()}:${this.getNode().id}`, amount, maxTotal);
		if (!reserved.ok) {
			return `Refused: ${amount} more would take this execution past the ${maxTotal} this workflow's author allows an AI agent in one execution (${reserved.spent} already). Nothing was sent.`;
		}
	}
	return undefined;
}
