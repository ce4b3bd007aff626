import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import { apiRequest } from './request';
import type { ApiContext, ApiRequestOptions } from './types';

/** The API's largest page. */
export const MAX_PER_PAGE = 100;

interface ListPage {
	meta?: { next_page?: number | null };
	[itemsKey: string]: unknown;
}

/**
 * Every item of a paginated list (`page`/`per_page`, following `meta.next_page`), or the first
 * `limit` of them: then pages are no larger than needed and no page past the limit is fetched.
 */
export async function apiRequestAllItems(
	this: ApiContext,
	method: IHttpRequestMethods,
	path: string,
	itemsKey: string,
	qs: IDataObject = {},
	limit?: number,
	options: Omit<ApiRequestOptions, 'qs'> = {},
): Promise<IDataObject[]> {
	const perPage = limit === undefined ? MAX_PER_PAGE : Math.max(1, Math.min(MAX_PER_PAGE, limit));
	const items: IDataObject[] = [];
	let page: number | null | undefined = 1;
	while (page) {
		const response = (await apiRequest.call(this, method, path, { ...options, qs: { ...qs, page, per_page: perPage } })) as ListPage;
		const pageItems = (response[itemsKey] as IDataObject[] | undefined) ?? [];
		items.push(...pageItems);
		if (limit !== undefined && items.length >= limit) return items.slice(0, limit);
		page = pageItems.length > 0 ? response.meta?.next_page : null;
	}
	return items;
}
