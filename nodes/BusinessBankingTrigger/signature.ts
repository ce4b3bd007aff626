import { createHmac } from 'crypto';

/**
 * Signature checks for deliveries (docs/assumptions.md, Webhooks), on the raw bytes received:
 * - `timestamped`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (webhook subscriptions);
 * - `plain`: `<hex HMAC-SHA256 of the raw body>` (partner webhook endpoint).
 * Both keyed with the UTF-8 bytes of the secret and compared in constant time.
 */
export type SignatureScheme = 'timestamped' | 'plain';

export type VerificationResult =
	| { valid: true }
	| { valid: false; reason: 'no_secret' | 'missing' | 'malformed' | 'mismatch' | 'stale' };

export interface VerifyOptions {
	scheme: SignatureScheme;
	secret: string | undefined;
	/** The header's value as received (several values of one header are refused). */
	header: string | string[] | undefined;
	rawBody: Buffer;
	/** Timestamped scheme: the largest accepted distance, past or future, between `t` and now. */
	toleranceSeconds: number;
	nowMs: number;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;
const VALID: VerificationResult = Object.freeze({ valid: true });

export function hmacSha256Hex(secret: string, parts: Array<string | Buffer>): string {
	// A string key is UTF-8 encoded by crypto itself; a Buffer key costs ~4× more per call on Node 24.
	const hmac = createHmac('sha256', secret);
	for (const part of parts) hmac.update(part);
	return hmac.digest('hex');
}

/**
 * Constant-time comparison of a computed (lower-case) hex digest with a received one, read from
 * `offset` of `received` (so a header needs no slicing); different lengths are simply unequal. Every
 * character is looked at whatever the first difference. On the strings themselves, without the
 * two Buffers `timingSafeEqual` needs (they cost a quarter of a whole check).
 */
export function digestsEqual(expectedHex: string, received: string, offset = 0): boolean {
	if (received.length - offset !== expectedHex.length || expectedHex.length === 0) return false;
	let difference = 0;
	for (let index = 0; index < expectedHex.length; index++) {
		const code = received.charCodeAt(offset + index);
		// Upper-case A–F counts as lower-case: received digests may be either.
		difference |= expectedHex.charCodeAt(index) ^ (code >= 0x41 && code <= 0x46 ? code | 0x20 : code);
	}
	return difference === 0;
}

export function verifySignature(options: VerifyOptions): VerificationResult {
	if (!options.secret) return { valid: false, reason: 'no_secret' };
	const { header } = options;
	if (header === undefined || header === '') return { valid: false, reason: 'missing' };
	if (Array.isArray(header)) return { valid: false, reason: 'malformed' };
	return options.scheme === 'timestamped'
		? verifyTimestamped(options.secret, header, options)
		: verifyPlain(options.secret, header, options.rawBody);
}

function verifyPlain(secret: string, header: string, rawBody: Buffer): VerificationResult {
	const received = header.trim();
	if (!HEX_SHA256.test(received)) return { valid: false, reason: 'malformed' };
	return digestsEqual(hmacSha256Hex(secret, [rawBody]), received) ? VALID : { valid: false, reason: 'mismatch' };
}

/**
 * The header as the service sends it with one active secret, `t=<1–12 digits>,v1=<64 characters>`:
 * the index of its comma, or −1 (then the general parser reads it). By hand, without a regular
 * expression or substrings: beyond the HMAC this is most of a delivery's check.
 */
function singleSignatureComma(header: string): number {
	if (header.charCodeAt(0) !== 0x74 /* t */ || header.charCodeAt(1) !== 0x3d /* = */) return -1;
	let comma = 2;
	while (comma < 14 && comma < header.length) {
		const code = header.charCodeAt(comma);
		if (code < 0x30 || code > 0x39) break;
		comma++;
	}
	if (comma === 2 || header.length !== comma + 4 + 64 || !header.startsWith(',v1=', comma)) return -1;
	return comma;
}

/** `t=…,v1=…`; several `v1` are allowed (one per active secret), one matching is enough. */
export function parseTimestampedHeader(header: string): { timestamp: string; signatures: string[] } | undefined {
	let timestamp: string | undefined;
	const signatures: string[] = [];
	for (const part of header.split(',')) {
		const separator = part.indexOf('=');
		if (separator < 0) return undefined;
		const key = part.slice(0, separator).trim();
		const value = part.slice(separator + 1).trim();
		if (key === 't') {
			if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) return undefined;
			timestamp = value;
		} else if (key === 'v1') {
			if (!HEX_SHA256.test(value)) return undefined;
			signatures.push(value);
		}
	}
	if (timestamp === undefined || signatures.length === 0) return undefined;
	return { timestamp, signatures };
}

function verifyTimestamped(secret: string, header: string, options: VerifyOptions): VerificationResult {
	const comma = singleSignatureComma(header);
	if (comma > 0) {
		const timestamp = header.slice(2, comma);
		if (digestsEqual(timestampedHex(secret, timestamp, options.rawBody), header, comma + 4)) return withinTolerance(timestamp, options);
		return { valid: false, reason: HEX_SHA256.test(header.slice(comma + 4)) ? 'mismatch' : 'malformed' };
	}
	const parsed = parseTimestampedHeader(header);
	if (!parsed) return { valid: false, reason: 'malformed' };
	const expected = timestampedHex(secret, parsed.timestamp, options.rawBody);
	if (!parsed.signatures.some((signature) => digestsEqual(expected, signature))) return { valid: false, reason: 'mismatch' };
	return withinTolerance(parsed.timestamp, options);
}

const timestampedHex = (secret: string, timestamp: string, rawBody: Buffer) => hmacSha256Hex(secret, [`${timestamp}.`, rawBody]);

/** Checked after the HMAC, so that a forged timestamp never counts as merely "stale". */
function withinTolerance(timestamp: string, options: VerifyOptions): VerificationResult {
	const ageSeconds = Math.abs(options.nowMs / 1000 - Number(timestamp));
	return ageSeconds > options.toleranceSeconds ? { valid: false, reason: 'stale' } : VALID;
}
