import type { AxiosInstance } from 'axios';

/** Inputs shared by the sandbox and node tests: seeded values, client bodies, unique invoice numbers. */

/** The IBAN of the French organization's seeded main account. */
export const FR_IBAN = 'FR7630006000011234567890189';

/** A UUID as the sandbox writes them (lower case). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const frCompanyClient = {
	kind: 'company',
	name: 'Boulangerie Dupain SARL',
	email: 'compta@dupain.example',
	vat_number: 'FR40303265045',
	tax_identification_number: '303265045',
	currency: 'EUR',
	locale: 'fr',
	billing_address: { street_address: '3 rue du Four', city: 'Paris', zip_code: '75006', country_code: 'FR' },
};

export const itCompanyClient = {
	kind: 'company',
	name: 'Cartoleria Bianchi S.r.l.',
	email: 'amministrazione@bianchi.example',
	vat_number: 'IT12345678901',
	tax_identification_number: '12345678901',
	currency: 'EUR',
	locale: 'it',
	billing_address: { street_address: 'Via Dante 5', city: 'Milano', zip_code: '20121', province_code: 'MI', country_code: 'IT' },
};

export const esCompanyClient = {
	kind: 'company',
	name: 'Papelería Sol S.L.',
	tax_identification_number: 'B87654321',
	currency: 'EUR',
	locale: 'es',
	billing_address: { street_address: 'Calle Luna 2', city: 'Madrid', zip_code: '28004', country_code: 'ES' },
};

export const deCompanyClient = {
	kind: 'company',
	name: 'Holzwerk Süd GmbH',
	tax_identification_number: '2181508150',
	currency: 'EUR',
	locale: 'de',
	billing_address: { street_address: 'Waldweg 1', city: 'München', zip_code: '80331', country_code: 'DE' },
};

/** Creates a client over the API and returns its id; anything but 201 fails the test's setup. */
export async function createClient(api: AxiosInstance, body: Record<string, unknown>): Promise<string> {
	const response = await api.post('/v2/clients', body);
	if (response.status !== 201) throw new Error(`client creation failed: ${response.status} ${JSON.stringify(response.data)}`);
	return response.data.client.id as string;
}

let counter = 0;
/** A unique invoice number per call (numbers are unique per organization). */
export const uniqueNumber = (prefix = 'T') => `${prefix}-${Date.now().toString(36)}-${++counter}`;
