/** IBAN check digits (ISO 13616, mod 97): the sandbox makes valid IBANs and refuses invalid ones. */

const mod97 = (digits: string) => {
	let remainder = 0;
	for (const char of digits) remainder = (remainder * 10 + Number(char)) % 97;
	return remainder;
};

/** Letters become 10…35, as the standard asks. */
const numeric = (text: string) => text.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));

export function isValidIban(iban: string): boolean {
	const compact = iban.replace(/\s+/g, '').toUpperCase();
	if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
	return mod97(numeric(compact.slice(4) + compact.slice(0, 4))) === 1;
}

/** A valid IBAN for a country and a basic bank account number. */
export function makeIban(country: string, bban: string): string {
	const check = 98 - mod97(numeric(`${bban}${country}00`));
	return `${country}${String(check).padStart(2, '0')}${bban}`;
}

/** Whether a BIC has the ISO 9362 shape (8 or 11 characters). */
export const isValidBic = (bic: string) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic);
