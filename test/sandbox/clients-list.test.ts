import type { AxiosInstance } from 'axios';

import { SEED } from '../../sandbox/core/seed';
import { clientsOf } from '../../sandbox/modules/clients';
import { useTestSandbox } from '../helpers/sandbox';

type Client = { id: string; name: string; created_at: string; updated_at: string };

const MINUTE = 60 * 1000;

describe('GET /v2/clients: filters, sort, pagination', () => {
	const sandbox = useTestSandbox({}, { resetEachTest: false });
	let api: AxiosInstance;
	/** Created one sandbox minute apart, in this order (the DE organization, emptied first). */
	let created: Client[];

	beforeAll(async () => {
		clientsOf(sandbox.ctx)
			.list(SEED.organizations.de)
			.forEach((c) => clientsOf(sandbox.ctx).delete(SEED.organizations.de, c.id));
		const bodies = [
			{ kind: 'company', name: 'Zeta Logistik GmbH', email: 'Info@Zeta.example', vat_number: 'DE111111111', tax_identification_number: '11/111/11111' },
			{ kind: 'company', name: 'Éditions Côte d’Azur', email: 'contact@cote.example', vat_number: 'FR40303265045', tax_identification_number: '303265045' },
			{ kind: 'individual', first_name: 'Anna', last_name: 'Müller', email: 'anna@example.de' },
			{ kind: 'company', name: 'alpha Werke AG', email: 'mail@alpha.example', vat_number: 'DE222222222' },
			{ kind: 'company', name: 'Cotélac SARL', email: 'hello@cotelac.example' },
		];
		created = [];
		for (const body of bodies) {
			sandbox.ctx.clock.advance(MINUTE);
			const response = await sandbox.api('de').post('/v2/clients', body);
			expect(response.status).toBe(201);
			created.push(response.data.client);
		}
		// Touch the first one later: updated_at order differs from created_at order.
		sandbox.ctx.clock.advance(MINUTE);
		await sandbox.api('de').patch(`/v2/clients/${created[0].id}`, { email: 'info@zeta.example' });
		api = sandbox.api('de');
	});

	const names = (response: { data: { clients: Client[] } }) => response.data.clients.map((c) => c.name);
	const list = (params: Record<string, string | number>) => api.get('/v2/clients', { params });

	it('lists every client sorted by name ascending by default, accent- and case-insensitively, with meta', async () => {
		const response = await api.get('/v2/clients');
		expect(response.status).toBe(200);
		expect(names(response)).toEqual(['alpha Werke AG', 'Anna Müller', 'Cotélac SARL', 'Éditions Côte d’Azur', 'Zeta Logistik GmbH']);
		expect(response.data.meta).toEqual({ current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 5, per_page: 100 });
	});

	it.each([
		['name:asc', ['alpha Werke AG', 'Anna Müller', 'Cotélac SARL', 'Éditions Côte d’Azur', 'Zeta Logistik GmbH']],
		['name:desc', ['Zeta Logistik GmbH', 'Éditions Côte d’Azur', 'Cotélac SARL', 'Anna Müller', 'alpha Werke AG']],
		['created_at:asc', ['Zeta Logistik GmbH', 'Éditions Côte d’Azur', 'Anna Müller', 'alpha Werke AG', 'Cotélac SARL']],
		['created_at:desc', ['Cotélac SARL', 'alpha Werke AG', 'Anna Müller', 'Éditions Côte d’Azur', 'Zeta Logistik GmbH']],
		['updated_at:asc', ['Éditions Côte d’Azur', 'Anna Müller', 'alpha Werke AG', 'Cotélac SARL', 'Zeta Logistik GmbH']],
		['updated_at:desc', ['Zeta Logistik GmbH', 'Cotélac SARL', 'alpha Werke AG', 'Anna Müller', 'Éditions Côte d’Azur']],
	])('sorts by %s', async (sortBy, expected) => {
		expect(names(await list({ sort_by: sortBy }))).toEqual(expected);
	});

	it('refuses an unknown sort_by with 422', async () => {
		for (const sortBy of ['name', 'email:asc', 'created_at:up']) {
			const response = await list({ sort_by: sortBy });
			expect(response.status).toBe(422);
			expect(response.data.errors[0].source.pointer).toBe('/sort_by');
		}
	});

	it.each([
		['email', 'INFO@zeta.EXAMPLE', ['Zeta Logistik GmbH']],
		['vat_number', 'de222222222', ['alpha Werke AG']],
		['tax_identification_number', '303265045', ['Éditions Côte d’Azur']],
	])('filters %s exactly and case-insensitively', async (key, value, expected) => {
		expect(names(await list({ [`filter[${key}]`]: value }))).toEqual(expected);
		// Exact: a part of the value matches nothing.
		const partial = await list({ [`filter[${key}]`]: value.slice(0, -2) });
		expect(partial.data.clients).toEqual([]);
		expect(partial.data.meta.total_count).toBe(0);
	});

	it.each([
		['email', ['dupont@', '@zeta.example', 'info', 'not an address', 'INFO@zeta.EXAMPLE ', 'a@b@c', 'x'.repeat(300)]],
		['vat_number', ['DE', 'DE11111111', 'FR 40 303 265 045', '???', 'de111111111x']],
		['tax_identification_number', ['11/111', '3032', 'no such number', '303265045/']],
	])('answers 200 and an empty list to a %s no client can have (exact filters look for values, they do not check them)', async (key, values) => {
		for (const value of values) {
			const response = await list({ [`filter[${key}]`]: value });
			expect({ value, status: response.status, clients: response.data.clients, total: response.data.meta?.total_count }).toEqual({ value, status: 200, clients: [], total: 0 });
		}
	});

	it('filters name exactly or partially, ignoring case and accents', async () => {
		expect(names(await list({ 'filter[name]': 'cote' }))).toEqual(['Cotélac SARL', 'Éditions Côte d’Azur']);
		expect(names(await list({ 'filter[name]': 'ÉDITIONS CÔTE D’AZUR' }))).toEqual(['Éditions Côte d’Azur']);
		expect(names(await list({ 'filter[name]': 'muller' }))).toEqual(['Anna Müller']);
		expect(names(await list({ 'filter[name]': 'an' }))).toEqual(['Anna Müller']);
		expect((await list({ 'filter[name]': 'nobody here' })).data.clients).toEqual([]);
	});

	it('reads percent-encoded brackets (how HTTP clients usually send filter[…])', async () => {
		const response = await api.get('/v2/clients?filter%5Bname%5D=cote&sort_by=name%3Adesc');
		expect(names(response)).toEqual(['Éditions Côte d’Azur', 'Cotélac SARL']);
	});

	it('needs at least 2 characters in filter[name]', async () => {
		const response = await list({ 'filter[name]': 'a' });
		expect(response.status).toBe(422);
		expect(response.data.errors[0].source.pointer).toBe('/filter/name');
		expect(response.data.errors[0].detail).toContain('2');
	});

	it('filters an updated_at window with updated_at_from and updated_at_to', async () => {
		const from = created[1].updated_at;
		const to = created[3].updated_at;
		expect(names(await list({ 'filter[updated_at_from]': from, 'filter[updated_at_to]': to, sort_by: 'updated_at:asc' }))).toEqual([
			'Éditions Côte d’Azur',
			'Anna Müller',
			'alpha Werke AG',
		]);
		const afterCreation = new Date(Date.parse(created[4].updated_at) + 1).toISOString();
		expect(names(await list({ 'filter[updated_at_from]': afterCreation }))).toEqual(['Zeta Logistik GmbH']);
		const bad = await list({ 'filter[updated_at_from]': 'yesterday' });
		expect(bad.status).toBe(422);
		expect(bad.data.errors[0].source.pointer).toBe('/filter/updated_at_from');
	});

	it('combines filters', async () => {
		expect(names(await list({ 'filter[name]': 'co', 'filter[email]': 'hello@cotelac.example' }))).toEqual(['Cotélac SARL']);
	});

	describe('pagination', () => {
		let paged: AxiosInstance;
		beforeAll(async () => {
			const seeded = await sandbox.http.post('/sandbox/seed/clients', { organization_id: SEED.organizations.es, count: 25 });
			expect(seeded.status).toBe(201);
			paged = sandbox.api('es');
		});

		it('pages with page and per_page, and meta tells where it is', async () => {
			const total = clientsOf(sandbox.ctx).list(SEED.organizations.es).length;
			expect(total).toBe(27);
			const first = await paged.get('/v2/clients', { params: { per_page: 10 } });
			expect(first.data.clients).toHaveLength(10);
			expect(first.data.meta).toEqual({ current_page: 1, next_page: 2, prev_page: null, total_pages: 3, total_count: 27, per_page: 10 });
			const second = await paged.get('/v2/clients', { params: { per_page: 10, page: 2 } });
			expect(second.data.meta).toEqual({ current_page: 2, next_page: 3, prev_page: 1, total_pages: 3, total_count: 27, per_page: 10 });
			const last = await paged.get('/v2/clients', { params: { per_page: 10, page: 3 } });
			expect(last.data.clients).toHaveLength(7);
			expect(last.data.meta).toEqual({ current_page: 3, next_page: null, prev_page: 2, total_pages: 3, total_count: 27, per_page: 10 });
			const ids = [...first.data.clients, ...second.data.clients, ...last.data.clients].map((c: Client) => c.id);
			expect(new Set(ids).size).toBe(27);
			const beyond = await paged.get('/v2/clients', { params: { per_page: 10, page: 4 } });
			expect(beyond.data.clients).toEqual([]);
			expect(beyond.data.meta).toMatchObject({ current_page: 4, next_page: null, prev_page: 3 });
		});

		it('pages the filtered set', async () => {
			const response = await paged.get('/v2/clients', { params: { 'filter[name]': 'seeded client 000', per_page: 4, page: 2 } });
			expect(response.data.meta).toEqual({ current_page: 2, next_page: 3, prev_page: 1, total_pages: 3, total_count: 9, per_page: 4 });
			expect(response.data.clients.map((c: Client) => c.name)).toEqual(['Seeded client 0005', 'Seeded client 0006', 'Seeded client 0007', 'Seeded client 0008']);
		});

		it('accepts per_page 1 and 100 and refuses 0, 101, non-integers and page 0', async () => {
			expect((await paged.get('/v2/clients', { params: { per_page: 1 } })).data.meta.total_pages).toBe(27);
			expect((await paged.get('/v2/clients', { params: { per_page: 100 } })).data.clients).toHaveLength(27);
			for (const params of [{ per_page: 0 }, { per_page: 101 }, { per_page: 'ten' }, { per_page: 2.5 }, { page: 0 }, { page: -1 }]) {
				const response = await paged.get('/v2/clients', { params });
				expect(response.status).toBe(422);
				expect(response.data.errors[0].source.pointer).toBe(`/${Object.keys(params)[0]}`);
			}
		});
	});
});
