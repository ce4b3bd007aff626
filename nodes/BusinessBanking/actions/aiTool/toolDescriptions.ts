import type { INodeProperties } from 'n8n-workflow';

import { OPERATION_CLASSES, type OperationClass } from '../operationClasses';
import { OPERATIONS } from '../resources';
import { onToolVariantOnly } from '../../n8n/toolVariant';
import { fromVersion2, onlyVersion1 } from '../versions';

/**
 * What an AI agent's model reads about each operation when the node is its tool, keyed
 * "resource.operation": each operation's `descriptor.toolDescription` (write it there). The class
 * sentence is added from its class (below), so a money-moving operation always carries its caution.
 */
export const TOOL_DESCRIPTIONS: Record<string, string> = Object.fromEntries(
	OPERATIONS.map(({ resource, operation, descriptor }) => [`${resource}.${operation}`, descriptor.toolDescription]),
);
/** The texts a version-2 tool's model reads where they differ from version 1's (`descriptor.toolDescriptionV2`). */
export const TOOL_DESCRIPTIONS_V2: Record<string, string> = Object.fromEntries(
	OPERATIONS.flatMap(({ resource, operation, descriptor }) => (descriptor.toolDescriptionV2 ? [[`${resource}.${operation}`, descriptor.toolDescriptionV2]] : [])),
);

/** The sentence each class adds; the money-moving one tells the model why a call may be refused. */
export const CLASS_SENTENCES: Record<OperationClass, string> = {
	read: 'Read-only: changes nothing.',
	write: 'Changes records (moves no money; can be changed back).',
	moneyMoving:
		'Moves money, decides who gets paid or cannot be undone: needs a person’s approval, and is refused unless the workflow’s author allowed an AI agent to run it on this node; a refusal says why and nothing is sent.',
};

/** The description the model reads for one operation of a node version: the table's text and its class' sentence. */
export function toolDescriptionOf(resource: string, operation: string, version = 1): string {
	const text = (version >= 2 ? TOOL_DESCRIPTIONS_V2[`${resource}.${operation}`] : undefined) ?? TOOL_DESCRIPTIONS[`${resource}.${operation}`];
	const kind = OPERATION_CLASSES[resource]?.[operation];
	if (!text || !kind) throw new Error(`No tool description for ${resource}.${operation}`);
	return `${text} ${CLASS_SENTENCES[kind]}`;
}

/**
 * n8n's "Description" field of the tool, one per operation, shown only on the node's `…Tool`
 * variant ('@tool'): its default is the operation's description, so that is what the model reads
 * until the author writes another. n8n adds its own generic field only when a node has none.
 */
export function toolDescriptionFields(): INodeProperties[] {
	return Object.entries(OPERATION_CLASSES).flatMap(([resource, operations]) =>
		Object.keys(operations).flatMap((operation) => {
			const field = (version: number): INodeProperties => ({
				displayName: 'Tool Description',
				name: 'toolDescription',
				type: 'string',
				default: toolDescriptionOf(resource, operation, version),
				typeOptions: { rows: 4 },
				displayOptions: onToolVariantOnly({ resource: [resource], operation: [operation] }),
				description: 'What the AI agent’s model reads about this tool: what it does, what it needs, what it returns. Left empty, n8n falls back to its generic one: the operation’s name followed by “in Business Banking”.',
			});
			// A saved tool keeps reading the text of its version (its default is not saved).
			return TOOL_DESCRIPTIONS_V2[`${resource}.${operation}`] ? [...onlyVersion1([field(1)]), ...fromVersion2([field(2)])] : [field(1)];
		}),
	);
}
