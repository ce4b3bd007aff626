import { createHash } from 'crypto';

/**
 * A short record (a few fields) kept in n8n's processed-data store, which keeps only a hash of each
 * value it is given and answers "was it recorded?" (n8n/processedData.ts). The record's bits are
 * written as one value per bit set, `<name>#<bit>`; reading asks for every bit at once and keeps
 * those that were there. Asking records the others, which the reader then takes out again
 * (store.ts). A length and a checksum open the record, so a record that reads wrong (two records
 * written over each other by two processes, bits lost to another process's stale write, or the
 * strays of a read at the same instant) is seen as unreadable, never as another record.
 */
const MAX_PAYLOAD_BYTES = 64;
const HEADER_BYTES = 3;
const BITS = (HEADER_BYTES + MAX_PAYLOAD_BYTES) * 8;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SMALL_NUMBER = /^[1-9][0-9]{0,14}$/;

/** Fields packed tightly: a UUID in 16 bytes, a whole number in as few as it needs, other text as UTF-8. */
function packFields(fields: string[]): Buffer {
	const parts: Buffer[] = [];
	for (const field of fields) {
		if (UUID.test(field)) parts.push(Buffer.from([1]), Buffer.from(field.replace(/-/g, ''), 'hex'));
		else if (SMALL_NUMBER.test(field)) {
			const hex = BigInt(field).toString(16);
			const bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
			parts.push(Buffer.from([2, bytes.length]), bytes);
		} else {
			const text = Buffer.from(field, 'utf8');
			parts.push(Buffer.from([3, Math.min(text.length, 255)]), text.subarray(0, 255));
		}
	}
	return Buffer.concat(parts);
}

function unpackFields(bytes: Buffer): string[] | undefined {
	const fields: string[] = [];
	for (let at = 0; at < bytes.length; ) {
		const kind = bytes[at];
		if (kind === 1 && at + 17 <= bytes.length) {
			const hex = bytes.subarray(at + 1, at + 17).toString('hex');
			fields.push(`${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`);
			at += 17;
		} else if ((kind === 2 || kind === 3) && at + 2 <= bytes.length && at + 2 + bytes[at + 1] <= bytes.length) {
			const value = bytes.subarray(at + 2, at + 2 + bytes[at + 1]);
			fields.push(kind === 2 ? BigInt(`0x${value.toString('hex') || '0'}`).toString() : value.toString('utf8'));
			at += 2 + bytes[at + 1];
		} else return undefined;
	}
	return fields;
}

const checksum = (payload: Buffer) => createHash('md5').update(payload).digest().subarray(0, 2);

/** The values that write `fields` under `name`; undefined when they do not fit. */
export function registerValues(name: string, fields: string[]): string[] | undefined {
	const payload = packFields(fields);
	if (payload.length > MAX_PAYLOAD_BYTES) return undefined;
	const bytes = Buffer.concat([Buffer.from([payload.length]), checksum(payload), payload]);
	const values: string[] = [];
	for (let bit = 0; bit < bytes.length * 8; bit++) if (bytes[bit >> 3] & (0x80 >> (bit & 7))) values.push(`${name}#${bit}`);
	return values;
}

/** Every value a read of `name` asks about. */
export function registerProbes(name: string): string[] {
	return Array.from({ length: BITS }, (_, bit) => `${name}#${bit}`);
}

export type RegisterRead = { state: 'absent' } | { state: 'unreadable' } | { state: 'present'; fields: string[] };

/** What the values found among `registerProbes(name)` say. */
export function readRegister(name: string, found: ReadonlySet<string>): RegisterRead {
	const bytes = Buffer.alloc(HEADER_BYTES + MAX_PAYLOAD_BYTES);
	let any = false;
	for (let bit = 0; bit < BITS; bit++) {
		if (!found.has(`${name}#${bit}`)) continue;
		any = true;
		bytes[bit >> 3] |= 0x80 >> (bit & 7);
	}
	if (!any) return { state: 'absent' };
	const length = bytes[0];
	const end = HEADER_BYTES + length;
	// Nothing may be set past the record's end, and the checksum must match.
	if (length > MAX_PAYLOAD_BYTES || bytes.subarray(end).some((byte) => byte !== 0)) return { state: 'unreadable' };
	const payload = bytes.subarray(HEADER_BYTES, end);
	if (!checksum(payload).equals(bytes.subarray(1, HEADER_BYTES))) return { state: 'unreadable' };
	const fields = unpackFields(Buffer.from(payload));
	return fields ? { state: 'present', fields } : { state: 'unreadable' };
}
