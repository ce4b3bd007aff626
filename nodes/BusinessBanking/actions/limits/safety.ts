import type { IExecuteFunctions } from 'n8n-workflow';

import { holdsExpression } from '../../n8n/runContext';
import { limitRefusal, type Limits } from './check';

/**
 * Why this item breaks the node's Safety Limits, or undefined. The limits are the author's: a
 * stored value holding an expression (a workflow imported or edited by hand) would let the input
 * set them, so the item is refused instead. `stored` is the raw parameter, read once per run by the router.
 */
export function safetyLimitRefusal(this: IExecuteFunctions, resource: string, operation: string, itemIndex: number, stored: unknown): string | undefined {
	if (stored === undefined) return undefined;
	// n8n drops the "=" of an expression in a field that takes none, leaving its "{{ … }}" as text.
	if (holdsExpression(stored) || JSON.stringify(stored).includes('{{')) {
		return 'Refused: the Safety Limits hold an expression; they must be fixed values set by the workflow’s author, so that no input can change them. Nothing was sent.';
	}
	const limits = this.getNodeParameter('safetyLimits', itemIndex, {}) as Limits;
	return limitRefusal.call(this, resource, operation, itemIndex, { id: 'safety', limits, who: 'this node', unit: 'item', where: ' (Safety Limits)', boundedSubscriptionsOnly: false });
}
