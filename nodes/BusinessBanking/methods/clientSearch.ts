import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listPage } from './listPage';

const PAGE_SIZE = 50;

interface Client {
	id: string;
	name?: string;
	email?: string | null;
}

/**
 * "From List" of the client picker: clients by name, a page at a time. The API filters names from 2
 * characters on, so a 1-character search lists everyone.
 */
export async function searchClients(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const qs: Record<string, string> = { sort_by: 'name:asc' };
	const search = filter?.trim() ?? '';
	if (search.length >= 2) qs['filter[name]'] = search;
	const page = await listPage<Client>(this, '/v2/clients', 'clients', paginationToken, PAGE_SIZE, qs);
	return {
		results: page.items.map((client) => ({
			name: client.email ? `${client.name ?? client.id} (${client.email})` : (client.name ?? client.id),
			value: client.id,
		})),
		paginationToken: page.paginationToken,
	};
}
