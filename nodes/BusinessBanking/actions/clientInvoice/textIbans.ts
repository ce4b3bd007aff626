import { isValidIban } from '../../../shared/schemas/invoice';

/** Something shaped like an IBAN, as people write one: country, check digits, then groups (spaces or dashes allowed). */
const IBAN_LIKE = /\b[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]){11,40}/gi;

function stringsIn(value: unknown, found: string[] = []): string[] {
	if (typeof value === 'string') found.push(value);
	else if (Array.isArray(value)) for (const entry of value) stringsIn(entry, found);
	else if (value !== null && typeof value === 'object') for (const entry of Object.values(value)) stringsIn(entry, found);
	return found;
}

/**
 * The IBANs an invoice's text names anywhere (header, footer, terms, line titles and descriptions,
 * notes…): "pay into FR76 …" written there tells the client where to pay as surely as the
 * structured field does. A run of letters and digits counts when a prefix of it (15 to 34
 * characters, the word that follows it left out) passes the IBAN checksum; upper case, no spaces.
 */
export function ibansWrittenIn(invoice: unknown): string[] {
	const ibans = new Set<string>();
	for (const text of stringsIn(invoice)) {
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
