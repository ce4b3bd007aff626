import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';
import type { z } from 'zod/v3';

/**
 * Checks the body about to be sent with the shared zod schema, before any request. The first
 * problem becomes the message, naming the item and the field (with its label in the node when
 * `labels` knows it); every problem is listed in the description.
 */
export function validateBody<Schema extends z.ZodTypeAny>(
	this: IExecuteFunctions,
	schema: Schema,
	body: unknown,
	itemIndex: number,
	labels: Record<string, string> = {},
): z.output<Schema> {
	const result = schema.safeParse(body);
	if (result.success) return result.data;
	const problems = result.error.issues.map((issue) => {
		const field = issue.path.join('.');
		const label = labels[field] ?? labels[issue.path.filter((part) => typeof part === 'string').join('.')];
		const name = !field ? 'the input' : label ? `${label} (${field})` : field;
		return `${name} ${issue.message}`;
	});
	throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: ${problems[0]}`, {
		itemIndex,
		description: problems.length > 1 ? `All problems of this item:\n${problems.join('\n')}` : undefined,
	});
}
