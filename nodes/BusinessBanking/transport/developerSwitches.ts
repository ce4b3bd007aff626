import type { IExecuteFunctions } from 'n8n-workflow';

/*
 * Where a developer's switch of an operation is stored (actions/advanced/fields.ts lists them): in its
 * Options on version 1, in its Advanced collection from version 2 on. The rule lives here, below the
 * actions, because transport reads switches of its own (the idempotency key, the write memory's) by
 * it as the operations do.
 */

/** The collection that holds the developer's switches at a node version (the trigger's signature settings too). */
export const switchesCollectionOf = (version: number): 'options' | 'advanced' => (version >= 2 ? 'advanced' : 'options');

/** The collection that holds the developer's switches of the node being run. */
const switchesCollection = (context: IExecuteFunctions): 'options' | 'advanced' => switchesCollectionOf(context.getNode().typeVersion);

/** A developer's switch's path, where the node's version keeps it: `options.name` or `advanced.name`. */
export function advancedOptionPath(context: IExecuteFunctions, name: string): string {
	return `${switchesCollection(context)}.${name}`;
}

/** Its label as the editor shows it, for messages: "Options › Idempotency Key" or "Advanced › Idempotency Key". */
export function advancedOptionLabel(context: IExecuteFunctions, label: string): string {
	return `${switchesCollection(context) === 'advanced' ? 'Advanced' : 'Options'} › ${label}`;
}

/** A developer's switch of this item, read where the node's version keeps it. */
export function advancedOption(context: IExecuteFunctions, name: string, itemIndex: number, fallback: unknown): unknown {
	return context.getNodeParameter(advancedOptionPath(context, name), itemIndex, fallback as object);
}
