import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { apiRequest } from '../transport';

/**
 * One page of a list endpoint for a "From List" picker: the page the pagination token names (the
 * first without one), its items, and the token of the next page when there is one. The context is
 * an argument rather than `this` so that callers can name the item type.
 */
export async function listPage<Item>(
	context: ILoadOptionsFunctions,
	path: string,
	itemsKey: string,
	paginationToken: string | undefined,
	perPage: number,
	qs: IDataObject = {},
): Promise<{ items: Item[]; paginationToken?: string }> {
	const page = Number(paginationToken) || 1;
	const response = (await apiRequest.call(context, 'GET', path, { qs: { page, per_page: perPage, ...qs } })) as IDataObject;
	const nextPage = (response.meta as { next_page?: number | null } | undefined)?.next_page;
	return { items: (response[itemsKey] as Item[] | undefined) ?? [], paginationToken: nextPage ? String(nextPage) : undefined };
}
