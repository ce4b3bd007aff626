import { FR_IBAN, uniqueNumber } from '../helpers/fixtures';

/** Valid invoice bodies for the sandbox's invoice tests (clients and numbers: test/helpers/fixtures.ts). */

export function invoiceBody(clientId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
	return {
		client_id: clientId,
		number: uniqueNumber(),
		issue_date: '2026-03-01',
		due_date: '2026-03-31',
		currency: 'EUR',
		payment_methods: { iban: FR_IBAN },
		items: [{ title: 'Croissants', quantity: '3', unit_price: { value: '19.99', currency: 'EUR' }, vat_rate: '0.2', discount: { type: 'percentage', value: '0.1' } }],
		...overrides,
	};
}

/** The pointers of an error body, for compact assertions. */
export const pointers = (data: { errors?: Array<{ source?: { pointer: string } }> }) => (data.errors ?? []).map((e) => e.source?.pointer);
