import { NodeOperationError, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { holdsExpression } from '../../n8n/runContext';
import { advancedOption, advancedOptionLabel, advancedOptionPath } from '../developerSwitches';

/**
 * The author's settings of the write memory (madeOnce.ts), in each operation's Options. Seven days
 * by default: a run that failed on a Friday evening and is retried on Monday morning (or after a
 * long weekend) still finds what it made; n8n keeps executions 14 days by default, so the
 * execution a repeat names can still be opened.
 */
export const DEFAULT_REMEMBER_DAYS = 7;

export const rememberForField: INodeProperties = {
	displayName: 'Remember Made Items For (Days)',
	name: 'rememberDays',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 366 },
	default: DEFAULT_REMEMBER_DAYS,
	noDataExpression: true,
	description:
		'How long this node remembers what it made. Running the same input again within this time (a retry, Retry execution, a re-run) makes nothing new: it outputs what was made, marked _madeEarlier. After it, the same content is made again.',
};

export const makeAgainField: INodeProperties = {
	displayName: 'Make Again Even If Made Before',
	name: 'makeAgain',
	type: 'boolean',
	default: false,
	noDataExpression: true,
	description:
		'Whether this run makes it again although the same one (same content) was made before. For paying the same thing twice on purpose; a retry of this execution then pays again too, so a distinct reference or your own Idempotency Key is usually the better way.',
};

/** Both fields, for an operation's Options. */
export const memoryFields: INodeProperties[] = [makeAgainField, rememberForField];

/**
 * Whether to pay again is the author's call: an expression here would let the data (or a model,
 * through $fromAI) turn the memory off. The stored value is read as saved, before n8n resolves it.
 */
function refuseExpressions(context: IExecuteFunctions, itemIndex: number): void {
	for (const field of memoryFields) {
		// Remember … For is a developer's switch: under Advanced from version 2 on (actions/advanced).
		const [collection, name] = (field === rememberForField ? advancedOptionPath(context, field.name) : `options.${field.name}`).split('.');
		const values = context.getNode().parameters[collection];
		const stored = typeof values === 'object' && values !== null ? (values as Record<string, unknown>)[name] : values;
		if (!holdsExpression(stored)) continue;
		const label = field === rememberForField ? advancedOptionLabel(context, field.displayName) : `Options › ${field.displayName}`;
		throw new NodeOperationError(context.getNode(), `Item ${itemIndex}: ${label} holds an expression; it takes only a fixed value`, {
			itemIndex,
			description: 'Nothing was sent. Whether the node may make again what it made before is for the workflow’s author to set in the node, not for the data.',
		});
	}
}

export function memorySettings(context: IExecuteFunctions, itemIndex: number): { rememberMinutes: number; makeAgain: boolean } {
	refuseExpressions(context, itemIndex);
	const days = Number(advancedOption(context, 'rememberDays', itemIndex, DEFAULT_REMEMBER_DAYS));
	return {
		rememberMinutes: (Number.isFinite(days) && days > 0 ? days : DEFAULT_REMEMBER_DAYS) * 24 * 60,
		makeAgain: context.getNodeParameter('options.makeAgain', itemIndex, false) === true,
	};
}
