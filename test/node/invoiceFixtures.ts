import { createClient as createClientWith, FR_IBAN, frCompanyClient, uniqueNumber } from '../helpers/fixtures';
import type { TestSandbox } from '../helpers/sandbox';

/** Shared inputs of the invoice node tests: clients created over the API, and node parameters (shared values: test/helpers/fixtures.ts). */

/** Creates a client of `organization` over the API (the French company unless told) and returns its id. */
export const createClient = (sandbox: TestSandbox, body: Record<string, unknown> = frCompanyClient, organization: 'fr' | 'it' | 'es' | 'de' = 'fr'): Promise<string> =>
	createClientWith(sandbox.api(organization), body);

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
		additionalFields: { number: uniqueNumber('N') },
		...overrides,
	};
}

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
