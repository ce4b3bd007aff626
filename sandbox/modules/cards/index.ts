import { z } from 'zod/v3';

import { ApiError } from '../../core/errors';
import { organizationId } from '../../core/guard';
import { findOwned } from '../../core/lookup';
import { pageQueryFields, paginate } from '../../core/pagination';
import type { SandboxModule } from '../../module';
import { cardRestrictionsRequestSchema } from '../../../nodes/shared/schemas/card';
import { parseBody } from '../transfers/parse';
import { seedCards } from './seed';
import { cardsOf } from './store';

export { cardsOf, type Card } from './store';
export { seededCardId } from './seed';

/** The spec names no read scope for cards: reading needs the write scope too. */
const SCOPE = 'cards.write';

const listQuerySchema = z.object({
	...pageQueryFields,
	'filter[status]': z.enum(['pending', 'active']).optional(),
});

/**
 * Cards: PATCH /v2/cards/{id}/restrictions (emits v1/cards), and the reads a user needs to pick a
 * card: GET /v2/cards (page, per_page, filter[status]) and GET /v2/cards/{id}. Seeded per
 * organization. Simulation control: POST /sandbox/cards/{id}/activate (pending → active, emits v1/cards).
 */
export const cardsModule: SandboxModule = {
	name: 'cards',
	register(app, ctx) {
		const cards = cardsOf(ctx);
		// Seeded after the core seed: each card debits its organization's main account.
		ctx.onReset(() => cards.clear(), () => seedCards(ctx));

		const find = (orgId: string, id: string) => findOwned(cards, orgId, id, 'Card');

		app.patch<{ Params: { id: string } }>('/v2/cards/:id/restrictions', { config: { scope: SCOPE } }, async (request) => {
			const orgId = organizationId(request);
			const card = find(orgId, request.params.id);
			const input = parseBody(cardRestrictionsRequestSchema, request.body).card;
			const updated = cards.update(orgId, card.id, {
				...card,
				// Days kept in week order whatever order they came in.
				active_days: input.active_days ? [...input.active_days].sort((a, b) => a - b) : card.active_days,
				categories: input.categories ?? card.categories,
				updated_at: ctx.clock.now().toISOString(),
			});
			ctx.events.emit('v1/cards', orgId, updated);
			return { card: updated };
		});

		app.get<{ Params: { id: string } }>('/v2/cards/:id', { config: { scope: SCOPE } }, async (request) => ({
			card: find(organizationId(request), request.params.id),
		}));

		app.get('/v2/cards', { config: { scope: SCOPE } }, async (request) => {
			const parsed = listQuerySchema.safeParse(request.query ?? {});
			if (!parsed.success) throw ApiError.fromZod(parsed.error, '');
			const query = parsed.data;
			const all = cards
				.list(organizationId(request))
				.filter((card) => !query['filter[status]'] || card.status === query['filter[status]'])
				.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
			const { items, meta } = paginate(all, query.page, query.per_page);
			return { cards: items, meta };
		});

		app.post<{ Params: { id: string } }>('/sandbox/cards/:id/activate', async (request) => {
			const found = cards.find(request.params.id);
			if (!found) throw ApiError.notFound(`Card ${request.params.id}`);
			if (found.row.status !== 'pending') throw ApiError.single(409, 'invalid_state', `The card is already ${found.row.status}`);
			const now = ctx.clock.now().toISOString();
			const active = cards.update(found.organizationId, found.row.id, { ...found.row, status: 'active', pin_set: true, updated_at: now });
			ctx.events.emit('v1/cards', found.organizationId, active);
			return { card: active };
		});
	},
};
