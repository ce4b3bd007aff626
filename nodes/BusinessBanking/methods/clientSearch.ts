import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { apiRequest } from '../transport';

const PAGE_SIZE = 50;

interface ClientPage {
	clients?: Array<{ id: string; name?: string; email?: string | null }>;
	meta?: { next_page?: number | null };
}

/**
 * "From List" of the client picker: clients by name, a page at a time. The API filters names from 2
 * characters on, so a 1-character search lists everyone.
 */
export async function searchClients(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const qs: Record<string, string | number> = { page: Number(paginationToken) || 1, per_page: PAGE_SIZE, sort_by: 'name:asc' };
	const search = filter?.trim() ?? '';
	if (search.length >= 2) qs['filter[name]'] = search;
	const response = (await apiRequest.call(this, 'GET', '/v2/clients', { qs })) as ClientPage;
	return {
		results: (response.clients ?? []).map((client) => ({
			name: client.email ? `${client.name ?? client.id} (${client.email})` : (client.name ?? client.id),
			value: client.id,
		})),
		paginationToken: response.meta?.next_page ? String(response.meta.next_page) : undefined,
	};
}
