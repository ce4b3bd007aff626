import { tableOf } from './resources';
import type { OperationClass } from './types';

export type { OperationClass };

/**
 * What each operation does to the organization (read, write, moneyMoving; see OperationClass), as a
 * table derived from the operations' descriptors: the node (as an AI agent's tool), the docs
 * (docs/ai-agents.md, generated from it) and the tests read it. Change a class in the operation's
 * `descriptor`, not here.
 */
export const OPERATION_CLASSES: Record<string, Record<string, OperationClass>> = tableOf((descriptor) => descriptor.class);

/** The class of an operation; an operation missing from the table is treated as money-moving. */
export function classOf(resource: string, operation: string): OperationClass {
	return OPERATION_CLASSES[resource]?.[operation] ?? 'moneyMoving';
}
