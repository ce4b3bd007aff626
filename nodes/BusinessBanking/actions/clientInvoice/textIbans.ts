import { isValidIban } from '../../../shared/schemas/invoice';

/** Something shaped like an IBAN, as people write one: country, check digits, then characters (single spaces allowed). */
const IBAN_LIKE = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,40}/gi;

/** The invoice's free text a client reads (ids and codes left out: a UUID's groups can pass a checksum by chance). */
const TEXT_FIELDS = ['header', 'footer', 'terms_and_conditions'];
const LINE_TEXT_FIELDS = ['title', 'description'];

function textsOf(invoice: unknown): string[] {
	if (invoice === null || typeof invoice !== 'object') return [];
	const record = invoice as Record<string, unknown>;
	const lines = Array.isArray(record.items) ? (record.items as unknown[]) : [];
	const values = [
		...TEXT_FIELDS.map((field) => record[field]),
		...lines.flatMap((line) => (line !== null && typeof line === 'object' ? LINE_TEXT_FIELDS.map((field) => (line as Record<string, unknown>)[field]) : [])),
	];
	return values.filter((value): value is string => typeof value === 'string');
}

/**
 * The IBANs an invoice's text names (header, footer, terms, line titles and descriptions): "pay
 * into FR76 …" written there tells the client where to pay as surely as the
 * structured field does. A run of letters and digits counts when a prefix of it (15 to 34
 * characters, the word that follows it left out) passes the IBAN checksum; upper case, no spaces.
 */
export function ibansWrittenIn(invoice: unknown): string[] {
	const ibans = new Set<string>();
	for (const text of textsOf(invoice)) {
		for (const match of text.matchAll(IBAN_LIKE)) {
			const compact = match[0].replace(/[ -]/g, '').toUpperCase();
			for (let length = Math.min(34, compact.length); length >= 15; length--) {
				if (isValidIban(compact.slice(0, length))) {
					ibans.add(compact.slice(0, length));
					break;
				}
			}
		}
	}
	return [...ibans];
}
