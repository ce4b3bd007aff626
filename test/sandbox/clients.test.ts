// /v2/clients: create and its field rules (update, scopes, events and the seed: clients-update.test.ts).
import { useClientsSandbox, type Body } from './clients-fixtures';

describe('/v2/clients: create, update, retrieve', () => {
	const { sandbox, api, expectRefused, create } = useClientsSandbox();

	describe('create', () => {
		it('creates a company from kind and name only, answering 201 with every response field', async () => {
			const before = sandbox.ctx.clock.nowMs();
			const client = await create(api.fr, { kind: 'company', name: 'Acme' });
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
			const stored = await api.fr.get(`/v2/clients/${client.id}`);
			expect(stored.status).toBe(200);
			expect(stored.data).toEqual({ client });
		});

		it('takes created_at from the sandbox clock', async () => {
			sandbox.ctx.clock.advance(400 * 24 * 3600 * 1000);
			const client = await create(sandbox.api('fr'), { kind: 'company', name: 'Future' });
			expect(Date.parse(client.created_at)).toBeGreaterThan(Date.now() + 399 * 24 * 3600 * 1000);
		});

		it('accepts the body wrapped as {"client": …} too', async () => {
			const client = await create(api.fr, { client: { kind: 'company', name: 'Wrapped' } });
			expect(client.name).toBe('Wrapped');
		});

		it('needs kind (or type)', async () => {
			const response = await expectRefused(api.fr, { name: 'No kind' }, ['/client/kind']);
			expect(response.data.errors[0].detail).toContain('kind');
		});

		it('takes the kind from the deprecated type, and kind wins when both are sent', async () => {
			expect((await create(api.fr, { type: 'company', name: 'Typed' })).kind).toBe('company');
			const both = await create(api.fr, { kind: 'company', type: 'individual', name: 'Both' });
			expect(both).toMatchObject({ kind: 'company', type: 'company', name: 'Both' });
		});

		it('refuses an unknown kind', async () => {
			await expectRefused(api.fr, { kind: 'robot', name: 'R2' }, ['/client/kind']);
		});

		it('needs name for a company', async () => {
			await expectRefused(api.fr, { kind: 'company', first_name: 'A', last_name: 'B' }, ['/client/name']);
			await expectRefused(api.fr, { kind: 'company', name: '   ' }, ['/client/name']);
		});

		it('needs first_name and last_name for an individual, and displays first + space + last as name', async () => {
			await expectRefused(api.fr, { kind: 'individual', name: 'Only name' }, ['/client/first_name', '/client/last_name']);
			await expectRefused(api.fr, { kind: 'individual', first_name: 'Jeanne' }, ['/client/last_name']);
			const client = await create(api.fr, { kind: 'individual', first_name: 'Jeanne', last_name: 'Dupont', name: 'ignored' });
			expect(client).toMatchObject({ name: 'Jeanne Dupont', first_name: 'Jeanne', last_name: 'Dupont', kind: 'individual' });
		});

		it('accepts freelancer for Italian organizations only', async () => {
			await expectRefused(api.fr, { kind: 'freelancer', first_name: 'Luc', last_name: 'Petit' }, ['/client/kind']);
			await expectRefused(sandbox.api('de'), { type: 'freelancer', first_name: 'Jan', last_name: 'Berg' }, ['/client/type'], 'de');
			const client = await create(api.it, { kind: 'freelancer', first_name: 'Marco', last_name: 'Neri' });
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
			const response = await expectRefused(api.fr, body, [`/client/${field}`]);
			expect(response.data.errors[0].detail).toContain(String(limit));
			const longest = { ...body, [field]: (body as Body)[field]?.toString().slice(0, limit) };
			expect((await api.fr.post('/v2/clients', longest)).status).toBe(201);
		});

		it('needs 2-character province and ISO country codes', async () => {
			await expectRefused(api.fr, { kind: 'company', name: 'A', province_code: 'MIL' }, ['/client/province_code']);
			await expectRefused(api.fr, { kind: 'company', name: 'A', country_code: 'FRA' }, ['/client/country_code']);
			await expectRefused(api.fr, { kind: 'company', name: 'A', country_code: 'XX' }, ['/client/country_code']);
			await expectRefused(api.fr, { kind: 'company', name: 'A', billing_address: { country_code: 'fr' } }, ['/client/billing_address/country_code']);
		});

		it('checks French VAT numbers: FR, a 2-character key, the 9-digit SIREN', async () => {
			await expectRefused(api.fr, { kind: 'company', name: 'A', vat_number: 'FR4455210055' }, ['/client/vat_number']);
			await expectRefused(api.fr, { kind: 'company', name: 'A', vat_number: 'FR44-552100554' }, ['/client/vat_number']);
			await expectRefused(api.fr, { kind: 'company', name: 'A', vat_number: 'FR44552100554X' }, ['/client/vat_number']);
			expect((await create(api.fr, { kind: 'company', name: 'A', vat_number: 'FR44552100554' })).vat_number).toBe('FR44552100554');
			expect((await create(api.fr, { kind: 'company', name: 'B', vat_number: 'FRA4552100554' })).vat_number).toBe('FRA4552100554');
			expect((await create(api.fr, { kind: 'company', name: 'C', vat_number: 'IT01234567890' })).vat_number).toBe('IT01234567890');
		});

		it('only length-checks tax_identification_number at creation', async () => {
			expect((await create(api.fr, { kind: 'company', name: 'A', tax_identification_number: 'anything' })).tax_identification_number).toBe('anything');
		});

		it('applies the Italian address rules: 5-character zip code and a listed province code', async () => {
			await expectRefused(api.fr, { kind: 'company', name: 'A', billing_address: { city: 'Milano', zip_code: '2012', province_code: 'MI', country_code: 'IT' } }, ['/client/billing_address/zip_code']);
			await expectRefused(api.fr, { kind: 'company', name: 'A', billing_address: { zip_code: '20121', province_code: 'ZZ', country_code: 'IT' } }, ['/client/billing_address/province_code']);
			await expectRefused(api.fr, { kind: 'company', name: 'A', delivery_address: { zip_code: '201210', country_code: 'IT' } }, ['/client/delivery_address/zip_code']);
			await expectRefused(api.fr, { kind: 'company', name: 'A', zip_code: '123', province_code: 'MI', country_code: 'IT' }, ['/client/zip_code']);
			// Outside Italy, zip codes only have the 20-character limit and province codes are free.
			const french = await create(api.fr, { kind: 'company', name: 'B', billing_address: { zip_code: '750', province_code: 'ZZ', country_code: 'FR' } });
			expect(french.billing_address.zip_code).toBe('750');
		});

		it('requires a province code on Italian addresses of Italian organizations only', async () => {
			const italianAddress = { street_address: 'Via Po 1', city: 'Torino', zip_code: '10124', country_code: 'IT' };
			await expectRefused(api.it, { kind: 'company', name: 'A', billing_address: italianAddress }, ['/client/billing_address/province_code'], 'it');
			await expectRefused(api.it, { kind: 'company', name: 'A', address: 'Via Po 1', zip_code: '10124', country_code: 'IT' }, ['/client/province_code'], 'it');
			await expectRefused(api.it, { kind: 'company', name: 'A', delivery_address: italianAddress }, ['/client/delivery_address/province_code'], 'it');
			expect((await create(api.fr, { kind: 'company', name: 'A', billing_address: italianAddress })).province_code).toBeNull();
			expect((await create(api.it, { kind: 'company', name: 'A', billing_address: { ...italianAddress, province_code: 'TO' } })).province_code).toBe('TO');
			// A foreign client of an Italian organization needs no province.
			expect((await api.it.post('/v2/clients', { kind: 'company', name: 'B', billing_address: { city: 'Nice', country_code: 'FR' } })).status).toBe(201);
		});

		it('limits extra_emails to 100 valid addresses of at most 250 characters, and accepts null', async () => {
			const many = Array.from({ length: 101 }, (_, i) => `a${i}@example.com`);
			await expectRefused(api.fr, { kind: 'company', name: 'A', extra_emails: many }, ['/client/extra_emails']);
			expect((await create(api.fr, { kind: 'company', name: 'A', extra_emails: many.slice(0, 100) })).extra_emails).toHaveLength(100);
			const long = `${'x'.repeat(239)}@example.com`;
			expect(long.length).toBe(251);
			await expectRefused(api.fr, { kind: 'company', name: 'A', extra_emails: ['ok@example.com', long] }, ['/client/extra_emails/1']);
			await expectRefused(api.fr, { kind: 'company', name: 'A', extra_emails: ['ok@example.com', 'b@x.io', 'c@x.io', 'not-an-email'] }, ['/client/extra_emails/3']);
			expect((await create(api.fr, { kind: 'company', name: 'A', extra_emails: null })).extra_emails).toBeNull();
		});

		it('checks email', async () => {
			await expectRefused(api.fr, { kind: 'company', name: 'A', email: 'nope' }, ['/client/email']);
			expect((await create(api.fr, { kind: 'company', name: 'A', email: 'billing@acme.example' })).email).toBe('billing@acme.example');
		});

		it('stores locale xx-YY as xx and refuses other languages', async () => {
			expect((await create(api.fr, { kind: 'company', name: 'A', locale: 'fr-FR' })).locale).toBe('fr');
			expect((await create(api.fr, { kind: 'company', name: 'B', locale: 'en-GB' })).locale).toBe('en');
			expect((await create(api.fr, { kind: 'company', name: 'C', locale: 'de' })).locale).toBe('de');
			await expectRefused(api.fr, { kind: 'company', name: 'A', locale: 'pt' }, ['/client/locale']);
			await expectRefused(api.fr, { kind: 'company', name: 'A', locale: 'pt-BR' }, ['/client/locale']);
			await expectRefused(api.fr, { kind: 'company', name: 'A', locale: 'french' }, ['/client/locale']);
		});

		it('checks currency as ISO 4217', async () => {
			await expectRefused(api.fr, { kind: 'company', name: 'A', currency: 'EURO' }, ['/client/currency']);
			await expectRefused(api.fr, { kind: 'company', name: 'A', currency: 'ABC' }, ['/client/currency']);
			expect((await create(api.fr, { kind: 'company', name: 'A', currency: 'CHF' })).currency).toBe('CHF');
		});

		it('accepts e_invoicing_address for French organizations from the directory only, in the four forms', async () => {
			for (const address of ['552081317', '552081317_55208131766522', '552081317_55208131766522_SERVICE-ACHATS', '732829320_FACTURES']) {
				const client = await create(api.fr, { kind: 'company', name: `E ${address}`, e_invoicing_address: address });
				expect(client).toMatchObject({ e_invoicing_address: address, e_invoicing_reachable: true });
			}
			const missing = await expectRefused(api.fr, { kind: 'company', name: 'A', e_invoicing_address: '123456789' }, ['/client/e_invoicing_address']);
			expect(missing.data.errors[0].detail).toContain('directory');
			await expectRefused(api.fr, { kind: 'company', name: 'A', e_invoicing_address: '12345' }, ['/client/e_invoicing_address']);
			await expectRefused(api.it, { kind: 'company', name: 'A', e_invoicing_address: '552081317' }, ['/client/e_invoicing_address'], 'it');
		});

		it('lets billing_address win over the deprecated root fields, which mirror it in responses', async () => {
			const both = await create(api.fr, {
				kind: 'company',
				name: 'A',
				address: '1 rue Root',
				city: 'Lyon',
				billing_address: { street_address: '2 rue Billing', city: 'Paris', zip_code: '75002', country_code: 'FR' },
			});
			expect(both).toMatchObject({ address: '2 rue Billing', city: 'Paris', zip_code: '75002', province_code: null, country_code: 'FR' });
			expect(both.billing_address).toEqual({ street_address: '2 rue Billing', city: 'Paris', zip_code: '75002', province_code: null, country_code: 'FR' });
			const rootOnly = await create(api.fr, { kind: 'company', name: 'B', address: '3 quai Root', city: 'Lille', zip_code: '59000', country_code: 'FR' });
			expect(rootOnly.billing_address).toEqual({ street_address: '3 quai Root', city: 'Lille', zip_code: '59000', province_code: null, country_code: 'FR' });
			expect(rootOnly.address).toBe('3 quai Root');
		});

		it('keeps delivery_address apart from billing_address', async () => {
			const client = await create(api.fr, {
				kind: 'company',
				name: 'A',
				billing_address: { city: 'Paris', country_code: 'FR' },
				delivery_address: { city: 'Brest', country_code: 'FR' },
			});
			expect(client.delivery_address).toMatchObject({ city: 'Brest' });
			expect(client.city).toBe('Paris');
		});

		it('answers phone_number as country_code + number', async () => {
			const client = await create(api.fr, { kind: 'company', name: 'A', phone: { country_code: '+33', number: '612345678' } });
			expect(client.phone).toEqual({ country_code: '+33', number: '612345678' });
			expect(client.phone_number).toBe('+33612345678');
			await expectRefused(api.fr, { kind: 'company', name: 'A', phone: { country_code: '+33' } }, ['/client/phone/number']);
		});

		it('keeps recipient_code for Italian clients only', async () => {
			await expectRefused(api.it, { kind: 'company', name: 'A', recipient_code: 'ABC1234', billing_address: { country_code: 'FR' } }, ['/client/recipient_code'], 'it');
			const client = await create(api.it, {
				kind: 'company',
				name: 'A',
				recipient_code: 'ABC1234',
				billing_address: { zip_code: '20121', province_code: 'MI', country_code: 'IT' },
			});
			expect(client.recipient_code).toBe('ABC1234');
		});

		it('strips unknown fields', async () => {
			const client = await create(api.fr, { kind: 'company', name: 'A', favourite_colour: 'blue', id: 'mine', created_at: '2000-01-01' });
			expect(client).not.toHaveProperty('favourite_colour');
			expect(client.id).not.toBe('mine');
			expect(client.created_at).not.toBe('2000-01-01');
		});

		it('reports every broken field at once, with JSON pointers and the field in the detail', async () => {
			const response = await expectRefused(api.fr, { kind: 'company', name: 'A', email: 'x', locale: 'pt', currency: 'EURO' }, ['/client/email', '/client/locale', '/client/currency']);
			expect(response.data.errors.map((e: { detail: string }) => e.detail.split(':')[0]).sort()).toEqual(['currency', 'email', 'locale']);
		});

		it('refuses wrong types with 422 naming the field', async () => {
			await expectRefused(api.fr, { kind: 'company', name: 42 }, ['/client/name']);
			await expectRefused(api.fr, { kind: 'company', name: 'A', extra_emails: 'a@b.co' }, ['/client/extra_emails']);
			await expectRefused(api.fr, { kind: 'company', name: 'A', billing_address: 'Paris' }, ['/client/billing_address']);
			await expectRefused(api.fr, [{ kind: 'company', name: 'A' }], ['/client']);
		});
	});
});
