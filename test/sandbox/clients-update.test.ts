// /v2/clients: update, scopes, events and the seeded clients (create: clients.test.ts).
import { SEED } from '../../sandbox/core/seed';
import { useClientsSandbox, type Body } from './clients-fixtures';

describe('/v2/clients: create, update, retrieve', () => {
	const { sandbox, api, count, pointers, create } = useClientsSandbox();

	describe('update', () => {
		it('changes only the fields sent and moves updated_at on the sandbox clock', async () => {
			const client = await create(api.fr, { kind: 'company', name: 'A', email: 'a@acme.example', currency: 'EUR', locale: 'fr', billing_address: { city: 'Paris', country_code: 'FR' } });
			sandbox.ctx.clock.advance(30 * 60 * 1000);
			const response = await api.fr.patch(`/v2/clients/${client.id}`, { email: 'b@acme.example' });
			expect(response.status).toBe(200);
			const updated = response.data.client;
			expect(updated).toEqual({ ...client, email: 'b@acme.example', updated_at: updated.updated_at });
			expect(Date.parse(updated.updated_at) - Date.parse(client.updated_at)).toBeGreaterThanOrEqual(30 * 60 * 1000);
			expect((await api.fr.get(`/v2/clients/${client.id}`)).data.client).toEqual(updated);
		});

		it('refuses kind and type with 422 and changes nothing', async () => {
			const client = await create(api.fr, { kind: 'company', name: 'A' });
			for (const field of ['kind', 'type']) {
				const response = await api.fr.patch(`/v2/clients/${client.id}`, { [field]: 'individual', name: 'B' });
				expect(response.status).toBe(422);
				expect(pointers(response.data)).toEqual([`/client/${field}`]);
			}
			expect((await api.fr.get(`/v2/clients/${client.id}`)).data.client).toEqual(client);
		});

		it("recomputes an individual's name from first_name and last_name", async () => {
			const client = await create(api.fr, { kind: 'individual', first_name: 'Jeanne', last_name: 'Dupont' });
			const updated = (await api.fr.patch(`/v2/clients/${client.id}`, { last_name: 'Martin' })).data.client;
			expect(updated).toMatchObject({ name: 'Jeanne Martin', first_name: 'Jeanne', last_name: 'Martin' });
		});

		it('updates billing_address parts through root fields, and replaces it when billing_address is sent', async () => {
			const client = await create(api.fr, { kind: 'company', name: 'A', billing_address: { street_address: '1 rue A', city: 'Paris', zip_code: '75001', country_code: 'FR' } });
			const viaRoot = (await api.fr.patch(`/v2/clients/${client.id}`, { city: 'Lyon' })).data.client;
			expect(viaRoot.billing_address).toEqual({ street_address: '1 rue A', city: 'Lyon', zip_code: '75001', province_code: null, country_code: 'FR' });
			expect(viaRoot.city).toBe('Lyon');
			const replaced = (await api.fr.patch(`/v2/clients/${client.id}`, { billing_address: { city: 'Nantes', country_code: 'FR' }, city: 'Ignored' })).data.client;
			expect(replaced.billing_address).toEqual({ street_address: null, city: 'Nantes', zip_code: null, province_code: null, country_code: 'FR' });
			expect(replaced.address).toBeNull();
		});

		it('applies the rules to the client as it would be saved', async () => {
			const client = await create(api.it, { kind: 'company', name: 'A', billing_address: { city: 'Nice', zip_code: '060000', country_code: 'FR' } });
			// Switching the country to Italy through the root field makes the stored zip code and missing province wrong.
			const response = await api.it.patch(`/v2/clients/${client.id}`, { country_code: 'IT' });
			expect(response.status).toBe(422);
			expect(pointers(response.data).sort()).toEqual(['/client/province_code', '/client/zip_code']);
			expect((await api.it.get(`/v2/clients/${client.id}`)).data.client).toEqual(client);
			const fixed = await api.it.patch(`/v2/clients/${client.id}`, { billing_address: { city: 'Roma', zip_code: '00184', province_code: 'RM', country_code: 'IT' } });
			expect(fixed.status).toBe(200);
		});

		it('checks each sent field like create does', async () => {
			const client = await create(api.fr, { kind: 'company', name: 'A' });
			for (const [body, pointer] of [
				[{ locale: 'pt' }, '/client/locale'],
				[{ email: 'x' }, '/client/email'],
				[{ vat_number: 'FR1' }, '/client/vat_number'],
				[{ name: 'x'.repeat(251) }, '/client/name'],
				[{ e_invoicing_address: '999999999' }, '/client/e_invoicing_address'],
			] as const) {
				const response = await api.fr.patch(`/v2/clients/${client.id}`, body);
				expect(response.status).toBe(422);
				expect(pointers(response.data)).toEqual([pointer]);
			}
			expect((await api.fr.get(`/v2/clients/${client.id}`)).data.client).toEqual(client);
		});

		it('answers 404 for an unknown id, a malformed id and another organization’s client', async () => {
			const client = await create(api.fr, { kind: 'company', name: 'A' });
			expect((await api.fr.patch('/v2/clients/7e57c0de-0000-4000-8000-000000000000', { name: 'B' })).status).toBe(404);
			expect((await api.fr.patch('/v2/clients/not-a-uuid', { name: 'B' })).status).toBe(404);
			expect((await api.it.patch(`/v2/clients/${client.id}`, { name: 'B' })).status).toBe(404);
			expect((await api.it.get(`/v2/clients/${client.id}`)).status).toBe(404);
			const notFound = await api.fr.get('/v2/clients/7e57c0de-0000-4000-8000-000000000000');
			expect(notFound.data.errors[0].code).toBe('not_found');
		});
	});

	describe('scopes and events', () => {
		it('needs clients.write to create or update and clients.read to read', async () => {
			const reader = sandbox.api('fr', ['clients.read']);
			const post = await reader.post('/v2/clients', { kind: 'company', name: 'A' });
			expect(post.status).toBe(403);
			expect(post.data.errors[0].detail).toContain('clients.write');
			expect((await reader.get('/v2/clients')).status).toBe(200);
			const writer = sandbox.api('fr', ['clients.write']);
			expect((await writer.post('/v2/clients', { kind: 'company', name: 'A' })).status).toBe(201);
			expect((await writer.get('/v2/clients')).status).toBe(403);
		});

		it('emits no event for clients', async () => {
			const events: string[] = [];
			sandbox.ctx.events.subscribe((event) => events.push(event.type));
			const client = await create(api.fr, { kind: 'company', name: 'A' });
			await api.fr.patch(`/v2/clients/${client.id}`, { name: 'B' });
			expect(events).toEqual([]);
		});
	});

	describe('seed', () => {
		it('seeds clients for every organization, some ready for invoicing', async () => {
			for (const organization of ['fr', 'it', 'es', 'de'] as const) {
				const list = (await sandbox.api(organization).get('/v2/clients')).data.clients;
				expect(list.length).toBeGreaterThanOrEqual(2);
				const ready = list.filter((c: Body) => c.currency && c.locale && c.billing_address);
				expect(ready.length).toBeGreaterThanOrEqual(1);
			}
			const frenchClients = (await api.fr.get('/v2/clients')).data.clients;
			const editions = frenchClients.find((c: Body) => c.name === 'Éditions Côte d’Azur SARL');
			expect(editions).toMatchObject({ tax_identification_number: '732829320', e_invoicing_reachable: true, currency: 'EUR', locale: 'fr' });
			expect(frenchClients.some((c: Body) => c.currency === null)).toBe(true);
			const italian = (await api.it.get('/v2/clients')).data.clients;
			expect(italian.find((c: Body) => c.kind === 'freelancer')).toMatchObject({ tax_identification_number: expect.stringMatching(/^[A-Z0-9]{16}$/) });
		});

		it('adds N clients through POST /sandbox/seed/clients, valid for their organization', async () => {
			const before = count('it');
			const response = await sandbox.http.post('/sandbox/seed/clients', { organization_id: SEED.organizations.it, count: 12 });
			expect(response.status).toBe(201);
			expect(response.data.created).toBe(12);
			expect(count('it')).toBe(before + 12);
			const one = (await api.it.get(`/v2/clients/${response.data.client_ids[0]}`)).data.client;
			expect(one).toMatchObject({ kind: 'company', currency: 'EUR', locale: 'it', country_code: 'IT', province_code: 'BG' });
			expect(one.tax_identification_number).toMatch(/^\d{11}$/);
			const bad = await sandbox.http.post('/sandbox/seed/clients', { organization_id: 'nope', count: 1 });
			expect(bad.status).toBe(422);
		});
	});
});
