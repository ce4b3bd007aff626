import type { AxiosInstance } from 'axios';

import { SEED } from '../../sandbox/core/seed';
import { clientsOf } from '../../sandbox/modules/clients';
import { useTestSandbox } from '../helpers/sandbox';

type Body = Record<string, unknown>;

describe('/v2/clients: create, update, retrieve', () => {
	const sandbox = useTestSandbox();
	let fr: AxiosInstance;
	let it_: AxiosInstance;
	beforeEach(() => {
		fr = sandbox.api('fr');
		it_ = sandbox.api('it');
	});

	const count = (organization: keyof typeof SEED.organizations) => clientsOf(sandbox.ctx).list(SEED.organizations[organization]).length;
	const pointers = (data: { errors: Array<{ source?: { pointer: string } }> }) => data.errors.map((e) => e.source?.pointer);

	/** A 422 naming exactly these pointers, and nothing stored. */
	async function expectRefused(api: AxiosInstance, body: unknown, expected: string[], organization: keyof typeof SEED.organizations = 'fr') {
		const before = count(organization);
		const response = await api.post('/v2/clients', body);
		expect(response.status).toBe(422);
		expect(pointers(response.data).sort()).toEqual([...expected].sort());
		expect(count(organization)).toBe(before);
		return response;
	}

	const create = async (api: AxiosInstance, body: Body) => {
		const response = await api.post('/v2/clients', body);
		expect(response.status).toBe(201);
		return response.data.client;
	};

	describe('create', () => {
		it('creates a company from kind and name only, answering 201 with every response field', async () => {
			const before = sandbox.ctx.clock.nowMs();
			const client = await create(fr, { kind: 'company', name: 'Acme' });
			const after = sandbox.ctx.clock.nowMs();
			expect(client).toEqual({
				id: expect.stringMatching(/^[0-9a-f-]{36}$/),
				name: 'Acme',
				first_name: null,
				last_name: null,
				phone_number: null,
				phone: null,
				kind: 'company',
				type: 'company',
				email: null,
				extra_emails: null,
				currency: null,
				e_invoicing_address: null,
				e_invoicing_reachable: false,
				vat_number: null,
				tax_identification_number: null,
				address: null,
				city: null,
				zip_code: null,
				province_code: null,
				country_code: null,
				billing_address: null,
				delivery_address: null,
				recipient_code: null,
				created_at: client.created_at,
				updated_at: client.created_at,
				locale: null,
			});
			expect(Date.parse(client.created_at)).toBeGreaterThanOrEqual(before);
			expect(Date.parse(client.created_at)).toBeLessThanOrEqual(after);
			const stored = await fr.get(`/v2/clients/${client.id}`);
			expect(stored.status).toBe(200);
			expect(stored.data).toEqual({ client });
		});

		it('takes created_at from the sandbox clock', async () => {
			sandbox.ctx.clock.advance(400 * 24 * 3600 * 1000);
			const client = await create(sandbox.api('fr'), { kind: 'company', name: 'Future' });
			expect(Date.parse(client.created_at)).toBeGreaterThan(Date.now() + 399 * 24 * 3600 * 1000);
		});

		it('accepts the body wrapped as {"client": …} too', async () => {
			const client = await create(fr, { client: { kind: 'company', name: 'Wrapped' } });
			expect(client.name).toBe('Wrapped');
		});

		it('needs kind (or type)', async () => {
			const response = await expectRefused(fr, { name: 'No kind' }, ['/client/kind']);
			expect(response.data.errors[0].detail).toContain('kind');
		});

		it('takes the kind from the deprecated type, and kind wins when both are sent', async () => {
			expect((await create(fr, { type: 'company', name: 'Typed' })).kind).toBe('company');
			const both = await create(fr, { kind: 'company', type: 'individual', name: 'Both' });
			expect(both).toMatchObject({ kind: 'company', type: 'company', name: 'Both' });
		});

		it('refuses an unknown kind', async () => {
			await expectRefused(fr, { kind: 'robot', name: 'R2' }, ['/client/kind']);
		});

		it('needs name for a company', async () => {
			await expectRefused(fr, { kind: 'company', first_name: 'A', last_name: 'B' }, ['/client/name']);
			await expectRefused(fr, { kind: 'company', name: '   ' }, ['/client/name']);
		});

		it('needs first_name and last_name for an individual, and displays first + space + last as name', async () => {
			await expectRefused(fr, { kind: 'individual', name: 'Only name' }, ['/client/first_name', '/client/last_name']);
			await expectRefused(fr, { kind: 'individual', first_name: 'Jeanne' }, ['/client/last_name']);
			const client = await create(fr, { kind: 'individual', first_name: 'Jeanne', last_name: 'Dupont', name: 'ignored' });
			expect(client).toMatchObject({ name: 'Jeanne Dupont', first_name: 'Jeanne', last_name: 'Dupont', kind: 'individual' });
		});

		it('accepts freelancer for Italian organizations only', async () => {
			await expectRefused(fr, { kind: 'freelancer', first_name: 'Luc', last_name: 'Petit' }, ['/client/kind']);
			await expectRefused(sandbox.api('de'), { type: 'freelancer', first_name: 'Jan', last_name: 'Berg' }, ['/client/type'], 'de');
			const client = await create(it_, { kind: 'freelancer', first_name: 'Marco', last_name: 'Neri' });
			expect(client).toMatchObject({ kind: 'freelancer', name: 'Marco Neri' });
		});

		it.each([
			['first_name', { kind: 'individual', first_name: 'x'.repeat(61), last_name: 'B' }, 60],
			['last_name', { kind: 'individual', first_name: 'A', last_name: 'x'.repeat(61) }, 60],
			['name', { kind: 'company', name: 'x'.repeat(251) }, 250],
			['address', { kind: 'company', name: 'A', address: 'x'.repeat(251) }, 250],
			['city', { kind: 'company', name: 'A', city: 'x'.repeat(51) }, 50],
			['zip_code', { kind: 'company', name: 'A', zip_code: 'x'.repeat(21) }, 20],
			['vat_number', { kind: 'company', name: 'A', vat_number: 'DE'.padEnd(21, '1') }, 20],
			['tax_identification_number', { kind: 'company', name: 'A', tax_identification_number: '1'.repeat(21) }, 20],
		])('limits %s', async (field, body, limit) => {
			const response = await expectRefused(fr, body, [`/client/${field}`]);
			expect(response.data.errors[0].detail).toContain(String(limit));
			const longest = { ...body, [field]: (body as Body)[field]?.toString().slice(0, limit) };
			expect((await fr.post('/v2/clients', longest)).status).toBe(201);
		});

		it('needs 2-character province and ISO country codes', async () => {
			await expectRefused(fr, { kind: 'company', name: 'A', province_code: 'MIL' }, ['/client/province_code']);
			await expectRefused(fr, { kind: 'company', name: 'A', country_code: 'FRA' }, ['/client/country_code']);
			await expectRefused(fr, { kind: 'company', name: 'A', country_code: 'XX' }, ['/client/country_code']);
			await expectRefused(fr, { kind: 'company', name: 'A', billing_address: { country_code: 'fr' } }, ['/client/billing_address/country_code']);
		});

		it('checks French VAT numbers: FR, a 2-character key, the 9-digit SIREN', async () => {
			await expectRefused(fr, { kind: 'company', name: 'A', vat_number: 'FR4455210055' }, ['/client/vat_number']);
			await expectRefused(fr, { kind: 'company', name: 'A', vat_number: 'FR44-552100554' }, ['/client/vat_number']);
			await expectRefused(fr, { kind: 'company', name: 'A', vat_number: 'FR44552100554X' }, ['/client/vat_number']);
			expect((await create(fr, { kind: 'company', name: 'A', vat_number: 'FR44552100554' })).vat_number).toBe('FR44552100554');
			expect((await create(fr, { kind: 'company', name: 'B', vat_number: 'FRA4552100554' })).vat_number).toBe('FRA4552100554');
			expect((await create(fr, { kind: 'company', name: 'C', vat_number: 'IT01234567890' })).vat_number).toBe('IT01234567890');
		});

		it('only length-checks tax_identification_number at creation', async () => {
			expect((await create(fr, { kind: 'company', name: 'A', tax_identification_number: 'anything' })).tax_identification_number).toBe('anything');
		});

		it('applies the Italian address rules: 5-character zip code and a listed province code', async () => {
			await expectRefused(fr, { kind: 'company', name: 'A', billing_address: { city: 'Milano', zip_code: '2012', province_code: 'MI', country_code: 'IT' } }, ['/client/billing_address/zip_code']);
			await expectRefused(fr, { kind: 'company', name: 'A', billing_address: { zip_code: '20121', province_code: 'ZZ', country_code: 'IT' } }, ['/client/billing_address/province_code']);
			await expectRefused(fr, { kind: 'company', name: 'A', delivery_address: { zip_code: '201210', country_code: 'IT' } }, ['/client/delivery_address/zip_code']);
			await expectRefused(fr, { kind: 'company', name: 'A', zip_code: '123', province_code: 'MI', country_code: 'IT' }, ['/client/zip_code']);
			// Outside Italy, zip codes only have the 20-character limit and province codes are free.
			const french = await create(fr, { kind: 'company', name: 'B', billing_address: { zip_code: '750', province_code: 'ZZ', country_code: 'FR' } });
			expect(french.billing_address.zip_code).toBe('750');
		});

		it('requires a province code on Italian addresses of Italian organizations only', async () => {
			const italianAddress = { street_address: 'Via Po 1', city: 'Torino', zip_code: '10124', country_code: 'IT' };
			await expectRefused(it_, { kind: 'company', name: 'A', billing_address: italianAddress }, ['/client/billing_address/province_code'], 'it');
			await expectRefused(it_, { kind: 'company', name: 'A', address: 'Via Po 1', zip_code: '10124', country_code: 'IT' }, ['/client/province_code'], 'it');
			await expectRefused(it_, { kind: 'company', name: 'A', delivery_address: italianAddress }, ['/client/delivery_address/province_code'], 'it');
			expect((await create(fr, { kind: 'company', name: 'A', billing_address: italianAddress })).province_code).toBeNull();
			expect((await create(it_, { kind: 'company', name: 'A', billing_address: { ...italianAddress, province_code: 'TO' } })).province_code).toBe('TO');
			// A foreign client of an Italian organization needs no province.
			expect((await it_.post('/v2/clients', { kind: 'company', name: 'B', billing_address: { city: 'Nice', country_code: 'FR' } })).status).toBe(201);
		});

		it('limits extra_emails to 100 valid addresses of at most 250 characters, and accepts null', async () => {
			const many = Array.from({ length: 101 }, (_, i) => `a${i}@example.com`);
			await expectRefused(fr, { kind: 'company', name: 'A', extra_emails: many }, ['/client/extra_emails']);
			expect((await create(fr, { kind: 'company', name: 'A', extra_emails: many.slice(0, 100) })).extra_emails).toHaveLength(100);
			const long = `${'x'.repeat(239)}@example.com`;
			expect(long.length).toBe(251);
			await expectRefused(fr, { kind: 'company', name: 'A', extra_emails: ['ok@example.com', long] }, ['/client/extra_emails/1']);
			await expectRefused(fr, { kind: 'company', name: 'A', extra_emails: ['ok@example.com', 'b@x.io', 'c@x.io', 'not-an-email'] }, ['/client/extra_emails/3']);
			expect((await create(fr, { kind: 'company', name: 'A', extra_emails: null })).extra_emails).toBeNull();
		});

		it('checks email', async () => {
			await expectRefused(fr, { kind: 'company', name: 'A', email: 'nope' }, ['/client/email']);
			expect((await create(fr, { kind: 'company', name: 'A', email: 'billing@acme.example' })).email).toBe('billing@acme.example');
		});

		it('stores locale xx-YY as xx and refuses other languages', async () => {
			expect((await create(fr, { kind: 'company', name: 'A', locale: 'fr-FR' })).locale).toBe('fr');
			expect((await create(fr, { kind: 'company', name: 'B', locale: 'en-GB' })).locale).toBe('en');
			expect((await create(fr, { kind: 'company', name: 'C', locale: 'de' })).locale).toBe('de');
			await expectRefused(fr, { kind: 'company', name: 'A', locale: 'pt' }, ['/client/locale']);
			await expectRefused(fr, { kind: 'company', name: 'A', locale: 'pt-BR' }, ['/client/locale']);
			await expectRefused(fr, { kind: 'company', name: 'A', locale: 'french' }, ['/client/locale']);
		});

		it('checks currency as ISO 4217', async () => {
			await expectRefused(fr, { kind: 'company', name: 'A', currency: 'EURO' }, ['/client/currency']);
			await expectRefused(fr, { kind: 'company', name: 'A', currency: 'ABC' }, ['/client/currency']);
			expect((await create(fr, { kind: 'company', name: 'A', currency: 'CHF' })).currency).toBe('CHF');
		});

		it('accepts e_invoicing_address for French organizations from the directory only, in the four forms', async () => {
			for (const address of ['552081317', '552081317_55208131766522', '552081317_55208131766522_SERVICE-ACHATS', '732829320_FACTURES']) {
				const client = await create(fr, { kind: 'company', name: `E ${address}`, e_invoicing_address: address });
				expect(client).toMatchObject({ e_invoicing_address: address, e_invoicing_reachable: true });
			}
			const missing = await expectRefused(fr, { kind: 'company', name: 'A', e_invoicing_address: '123456789' }, ['/client/e_invoicing_address']);
			expect(missing.data.errors[0].detail).toContain('directory');
			await expectRefused(fr, { kind: 'company', name: 'A', e_invoicing_address: '12345' }, ['/client/e_invoicing_address']);
			await expectRefused(it_, { kind: 'company', name: 'A', e_invoicing_address: '552081317' }, ['/client/e_invoicing_address'], 'it');
		});

		it('lets billing_address win over the deprecated root fields, which mirror it in responses', async () => {
			const both = await create(fr, {
				kind: 'company',
				name: 'A',
				address: '1 rue Root',
				city: 'Lyon',
				billing_address: { street_address: '2 rue Billing', city: 'Paris', zip_code: '75002', country_code: 'FR' },
			});
			expect(both).toMatchObject({ address: '2 rue Billing', city: 'Paris', zip_code: '75002', province_code: null, country_code: 'FR' });
			expect(both.billing_address).toEqual({ street_address: '2 rue Billing', city: 'Paris', zip_code: '75002', province_code: null, country_code: 'FR' });
			const rootOnly = await create(fr, { kind: 'company', name: 'B', address: '3 quai Root', city: 'Lille', zip_code: '59000', country_code: 'FR' });
			expect(rootOnly.billing_address).toEqual({ street_address: '3 quai Root', city: 'Lille', zip_code: '59000', province_code: null, country_code: 'FR' });
			expect(rootOnly.address).toBe('3 quai Root');
		});

		it('keeps delivery_address apart from billing_address', async () => {
			const client = await create(fr, {
				kind: 'company',
				name: 'A',
				billing_address: { city: 'Paris', country_code: 'FR' },
				delivery_address: { city: 'Brest', country_code: 'FR' },
			});
			expect(client.delivery_address).toMatchObject({ city: 'Brest' });
			expect(client.city).toBe('Paris');
		});

		it('answers phone_number as country_code + number', async () => {
			const client = await create(fr, { kind: 'company', name: 'A', phone: { country_code: '+33', number: '612345678' } });
			expect(client.phone).toEqual({ country_code: '+33', number: '612345678' });
			expect(client.phone_number).toBe('+33612345678');
			await expectRefused(fr, { kind: 'company', name: 'A', phone: { country_code: '+33' } }, ['/client/phone/number']);
		});

		it('keeps recipient_code for Italian clients only', async () => {
			await expectRefused(it_, { kind: 'company', name: 'A', recipient_code: 'ABC1234', billing_address: { country_code: 'FR' } }, ['/client/recipient_code'], 'it');
			const client = await create(it_, {
				kind: 'company',
				name: 'A',
				recipient_code: 'ABC1234',
				billing_address: { zip_code: '20121', province_code: 'MI', country_code: 'IT' },
			});
			expect(client.recipient_code).toBe('ABC1234');
		});

		it('strips unknown fields', async () => {
			const client = await create(fr, { kind: 'company', name: 'A', favourite_colour: 'blue', id: 'mine', created_at: '2000-01-01' });
			expect(client).not.toHaveProperty('favourite_colour');
			expect(client.id).not.toBe('mine');
			expect(client.created_at).not.toBe('2000-01-01');
		});

		it('reports every broken field at once, with JSON pointers and the field in the detail', async () => {
			const response = await expectRefused(fr, { kind: 'company', name: 'A', email: 'x', locale: 'pt', currency: 'EURO' }, ['/client/email', '/client/locale', '/client/currency']);
			expect(response.data.errors.map((e: { detail: string }) => e.detail.split(':')[0]).sort()).toEqual(['currency', 'email', 'locale']);
		});

		it('refuses wrong types with 422 naming the field', async () => {
			await expectRefused(fr, { kind: 'company', name: 42 }, ['/client/name']);
			await expectRefused(fr, { kind: 'company', name: 'A', extra_emails: 'a@b.co' }, ['/client/extra_emails']);
			await expectRefused(fr, { kind: 'company', name: 'A', billing_address: 'Paris' }, ['/client/billing_address']);
			await expectRefused(fr, [{ kind: 'company', name: 'A' }], ['/client']);
		});
	});

	describe('update', () => {
		it('changes only the fields sent and moves updated_at on the sandbox clock', async () => {
			const client = await create(fr, { kind: 'company', name: 'A', email: 'a@acme.example', currency: 'EUR', locale: 'fr', billing_address: { city: 'Paris', country_code: 'FR' } });
			sandbox.ctx.clock.advance(30 * 60 * 1000);
			const response = await fr.patch(`/v2/clients/${client.id}`, { email: 'b@acme.example' });
			expect(response.status).toBe(200);
			const updated = response.data.client;
			expect(updated).toEqual({ ...client, email: 'b@acme.example', updated_at: updated.updated_at });
			expect(Date.parse(updated.updated_at) - Date.parse(client.updated_at)).toBeGreaterThanOrEqual(30 * 60 * 1000);
			expect((await fr.get(`/v2/clients/${client.id}`)).data.client).toEqual(updated);
		});

		it('refuses kind and type with 422 and changes nothing', async () => {
			const client = await create(fr, { kind: 'company', name: 'A' });
			for (const field of ['kind', 'type']) {
				const response = await fr.patch(`/v2/clients/${client.id}`, { [field]: 'individual', name: 'B' });
				expect(response.status).toBe(422);
				expect(pointers(response.data)).toEqual([`/client/${field}`]);
			}
			expect((await fr.get(`/v2/clients/${client.id}`)).data.client).toEqual(client);
		});

		it("recomputes an individual's name from first_name and last_name", async () => {
			const client = await create(fr, { kind: 'individual', first_name: 'Jeanne', last_name: 'Dupont' });
			const updated = (await fr.patch(`/v2/clients/${client.id}`, { last_name: 'Martin' })).data.client;
			expect(updated).toMatchObject({ name: 'Jeanne Martin', first_name: 'Jeanne', last_name: 'Martin' });
		});

		it('updates billing_address parts through root fields, and replaces it when billing_address is sent', async () => {
			const client = await create(fr, { kind: 'company', name: 'A', billing_address: { street_address: '1 rue A', city: 'Paris', zip_code: '75001', country_code: 'FR' } });
			const viaRoot = (await fr.patch(`/v2/clients/${client.id}`, { city: 'Lyon' })).data.client;
			expect(viaRoot.billing_address).toEqual({ street_address: '1 rue A', city: 'Lyon', zip_code: '75001', province_code: null, country_code: 'FR' });
			expect(viaRoot.city).toBe('Lyon');
			const replaced = (await fr.patch(`/v2/clients/${client.id}`, { billing_address: { city: 'Nantes', country_code: 'FR' }, city: 'Ignored' })).data.client;
			expect(replaced.billing_address).toEqual({ street_address: null, city: 'Nantes', zip_code: null, province_code: null, country_code: 'FR' });
			expect(replaced.address).toBeNull();
		});

		it('applies the rules to the client as it would be saved', async () => {
			const client = await create(it_, { kind: 'company', name: 'A', billing_address: { city: 'Nice', zip_code: '060000', country_code: 'FR' } });
			// Switching the country to Italy through the root field makes the stored zip code and missing province wrong.
			const response = await it_.patch(`/v2/clients/${client.id}`, { country_code: 'IT' });
			expect(response.status).toBe(422);
			expect(pointers(response.data).sort()).toEqual(['/client/province_code', '/client/zip_code']);
			expect((await it_.get(`/v2/clients/${client.id}`)).data.client).toEqual(client);
			const fixed = await it_.patch(`/v2/clients/${client.id}`, { billing_address: { city: 'Roma', zip_code: '00184', province_code: 'RM', country_code: 'IT' } });
			expect(fixed.status).toBe(200);
		});

		it('checks each sent field like create does', async () => {
			const client = await create(fr, { kind: 'company', name: 'A' });
			for (const [body, pointer] of [
				[{ locale: 'pt' }, '/client/locale'],
				[{ email: 'x' }, '/client/email'],
				[{ vat_number: 'FR1' }, '/client/vat_number'],
				[{ name: 'x'.repeat(251) }, '/client/name'],
				[{ e_invoicing_address: '999999999' }, '/client/e_invoicing_address'],
			] as const) {
				const response = await fr.patch(`/v2/clients/${client.id}`, body);
				expect(response.status).toBe(422);
				expect(pointers(response.data)).toEqual([pointer]);
			}
			expect((await fr.get(`/v2/clients/${client.id}`)).data.client).toEqual(client);
		});

		it('answers 404 for an unknown id, a malformed id and another organization’s client', async () => {
			const client = await create(fr, { kind: 'company', name: 'A' });
			expect((await fr.patch('/v2/clients/7e57c0de-0000-4000-8000-000000000000', { name: 'B' })).status).toBe(404);
			expect((await fr.patch('/v2/clients/not-a-uuid', { name: 'B' })).status).toBe(404);
			expect((await it_.patch(`/v2/clients/${client.id}`, { name: 'B' })).status).toBe(404);
			expect((await it_.get(`/v2/clients/${client.id}`)).status).toBe(404);
			const notFound = await fr.get('/v2/clients/7e57c0de-0000-4000-8000-000000000000');
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
			const client = await create(fr, { kind: 'company', name: 'A' });
			await fr.patch(`/v2/clients/${client.id}`, { name: 'B' });
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
			const frenchClients = (await fr.get('/v2/clients')).data.clients;
			const editions = frenchClients.find((c: Body) => c.name === 'Éditions Côte d’Azur SARL');
			expect(editions).toMatchObject({ tax_identification_number: '732829320', e_invoicing_reachable: true, currency: 'EUR', locale: 'fr' });
			expect(frenchClients.some((c: Body) => c.currency === null)).toBe(true);
			const italian = (await it_.get('/v2/clients')).data.clients;
			expect(italian.find((c: Body) => c.kind === 'freelancer')).toMatchObject({ tax_identification_number: expect.stringMatching(/^[A-Z0-9]{16}$/) });
		});

		it('adds N clients through POST /sandbox/seed/clients, valid for their organization', async () => {
			const before = count('it');
			const response = await sandbox.http.post('/sandbox/seed/clients', { organization_id: SEED.organizations.it, count: 12 });
			expect(response.status).toBe(201);
			expect(response.data.created).toBe(12);
			expect(count('it')).toBe(before + 12);
			const one = (await it_.get(`/v2/clients/${response.data.client_ids[0]}`)).data.client;
			expect(one).toMatchObject({ kind: 'company', currency: 'EUR', locale: 'it', country_code: 'IT', province_code: 'BG' });
			expect(one.tax_identification_number).toMatch(/^\d{11}$/);
			const bad = await sandbox.http.post('/sandbox/seed/clients', { organization_id: 'nope', count: 1 });
			expect(bad.status).toBe(422);
		});
	});
});
