import type { TestSandbox } from '../helpers/sandbox';

/** Shared inputs of the invoice node tests: clients created over the API, and node parameters. */

export const FR_IBAN = 'FR7630006000011234567890189';

export const frClient = {
	kind: 'company',
	name: 'Boulangerie Dupain SARL',
	email: 'compta@dupain.example',
	vat_number: 'FR40303265045',
	tax_identification_number: '303265045',
	currency: 'EUR',
	locale: 'fr',
	billing_address: { street_address: '3 rue du Four', city: 'Paris', zip_code: '75006', country_code: 'FR' },
};

export async function createClient(sandbox: TestSandbox, body: Record<string, unknown> = frClient, organization: 'fr' | 'it' | 'es' | 'de' = 'fr'): Promise<string> {
	const response = await sandbox.api(organization).post('/v2/clients', body);
	if (response.status !== 201) throw new Error(`client creation failed: ${response.status} ${JSON.stringify(response.data)}`);
	return response.data.client.id as string;
}

let counter = 0;
export const uniqueNumber = (prefix = 'N') => `${prefix}-${Date.now().toString(36)}-${++counter}`;

/** Create parameters with one line per entry of `items` (the form's fixedCollection). */
export function createParameters(clientId: string, overrides: Record<string, unknown> = {}) {
	return {
		resource: 'clientInvoice',
		operation: 'create',
		clientId: { __rl: true, mode: 'id', value: clientId },
		issueDate: '2026-03-01',
		dueDate: '2026-03-31',
		currency: 'EUR',
		iban: FR_IBAN,
		status: 'unpaid',
		itemsInput: 'fields',
		items: { item: [{ title: 'Consulting', quantity: '2', unitPrice: '100.00', vatRate: '0.2', discountType: 'none' }] },
		additionalFields: { number: uniqueNumber() },
		...overrides,
	};
}

export const itClient = {
	kind: 'company',
	name: 'Cartoleria Bianchi S.r.l.',
	email: 'amministrazione@bianchi.example',
	vat_number: 'IT12345678901',
	tax_identification_number: '12345678901',
	currency: 'EUR',
	locale: 'it',
	billing_address: { street_address: 'Via Dante 5', city: 'Milano', zip_code: '20121', province_code: 'MI', country_code: 'IT' },
};

export const esClient = {
	kind: 'company',
	name: 'Papelería Sol S.L.',
	tax_identification_number: 'B87654321',
	currency: 'EUR',
	locale: 'es',
	billing_address: { street_address: 'Calle Luna 2', city: 'Madrid', zip_code: '28004', country_code: 'ES' },
};

interface MoneyOut {
	value: string;
	currency: string;
}

/** The fields of the node's output the tests read: an invoice, an attachment, or an error item. */
export interface Out {
	id: string;
	number: string;
	status: string;
	error?: string;
	total_amount: MoneyOut;
	total_amount_cents: number;
	vat_amount: MoneyOut;
	vat_amount_cents: number;
	items: Array<{ subtotal: MoneyOut; discount: { amount: MoneyOut } | null; total_vat: MoneyOut; total_amount: MoneyOut }>;
	finalized_at: string;
	discount: { type: string; value: string; amount: MoneyOut } | null;
	attachment_id: string;
	attachment: { id: string; updated_at: string };
	client: { id: string };
	url: string;
	updated_at: string;
	file_name: string;
}

/** An output item's json, typed for reading. */
export const out = (item: { json: unknown }): Out => item.json as Out;
