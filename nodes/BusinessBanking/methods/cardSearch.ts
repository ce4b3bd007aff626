import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { apiRequest } from '../transport';

interface CardPage {
	cards?: Array<{ id: string; nickname?: string; last_digits?: string; status?: string; card_type?: string }>;
	meta?: { next_page?: number | null };
}

/** "From List" of the card picker: a page of cards, matched on nickname or last digits. */
export async function searchCards(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const qs = { page: Number(paginationToken) || 1, per_page: 100 };
	const response = (await apiRequest.call(this, 'GET', '/v2/cards', { qs })) as CardPage;
	const search = (filter ?? '').trim().toLowerCase();
	const cards = (response.cards ?? []).filter(
		(card) => !search || (card.nickname ?? '').toLowerCase().includes(search) || (card.last_digits ?? '').includes(search),
	);
	return {
		results: cards.map((card) => ({
			name: `${card.nickname ?? card.id} · •••• ${card.last_digits ?? ''} · ${card.card_type ?? ''} · ${card.status ?? ''}`,
			value: card.id,
		})),
		paginationToken: response.meta?.next_page ? String(response.meta.next_page) : undefined,
	};
}
