import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listPage } from './listPage';

const PAGE_SIZE = 100;

interface Subscription {
	id: string;
	callback_url: string;
	description: string | null;
	types: string[];
}

/** "From List" of the webhook subscription picker: shown by description (or address) and events, matched on either. */
export async function searchWebhookSubscriptions(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const page = await listPage<Subscription>(this, '/v2/webhook_subscriptions', 'webhook_subscriptions', paginationToken, PAGE_SIZE);
	const search = (filter ?? '').trim().toLowerCase();
	const label = (s: Subscription) => `${s.description || s.callback_url} (${s.types.length} event${s.types.length === 1 ? '' : 's'})`;
	return {
		results: page.items
			.filter((s) => !search || label(s).toLowerCase().includes(search) || s.callback_url.toLowerCase().includes(search))
			.map((s) => ({ name: label(s), value: s.id })),
		paginationToken: page.paginationToken,
	};
}
