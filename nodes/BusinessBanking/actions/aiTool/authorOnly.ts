import type { IExecuteFunctions } from 'n8n-workflow';

import { holdsExpression } from '../../n8n/runContext';

/**
 * The parameters of a money-moving tool that only the workflow's author may set: the leave, the
 * limits, the payee check's settings, the idempotency key and the proof token. An expression there
 * would let the data or the model choose them: `$fromAI` hands the value to the model, and any
 * `{{ … }}` reads text that whoever writes bank data can write. The editor offers no expression on
 * the leave and limits (noDataExpression), but a workflow imported or edited by hand can still hold
 * one, so the stored value is read as saved (the node's raw parameters) before n8n resolves it.
 * (n8n 2.x drops the "=" of an expression in a noDataExpression field, which leaves inert text that
 * is no leave and no limit, but keeps it on a lone `$fromAI(…)` so that the model fills it: that is
 * what this check catches; n8n 1.x keeps every expression.)
 */
export const AUTHOR_ONLY_PARAMETERS: Array<{ path: string; label: string }> = [
	{ path: 'allowAiAgentUse', label: 'Allow Use by an AI Agent' },
	{ path: 'allowAiAgentIssuing', label: 'Allow an AI Agent to Issue Invoices' },
	{ path: 'aiAgentLimits', label: 'AI Agent Limits' },
	{ path: 'verification', label: 'Payee Verification' },
	{ path: 'proceedOn', label: 'Proceed When' },
	{ path: 'vopProofToken', label: 'Proof Token' },
	{ path: 'options.idempotencyKey', label: 'Options › Idempotency Key' },
	// Version 2 keeps the developer's switches under Advanced (actions/advanced).
	{ path: 'advanced.idempotencyKey', label: 'Advanced › Idempotency Key' },
];

/** The value stored at `path` of the node's raw parameters; an expression met on the way (a whole collection as one) is that value. */
function storedAt(parameters: unknown, path: string): unknown {
	let value = parameters;
	for (const key of path.split('.')) {
		if (typeof value === 'string' || !value || typeof value !== 'object') return value === parameters ? undefined : value;
		value = (value as Record<string, unknown>)[key];
	}
	return value;
}

/** The label of the first author-only parameter whose stored value is an expression, or undefined. */
export function authorOnlyExpression(context: IExecuteFunctions): string | undefined {
	const parameters = context.getNode().parameters;
	return AUTHOR_ONLY_PARAMETERS.find(({ path }) => holdsExpression(storedAt(parameters, path)))?.label;
}
