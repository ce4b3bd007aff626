import { SEED } from '../../sandbox/core/seed';
import { cardsOf, seededCardId } from '../../sandbox/modules/cards';
import { connectedCredential } from '../helpers/engine/connectedCredential';
import { CredentialStore } from '../helpers/engine/credentialStore';
import { runListSearch } from '../helpers/engine/editor';
import { runNode } from '../helpers/engine/runNode';
import { clearSeenRequests, seenRequests } from '../helpers/engine/sandboxControls';
import { recordEvents, useTestSandbox } from '../helpers/sandbox';

const card = (operation: string, parameters: Record<string, unknown> = {}) => ({ parameters: { resource: 'card', operation, ...parameters } });
const restrict = (id: string, restrictions: Record<string, unknown>) => card('updateRestrictions', { cardId: { mode: 'id', value: id }, restrictions });

describe('Business Banking node, Card resource (n8n engine → sandbox over HTTP)', () => {
	const sandbox = useTestSandbox();
	const events = recordEvents(sandbox);
	beforeEach(() => clearSeenRequests(sandbox));

	it('Update Restrictions sends both lists and outputs the unwrapped card; the card changed and v1/cards was emitted', async () => {
		const id = seededCardId('fr', 1);
		const { items, error } = await runNode({ sandbox, node: restrict(id, { activeDays: [1, 2, 3, 4, 5], categories: ['transport', 'hotel_and_lodging'] }) });
		expect(error).toBeUndefined();
		const [patched] = await seenRequests(sandbox, { method: 'PATCH', path: `/v2/cards/${id}/restrictions` });
		expect(patched.body).toEqual({ card: { active_days: [1, 2, 3, 4, 5], categories: ['transport', 'hotel_and_lodging'] } });
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ id, active_days: [1, 2, 3, 4, 5], categories: ['transport', 'hotel_and_lodging'], status: 'active' });
		expect(cardsOf(sandbox.ctx).get(SEED.organizations.fr, id)?.active_days).toEqual([1, 2, 3, 4, 5]);
		expect(events.map((event) => [event.type, (event.data as { id: string }).id])).toEqual([['v1/cards', id]]);
	});

	it('sends only the restriction added; an emptied Categories lifts the limit', async () => {
		const id = seededCardId('fr', 2);
		const { items } = await runNode({ sandbox, node: restrict(id, { categories: [] }) });
		const [patched] = await seenRequests(sandbox, { method: 'PATCH', path: `/v2/cards/${id}/restrictions` });
		expect(patched.body).toEqual({ card: { categories: [] } });
		expect(items[0].json).toMatchObject({ categories: [], active_days: [1, 2, 3, 4, 5, 6, 7] });
	});

	it('takes weekdays from an expression (“6, 7”)', async () => {
		const id = seededCardId('fr', 3);
		const { items, error } = await runNode({ sandbox, node: restrict(id, { activeDays: '={{ "6, 7" }}' }) });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ status: 'pending', active_days: [6, 7] });
	});

	it.each([
		[{}, 'Item 0: Restrictions (restrictions) needs Active Days, Categories or both'],
		[{ activeDays: [] }, 'Item 0: Restrictions → Active Days (active_days) must hold at least one day (a card with no active day cannot be used)'],
		[{ activeDays: '={{ [1, 8] }}' }, 'Item 0: Restrictions › Active Days (restrictions.activeDays) must hold only 1, 2, 3, 4, 5, 6, 7, got 8'],
		[{ activeDays: '={{ [2, 2] }}' }, 'Item 0: Restrictions → Active Days (active_days) must not repeat a day'],
		[{ categories: '={{ ["casino"] }}' }, expect.stringContaining('Item 0: Restrictions › Categories (restrictions.categories) must hold only food_and_grocery,')],
	])('refuses %j before any request', async (restrictions, message) => {
		const { error } = await runNode({ sandbox, node: restrict(seededCardId('fr', 1), restrictions) });
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toEqual(message);
		expect(await seenRequests(sandbox, { path: '/v2/*' })).toHaveLength(0);
		expect(events).toHaveLength(0);
	});

	it('another organization’s card is the API’s 404', async () => {
		const { error } = await runNode({ sandbox, node: restrict(seededCardId('it', 1), { activeDays: [1] }) });
		expect(error?.name).toBe('NodeApiError');
		expect(error?.httpCode).toBe('404');
		expect(cardsOf(sandbox.ctx).get(SEED.organizations.it, seededCardId('it', 1))?.active_days).toEqual([1, 2, 3, 4, 5, 6, 7]);
	});

	it('Get outputs the card; the card search lists the organization’s cards and matches nickname or last digits', async () => {
		const id = seededCardId('fr', 2);
		const { items } = await runNode({ sandbox, node: card('get', { cardId: { mode: 'list', value: id } }) });
		expect(items.map((item) => item.json)).toEqual([expect.objectContaining({ id, card_type: 'virtual', nickname: 'Online subscriptions' })]);
		const credential = new CredentialStore(connectedCredential(sandbox));
		expect((await runListSearch(credential, 'searchCards')).results).toHaveLength(3);
		const found = await runListSearch(credential, 'searchCards', 'online');
		expect(found.results).toEqual([{ name: expect.stringContaining('Online subscriptions · •••• '), value: id }]);
		const byDigits = await runListSearch(credential, 'searchCards', String(cardsOf(sandbox.ctx).get(SEED.organizations.fr, id)?.last_digits));
		expect(byDigits.results.map((result) => result.value)).toEqual([id]);
	});
});
