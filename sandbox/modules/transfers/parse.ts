import type { z, ZodTypeAny } from 'zod/v3';

import { ApiError } from '../../core/errors';

/** Validates a request body with a shared schema; a failure is a 422 naming each field by pointer. */
export function parseBody<S extends ZodTypeAny>(schema: S, body: unknown, root = ''): z.output<S> {
	const parsed = schema.safeParse(body ?? {});
	if (!parsed.success) throw ApiError.fromZod(parsed.error, root);
	return parsed.data;
}
