import { createHmac } from 'crypto';

/**
 * Signature checks for deliveries (decisions.md, Webhooks), on the raw bytes received:
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

export function hmacSha256Hex(secret: string, parts: Array<string | Buffer>): string {
	// A string key is UTF-8 encoded by crypto itself; a Buffer key costs ~4× more per call on Node 24.
	const hmac = createHmac('sha256', secret);
	for (const part of parts) hmac.update(part);
	return hmac.digest('hex');
}

/**
 * Constant-time comparison of a computed (lower-case) hex digest with a received one (different
 * lengths are simply unequal): every character is looked at whatever the first difference. On the strings themselves, without the
 * two Buffers `timingSafeEqual` needs (they cost a quarter of a whole check).
 */
export function digestsEqual(expectedHex: string, receivedHex: string): boolean {
	if (expectedHex.length !== receivedHex.length || expectedHex.length === 0) return false;
	let difference = 0;
	for (let index = 0; index < expectedHex.length; index++) {
		const code = receivedHex.charCodeAt(index);
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
	return digestsEqual(hmacSha256Hex(secret, [rawBody]), received) ? { valid: true } : { valid: false, reason: 'mismatch' };
}

/** The header as the service sends it with one active secret: read in one step. */
const SINGLE_SIGNATURE = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/i;

/** `t=…,v1=…`; several `v1` are allowed (one per active secret), one matching is enough. */
export function parseTimestampedHeader(header: string): { timestamp: string; signatures: string[] } | undefined {
	const single = SINGLE_SIGNATURE.exec(header);
	if (single) return { timestamp: single[1], signatures: [single[2]] };
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
	const parsed = parseTimestampedHeader(header);
	if (!parsed) return { valid: false, reason: 'malformed' };
	const expected = hmacSha256Hex(secret, [`${parsed.timestamp}.`, options.rawBody]);
	if (!parsed.signatures.some((signature) => digestsEqual(expected, signature))) return { valid: false, reason: 'mismatch' };
	// Checked after the HMAC, so that a forged timestamp never counts as merely "stale".
	const ageSeconds = Math.abs(options.nowMs / 1000 - Number(parsed.timestamp));
	if (ageSeconds > options.toleranceSeconds) return { valid: false, reason: 'stale' };
	return { valid: true };
}
