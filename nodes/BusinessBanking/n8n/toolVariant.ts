import type { IDisplayOptions, IExecuteFunctions } from 'n8n-workflow';

/*
 * Assumption: n8n gives a `usableAsTool` node to an AI agent as a generated node type whose name is
 * the node's own name + 'Tool' (n8n-workflow's convertNodeToAiTool), and a parameter shown with
 * `'@tool': [true]` is shown on that variant only (n8n-workflow's displayParameter).
 * Guarded by test/n8n/toolVariant.test.ts, on every n8n of the matrix.
 */

/** Whether a node type is the `…Tool` variant n8n generates for an AI agent. */
export function isToolType(type: string): boolean {
	return type.endsWith('Tool');
}

/** Whether this run is the node as an AI agent's tool (n8n runs it as its `…Tool` variant). */
export function runsAsAiTool(context: IExecuteFunctions): boolean {
	return isToolType(context.getNode().type);
}

/** Display options that show a parameter on the `…Tool` variant only, under `show`'s other conditions. */
export function onToolVariantOnly(show: NonNullable<IDisplayOptions['show']>): IDisplayOptions {
	return { show: { '@tool': [true], ...show } };
}
