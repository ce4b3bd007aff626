import { SEED } from '../../sandbox/core/seed';
import { cardsOf, seededCardId } from '../../sandbox/modules/cards';
import { CARD_CATEGORIES } from '../../nodes/shared/schemas/card';
import { recordEvents, useTestSandbox } from '../helpers/sandbox';

/** Every field of the spec's card response. */
const CARD_FIELDS = [
	'id', 'nickname', 'embossed_name', 'status', 'pin_set', 'mask_pan', 'exp_month', 'exp_year', 'last_activity_at',
	'last_digits', 'ship_to_business', 'atm_option', 'nfc_option', 'online_option', 'foreign_option', 'atm_monthly_limit',
	'atm_monthly_spent', 'atm_daily_limit', 'atm_daily_spent', 'atm_daily_limit_option', 'payment_monthly_limit',
	'payment_monthly_spent', 'payment_daily_limit', 'payment_daily_spent', 'payment_daily_limit_option',
	'payment_transaction_limit', 'payment_transaction_limit_option', 'active_days', 'holder_id', 'initiator_id',
	'bank_account_id', 'organization_id', 'updated_at', 'created_at', 'shipped_at', 'card_type', 'card_level',
	'payment_lifespan_limit', 'payment_lifespan_spent', 'pre_expires_at', 'categories', 'renewed', 'renewal',
	'parent_card_summary', 'had_operation', 'had_pin_operation', 'card_design', 'type_of_print', 'upsold', 'upsell',
	'discard_on', 'reordered', 'has_only_user_liftable_locks',
];
const INTEGER_FIELDS = CARD_FIELDS.filter((f) => /_(limit|spent)$/.test(f));
const OPTION_FIELDS = CARD_FIELDS.filter((f) => f.endsWith('_option'));

