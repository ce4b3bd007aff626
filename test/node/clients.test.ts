// The Client resource in n8n's engine against the sandbox: create, update, get, and the errors a user sees
// (lists and the From List search: clients-list.test.ts).
import { E_INVOICING_DIRECTORY } from '../../sandbox/modules/clients';
import { runNode } from '../helpers/engine/runNode';
import { clearSeenRequests, seenRequests } from '../helpers/engine/sandboxControls';
import { client, useClientSandbox } from './clientSandbox';

describe('Business Banking node, Client resource (n8n engine → sandbox over HTTP)', () => {
	const { sandbox, createClient } = useClientSandbox();

	it('creates a company with every field and outputs the unwrapped client', async () => {
		const { items, error } = await runNode({
			sandbox,
			node: client('create', {
				kind: 'company',
				name: 'Maison Dupont SARL',
				additionalFields: {
					email: 'contact@dupont.example',
					extraEmails: 'compta@dupont.example, boss@dupont.example',
					phone: { phone: { countryCode: '+33', number: '612345678' } },
					billingAddress: { address: { streetAddress: '3 rue Oberkampf', city: 'Paris', zipCode: '75011', countryCode: 'FR' } },
					deliveryAddress: { address: { streetAddress: '9 quai de Loire', city: 'Paris', zipCode: '75019', countryCode: 'FR' } },
					eInvoicingAddress: E_INVOICING_DIRECTORY[0],
					vatNumber: 'FR44732829320',
					taxIdentificationNumber: '732829320',
					currency: 'EUR',
					locale: 'fr',
				},
			}),
		});
		expect(error).toBeUndefined();
		const [posted] = await seenRequests(sandbox, { method: 'POST', path: '/v2/clients' });
		expect(posted.headers['x-service-staging-token']).toBe('[redacted]');
		expect(posted.headers.authorization).toBe('Bearer [redacted]');
		expect(posted.body).toEqual({
			client: {
				kind: 'company',
				name: 'Maison Dupont SARL',
				email: 'contact@dupont.example',
				extra_emails: ['compta@dupont.example', 'boss@dupont.example'],
				phone: { country_code: '+33', number: '612345678' },
				billing_address: { street_address: '3 rue Oberkampf', city: 'Paris', zip_code: '75011', country_code: 'FR' },
				delivery_address: { street_address: '9 quai de Loire', city: 'Paris', zip_code: '75019', country_code: 'FR' },
				e_invoicing_address: E_INVOICING_DIRECTORY[0],
				vat_number: 'FR44732829320',
				tax_identification_number: '732829320',
				currency: 'EUR',
				locale: 'fr',
			},
		});
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		const created = items[0].json;
		expect(created).toMatchObject({ kind: 'company', name: 'Maison Dupont SARL', e_invoicing_reachable: true, phone_number: '+33612345678' });
		const stored = await sandbox.api('fr').get(`/v2/clients/${created.id}`);
		expect(stored.data.client).toMatchObject({ extra_emails: ['compta@dupont.example', 'boss@dupont.example'], city: 'Paris', currency: 'EUR' });
	});

	it('creates an individual from first and last name; the displayed name joins them', async () => {
		const { items } = await runNode({ sandbox, node: client('create', { kind: 'individual', firstName: 'Léa', lastName: 'Martin' }) });
		const [posted] = await seenRequests(sandbox, { method: 'POST', path: '/v2/clients' });
		expect(posted.body).toEqual({ client: { kind: 'individual', first_name: 'Léa', last_name: 'Martin' } });
		expect(items[0].json).toMatchObject({ kind: 'individual', name: 'Léa Martin', first_name: 'Léa', last_name: 'Martin' });
	});

	it('sends the deprecated root address and type; kind wins and the root fields fill billing_address', async () => {
		const { items } = await runNode({
			sandbox,
			node: client('create', {
				kind: 'company',
				name: 'Ancienne Méthode SA',
				deprecatedFields: { type: 'individual', address: '1 place Bellecour', city: 'Lyon', zipCode: '69002', countryCode: 'FR' },
			}),
		});
		const [posted] = await seenRequests(sandbox, { method: 'POST', path: '/v2/clients' });
		expect(posted.body).toEqual({
			client: { kind: 'company', type: 'individual', name: 'Ancienne Méthode SA', address: '1 place Bellecour', city: 'Lyon', zip_code: '69002', country_code: 'FR' },
		});
		expect(items[0].json).toMatchObject({
			kind: 'company',
			billing_address: { street_address: '1 place Bellecour', city: 'Lyon', zip_code: '69002', country_code: 'FR' },
		});
	});

	it('creates an Italian freelancer with a recipient code in an Italian organization', async () => {
		const { items, error } = await runNode({
			sandbox,
			credentialOptions: { organization: 'it' },
			node: client('create', {
				kind: 'freelancer',
				firstName: 'Giulia',
				lastName: 'Rossi',
				additionalFields: {
					billingAddress: { address: { streetAddress: 'Via Dante 2', city: 'Milano', zipCode: '20121', provinceCode: 'MI', countryCode: 'IT' } },
					recipientCode: 'ABC1234',
					taxIdentificationNumber: 'RSSGLI80A41F205X',
				},
			}),
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ kind: 'freelancer', recipient_code: 'ABC1234', province_code: 'MI' });
	});

	it('updates only the fields given, and an emptied Extra Emails clears the list', async () => {
		const id = await createClient({ kind: 'company', name: 'Avant SAS', email: 'avant@example.com', extra_emails: ['a@example.com'] });
		await clearSeenRequests(sandbox);
		const { items, error } = await runNode({
			sandbox,
			node: client('update', {
				clientId: { mode: 'id', value: id },
				updateFields: { name: 'Après SAS', extraEmails: '', currency: 'USD' },
			}),
		});
		expect(error).toBeUndefined();
		const [patched] = await seenRequests(sandbox, { method: 'PATCH', path: `/v2/clients/${id}` });
		expect(patched.body).toEqual({ client: { name: 'Après SAS', extra_emails: null, currency: 'USD' } });
		expect(items[0].json).toMatchObject({ id, name: 'Après SAS', email: 'avant@example.com', extra_emails: null, currency: 'USD' });
	});

	it('gets a client picked From List or By ID', async () => {
		const id = await createClient({ kind: 'company', name: 'Lookup SARL' });
		for (const mode of ['list', 'id']) {
			const { items } = await runNode({ sandbox, node: client('get', { clientId: { mode, value: id } }) });
			expect(items.map((item) => item.json)).toEqual([expect.objectContaining({ id, name: 'Lookup SARL' })]);
		}
		expect(await seenRequests(sandbox, { method: 'GET', path: `/v2/clients/${id}` })).toHaveLength(2);
	});
	it('with Continue On Fail, an API error becomes the item\'s output with its status', async () => {
		const { items, error } = await runNode({
			sandbox,
			node: { ...client('get', { clientId: { mode: 'id', value: '00000000-0000-4000-8000-000000000001' } }), continueOnFail: true },
		});
		expect(error).toBeUndefined();
		expect(items).toEqual([
			{ json: expect.objectContaining({ error: expect.stringContaining('not found'), httpCode: '404' }), pairedItem: { item: 0 } },
		]);
	});

	it('rejects invalid input before any request, naming the item and the field', async () => {
		const { error } = await runNode({
			sandbox,
			node: client('create', {
				kind: 'company',
				name: 'Mauvaise Adresse',
				additionalFields: { billingAddress: { address: { zipCode: '2012', countryCode: 'IT', provinceCode: 'MI' } } },
			}),
		});
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe('Item 0: Billing Address → Zip Code (billing_address.zip_code) must be exactly 5 characters for an Italian address');
		expect(await seenRequests(sandbox, { path: '/v2/*' })).toHaveLength(0);
	});

	it('with Continue On Fail, a bad item becomes its own output (paired) and the good ones go through', async () => {
		const { items, error } = await runNode({
			sandbox,
			items: [{ email: 'ok@example.com' }, { email: 'not-an-email' }, { email: 'fine@example.com' }],
			node: {
				...client('create', { kind: 'company', name: '={{ "Client " + $json.email }}', additionalFields: { email: '={{ $json.email }}' } }),
				continueOnFail: true,
			},
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json).toMatchObject({ email: 'ok@example.com' });
		expect(items[1].json).toEqual({ error: 'Item 1: Email (email) must be an e-mail address' });
		expect(items[2].json).toMatchObject({ email: 'fine@example.com' });
		const posted = await seenRequests(sandbox, { method: 'POST', path: '/v2/clients' });
		expect(posted.map((request) => (request.body as { client: { email: string } }).client.email)).toEqual(['ok@example.com', 'fine@example.com']);
	});

	it('refuses a client ID that is not a UUID before any request', async () => {
		// An expression gets past the field's own check in the editor; the node checks again.
		const { error } = await runNode({ sandbox, node: client('get', { clientId: { mode: 'id', value: '={{ "abc" }}' } }) });
		expect(error?.message).toBe('Item 0: Client (clientId) must be an ID (a UUID), got "abc"');
		expect(await seenRequests(sandbox, { path: '/v2/*' })).toHaveLength(0);
	});

	it('surfaces a 422 as a NodeApiError carrying the API detail and field', async () => {
		const { error } = await runNode({
			sandbox,
			node: client('create', { kind: 'company', name: 'Hors Annuaire', additionalFields: { eInvoicingAddress: '123456789' } }),
		});
		expect(error?.name).toBe('NodeApiError');
		expect(error?.httpCode).toBe('422');
		// The same body sent directly: the node's message is the API's detail after the form field it points at.
		const [posted] = await seenRequests(sandbox, { method: 'POST', path: '/v2/clients' });
		const [apiError] = (await sandbox.api('fr').post('/v2/clients', posted.body)).data.errors;
		expect(apiError.source.pointer).toBe('/client/e_invoicing_address');
		expect(error?.message).toBe(`Additional Fields › E-Invoicing Address: ${apiError.detail}`);
		expect(error?.context.errors).toEqual([apiError]);
	});

	it('answers 404 for an unknown client with the API detail', async () => {
		const { error } = await runNode({ sandbox, node: client('get', { clientId: { mode: 'id', value: '00000000-0000-4000-8000-000000000000' } }) });
		expect(error?.httpCode).toBe('404');
		expect(error?.message).toContain('00000000-0000-4000-8000-000000000000');
	});
});
