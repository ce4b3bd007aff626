import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listPage } from './listPage';

interface Card {
	id: string;
	nickname?: string;
	last_digits?: string;
	status?: string;
	card_type?: string;
}

/** "From List" of the card picker: a page of cards, matched on nickname or last digits. */
export async function searchCards(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const page = await listPage<Card>(this, '/v2/cards', 'cards', paginationToken, 100);
	const search = (filter ?? '').trim().toLowerCase();
	const cards = page.items.filter(
		(card) => !search || (card.nickname ?? '').toLowerCase().includes(search) || (card.last_digits ?? '').includes(search),
	);
	return {
		results: cards.map((card) => ({
			name: `${card.nickname ?? card.id} · •••• ${card.last_digits ?? ''} · ${card.card_type ?? ''} · ${card.status ?? ''}`,
			value: card.id,
		})),
		paginationToken: page.paginationToken,
	};
}
