// The Client resource's lists in n8n's engine against the sandbox: filters, sort, pages, Return All and Limit, and
// the From List search.
import { SEED } from '../../sandbox/core/seed';
import { connectedCredential } from '../helpers/engine/connectedCredential';
import { CredentialStore } from '../helpers/engine/credentialStore';
import { runListSearch } from '../helpers/engine/editor';
import { runNode } from '../helpers/engine/runNode';
import { clearSeenRequests, seenRequests } from '../helpers/engine/sandboxControls';
import { client, useClientSandbox } from './clientSandbox';

describe('Business Banking node, Client resource (n8n engine → sandbox over HTTP)', () => {
	const { sandbox, createClient } = useClientSandbox();

	it('lists clients with filters, sort and a limit (one page, no larger than the limit)', async () => {
		await createClient({ kind: 'company', name: 'Filtré Un', vat_number: 'DE111111111' });
		await clearSeenRequests(sandbox);
		const { items, error } = await runNode({
			sandbox,
			node: client('getMany', {
				returnAll: false,
				limit: 3,
				filters: { name: 'filtre', vatNumber: 'DE111111111', updatedAtFrom: '2020-01-01T00:00:00Z' },
				sortBy: 'created_at:desc',
			}),
		});
		expect(error).toBeUndefined();
		const requests = await seenRequests(sandbox, { method: 'GET', path: '/v2/clients' });
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toMatchObject({
			'filter[name]': 'filtre',
			'filter[vat_number]': 'DE111111111',
			sort_by: 'created_at:desc',
			page: '1',
			per_page: '3',
		});
		expect(requests[0].query['filter[updated_at_from]']).toMatch(/^2020-01-01T00:00:00/);
		expect(items.map((item) => item.json.name)).toEqual(['Filtré Un']);
	});

	it('Return All over 250 clients makes exactly 3 requests and outputs one item per client', async () => {
		const existing = await sandbox.api('de').get('/v2/clients', { params: { per_page: 1 } });
		const seeded = await sandbox.http.post('/sandbox/seed/clients', { organization_id: SEED.organizations.de, count: 250 - existing.data.meta.total_count });
		expect(seeded.status).toBe(201);
		await clearSeenRequests(sandbox);
		const { items } = await runNode({ sandbox, credentialOptions: { organization: 'de' }, node: client('getMany', { returnAll: true }) });
		expect(items).toHaveLength(250);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(250);
		const requests = await seenRequests(sandbox, { method: 'GET', path: '/v2/clients' });
		expect(requests.map((request) => [request.query.page, request.query.per_page])).toEqual([
			['1', '100'],
			['2', '100'],
			['3', '100'],
		]);
	});

	it('a limit above one page fetches full pages and stops at the limit', async () => {
		await clearSeenRequests(sandbox);
		const { items } = await runNode({ sandbox, credentialOptions: { organization: 'de' }, node: client('getMany', { returnAll: false, limit: 150 }) });
		expect(items).toHaveLength(150);
		const requests = await seenRequests(sandbox, { method: 'GET', path: '/v2/clients' });
		expect(requests.map((request) => [request.query.page, request.query.per_page])).toEqual([
			['1', '100'],
			['2', '100'],
		]);
	});

	it.each([
		['email', 'dupont@', 'filter[email]'],
		['email', 'Dupont Jean', 'filter[email]'],
		['vatNumber', 'FR', 'filter[vat_number]'],
		['taxIdentificationNumber', '123 (see sheet)', 'filter[tax_identification_number]'],
	])('a %s filter no client can have (%p) finds nothing: no item, no error, the value sent as it is', async (filter, value, key) => {
		await createClient({ kind: 'company', name: 'Dupont Exact SARL', email: 'dupont@exact.example', vat_number: 'FR40303265045', tax_identification_number: '123' });
		await clearSeenRequests(sandbox);
		const { items, error } = await runNode({ sandbox, node: client('getMany', { returnAll: true, filters: { [filter]: value } }) });
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
		const requests = await seenRequests(sandbox, { method: 'GET', path: '/v2/clients' });
		expect(requests.map((request) => [request.status, request.query[key]])).toEqual([[200, value]]);
	});

	it('exact filters still find their client, ignoring case; a part of the name still matches', async () => {
		await createClient({ kind: 'company', name: 'Dupont Casse SARL', email: 'compta@dupont-casse.example', vat_number: 'FR83404833048' });
		for (const filters of [{ email: 'COMPTA@Dupont-Casse.example' }, { vatNumber: 'fr83404833048' }, { name: 'pont cas' }]) {
			const { items, error } = await runNode({ sandbox, node: client('getMany', { returnAll: true, filters }) });
			expect({ filters, error, names: items.map((item) => item.json.name) }).toEqual({ filters, error: undefined, names: ['Dupont Casse SARL'] });
		}
	});

	it('refuses a one-letter name filter before any request', async () => {
		const { error } = await runNode({ sandbox, node: client('getMany', { returnAll: true, filters: { name: 'a' } }) });
		expect(error?.message).toBe('Item 0: Filters → Name (filter.name) must be at least 2 characters');
		expect(await seenRequests(sandbox, { path: '/v2/*' })).toHaveLength(0);
	});
	it('searches clients by name for the From List picker (filter from 2 characters)', async () => {
		await createClient({ kind: 'company', name: 'Zébulon Conseil' });
		const credential = new CredentialStore(connectedCredential(sandbox));
		await clearSeenRequests(sandbox);
		const found = await runListSearch(credential, 'searchClients', 'zebulon');
		expect(found.results).toEqual([expect.objectContaining({ name: 'Zébulon Conseil', value: expect.any(String) })]);
		const all = await runListSearch(credential, 'searchClients', 'z');
		expect(all.results.length).toBeGreaterThan(1);
		const requests = await seenRequests(sandbox, { method: 'GET', path: '/v2/clients' });
		expect(requests[0].query['filter[name]']).toBe('zebulon');
		expect(requests[1].query['filter[name]']).toBeUndefined();
	});
});
