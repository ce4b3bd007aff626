import { z } from 'zod/v3';

import { ApiError } from './errors';

/** The `meta` object every list answers with (docs/assumptions.md: pagination). */
export interface PageMeta {
	current_page: number;
	next_page: number | null;
	prev_page: number | null;
	total_pages: number;
	total_count: number;
	per_page: number;
}

export interface Page<T> {
	items: T[];
	meta: PageMeta;
}

export const MAX_PER_PAGE = 100;

/** page (from 1) and per_page (1 to 100, default 100) as zod fields, for lists that answer a bad value with 422. */
export const pageQueryFields = {
	page: z.coerce.number().int().min(1).default(1),
	per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(MAX_PER_PAGE),
};

function pageNumber(value: string | undefined, name: string, fallback: number, max?: number): number {
	if (value === undefined) return fallback;
	const n = Number(value);
	if (!Number.isInteger(n) || n < 1 || (max !== undefined && n > max)) {
		throw ApiError.single(400, 'invalid_parameter', `${name} must be an integer from 1${max ? ` to ${max}` : ''}`);
	}
	return n;
}

/** page and per_page read from a query string, for lists that answer a bad value with 400 invalid_parameter. */
export function pageParams(raw: { page?: string; per_page?: string }): { page: number; perPage: number } {
	return { page: pageNumber(raw.page, 'page', 1), perPage: pageNumber(raw.per_page, 'per_page', MAX_PER_PAGE, MAX_PER_PAGE) };
}

/**
 * One page of `all` (already filtered and sorted) and its meta. An empty list still has one page,
 * unless `emptyHasNoPages` (the clients list answers total_pages 0 for no clients).
 */
export function paginate<T>(all: T[], page: number, perPage: number, options: { emptyHasNoPages?: boolean } = {}): Page<T> {
	const pages = Math.ceil(all.length / perPage);
	const totalPages = options.emptyHasNoPages ? pages : Math.max(1, pages);
	const start = (page - 1) * perPage;
	return {
		items: all.slice(start, start + perPage),
		meta: {
			current_page: page,
			next_page: page < totalPages ? page + 1 : null,
			prev_page: page > 1 ? page - 1 : null,
			total_pages: totalPages,
			total_count: all.length,
			per_page: perPage,
		},
	};
}
