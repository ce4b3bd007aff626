import type { Collection } from './collection';
import { ApiError } from './errors';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The row `id` of the organization, or a 404 "`what` `id` not found". An id that is not a UUID
 * cannot name a row, so it is a 404 too (never a 400).
 */
export function findOwned<T extends { id: string }>(rows: Collection<T>, organizationId: string, id: string, what: string): T {
	const row = UUID.test(id) ? rows.get(organizationId, id) : undefined;
	if (!row) throw ApiError.notFound(`${what} ${id}`);
	return row;
}
