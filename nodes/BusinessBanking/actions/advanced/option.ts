import type { IExecuteFunctions } from 'n8n-workflow';

import { nodeVersion } from '../versions';

/**
 * Where a developer's switch of an operation is stored (advanced/fields.ts lists them): in its
 * Options on version 1, in its Advanced collection from version 2 on.
 */
export function advancedOptionPath(context: IExecuteFunctions, name: string): string {
	return `${switchesCollectionOf(nodeVersion(context))}.${name}`;
}

/** The collection that holds the developer's switches at a node version (the trigger's signature settings too). */
export const switchesCollectionOf = (version: number): 'options' | 'advanced' => (version >= 2 ? 'advanced' : 'options');

/** Its label as the editor shows it, for messages: "Options › Idempotency Key" or "Advanced › Idempotency Key". */
export function advancedOptionLabel(context: IExecuteFunctions, label: string): string {
	return `${switchesCollectionOf(nodeVersion(context)) === 'advanced' ? 'Advanced' : 'Options'} › ${label}`;
}

/** A developer's switch of this item, read where the node's version keeps it. */
export function advancedOption(context: IExecuteFunctions, name: string, itemIndex: number, fallback: unknown): unknown {
	return context.getNodeParameter(advancedOptionPath(context, name), itemIndex, fallback as object);
}