describe('cards (sandbox over loopback)', () => {
	const sandbox = useTestSandbox();
	const events = recordEvents(sandbox);

	const restrict = (id: string, body: unknown, org: keyof typeof SEED.organizations = 'fr') => sandbox.api(org).patch(`/v2/cards/${id}/restrictions`, body);

	it('seeds pending and active cards per organization with every field of the spec, typed as the spec says', async () => {
		for (const org of Object.keys(SEED.organizations) as Array<keyof typeof SEED.organizations>) {
			const response = await sandbox.api(org).get('/v2/cards');
			expect(response.status).toBe(200);
			const cards = response.data.cards as Array<Record<string, unknown>>;
			expect(cards.map((c) => c.status).sort()).toEqual(['active', 'active', 'pending']);
			for (const card of cards) {
				expect(Object.keys(card).sort()).toEqual([...CARD_FIELDS].sort());
				for (const field of INTEGER_FIELDS) expect([field, Number.isInteger(card[field])]).toEqual([field, true]);
				for (const field of OPTION_FIELDS) expect([field, typeof card[field]]).toEqual([field, 'boolean']);
				expect(card.organization_id).toBe(SEED.organizations[org]);
			}
		}
		const pending = await sandbox.api('fr').get('/v2/cards', { params: { 'filter[status]': 'pending' } });
		expect(pending.data.cards.map((c: { id: string }) => c.id)).toEqual([seededCardId('fr', 3)]);
		expect(pending.data.cards[0].shipped_at).toBeNull();
	});

	it('updates restrictions: days in week order, categories as sent; answers the whole card wrapped; emits v1/cards', async () => {
		const id = seededCardId('fr', 1);
		const response = await restrict(id, { card: { active_days: [5, 1, 3], categories: ['transport', 'restaurant_and_bar'] } });
		expect(response.status).toBe(200);
		const card = response.data.card;
		expect(Object.keys(card).sort()).toEqual([...CARD_FIELDS].sort());
		expect(card).toMatchObject({ id, active_days: [1, 3, 5], categories: ['transport', 'restaurant_and_bar'] });
		expect(cardsOf(sandbox.ctx).get(SEED.organizations.fr, id)).toEqual(card);
		expect(events).toEqual([expect.objectContaining({ type: 'v1/cards', organization_id: SEED.organizations.fr, data: card })]);
	});

	it('what is not sent keeps its value; an empty category list lifts the limit', async () => {
		const id = seededCardId('fr', 2);
		const before = cardsOf(sandbox.ctx).get(SEED.organizations.fr, id);
		expect(before?.categories).toEqual(['online_service']);
		const daysOnly = (await restrict(id, { card: { active_days: [1, 2, 3, 4, 5] } })).data.card;
		expect(daysOnly.categories).toEqual(['online_service']);
		const lifted = (await restrict(id, { card: { categories: [] } })).data.card;
		expect(lifted).toMatchObject({ categories: [], active_days: [1, 2, 3, 4, 5] });
	});

	it('a pending card can be restricted before activation', async () => {
		const response = await restrict(seededCardId('fr', 3), { card: { active_days: [6, 7] } });
		expect(response.status).toBe(200);
		expect(response.data.card).toMatchObject({ status: 'pending', active_days: [6, 7] });
	});

	it('accepts every documented category', async () => {
		const response = await restrict(seededCardId('fr', 1), { card: { categories: [...CARD_CATEGORIES] } });
		expect(response.status).toBe(200);
		expect(response.data.card.categories).toEqual([...CARD_CATEGORIES]);
	});

	it.each([
		[{}, '/card', 'Required'],
		[{ card: {} }, '/card', 'active_days, categories or both'],
		[{ card: { active_days: [] } }, '/card/active_days', 'at least one day'],
		[{ card: { active_days: [0] } }, '/card/active_days/0', '1 (Monday) to 7 (Sunday)'],
		[{ card: { active_days: [8] } }, '/card/active_days/0', '1 (Monday) to 7 (Sunday)'],
		[{ card: { active_days: [1.5] } }, '/card/active_days/0', 'whole numbers'],
		[{ card: { active_days: ['1'] } }, '/card/active_days/0', 'whole numbers'],
		[{ card: { active_days: [1, 1] } }, '/card/active_days', 'must not repeat'],
		[{ card: { active_days: 1 } }, '/card/active_days', 'list of weekday numbers'],
		[{ card: { categories: ['casino'] } }, '/card/categories/0', 'must be one of transport'],
		[{ card: { categories: ['transport', 'transport'] } }, '/card/categories', 'must not repeat'],
	])('refuses %j with a 422 naming %s', async (body, pointer, detail) => {
		const id = seededCardId('fr', 1);
		const response = await restrict(id, body);
		expect(response.status).toBe(422);
		const error = response.data.errors.find((e: { source: { pointer: string } }) => e.source.pointer === pointer);
		expect(error?.detail).toContain(detail);
		expect(cardsOf(sandbox.ctx).get(SEED.organizations.fr, id)?.active_days).toEqual([1, 2, 3, 4, 5, 6, 7]);
		expect(events).toHaveLength(0);
	});

	it('another organization’s card and unknown ids are 404s; the scope is cards.write', async () => {
		const body = { card: { active_days: [1] } };
		expect((await restrict(seededCardId('it', 1), body)).status).toBe(404);
		expect((await restrict('00000000-0000-4000-8000-000000000000', body)).status).toBe(404);
		expect((await sandbox.api('fr').get(`/v2/cards/${seededCardId('it', 1)}`)).status).toBe(404);
		expect((await sandbox.api('fr', ['organization.read']).patch(`/v2/cards/${seededCardId('fr', 1)}/restrictions`, body)).status).toBe(403);
	});

	it('the activate control moves pending → active once (emits v1/cards), then 409', async () => {
		const id = seededCardId('de', 3);
		const activated = await sandbox.http.post(`/sandbox/cards/${id}/activate`);
		expect(activated.status).toBe(200);
		expect(activated.data.card).toMatchObject({ id, status: 'active', pin_set: true });
		expect((await sandbox.api('de').get(`/v2/cards/${id}`)).data.card.status).toBe('active');
		expect(events).toEqual([expect.objectContaining({ type: 'v1/cards', organization_id: SEED.organizations.de })]);
		const again = await sandbox.http.post(`/sandbox/cards/${id}/activate`);
		expect(again.status).toBe(409);
		expect((await sandbox.http.post('/sandbox/cards/00000000-0000-4000-8000-000000000000/activate')).status).toBe(404);
	});
});
