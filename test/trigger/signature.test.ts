import { digestsEqual, hmacSha256Hex, parseTimestampedHeader, verifySignature } from '../../nodes/BusinessBankingTrigger/signature';

// Fixed vectors, computed independently with openssl:
//   printf '%s' '1767225600.<KNOWN_BODY>' | openssl dgst -sha256 -hmac 'whsec_known_answer_secret'
//   printf '%s' '<KNOWN_BODY>' | openssl dgst -sha256 -hmac 'partner-sécret-ünïcode'
const KNOWN_BODY =
	'{"id":"5b3f0f9e-1c1a-4a57-9a0e-0d5f3c2b1a00","type":"v1/client-invoices","created_at":"2026-01-01T00:00:00.000Z","organization_id":"7d2f5f0c-1b8e-4f6a-9a51-2b8c0f0a0f01","data":{"id":"inv-1","status":"paid"}}';
const SUBSCRIPTION_SECRET = 'whsec_known_answer_secret';
const T = 1767225600;
const TIMESTAMPED_HEX = '2c86271bb5b940d18c9f64ea787fa15fdb9b7eca28d8a8c8863e17e6b5823dd2';
const PARTNER_SECRET = 'partner-sécret-ünïcode';
const PLAIN_HEX = 'c457bdb4a3dd4730b42d0ab5be061b60861eb80fdade141599c17548075c8c1e';

const body = Buffer.from(KNOWN_BODY, 'utf8');
// `secret` is explicit (no default), so that a test can pass `undefined` for "no stored secret".
const timestamped = (header: string | string[] | undefined, nowMs: number, secret: string | undefined) =>
	verifySignature({ scheme: 'timestamped', secret, header, rawBody: body, toleranceSeconds: 300, nowMs });
const plain = (header: string | string[] | undefined, secret: string | undefined) =>
	verifySignature({ scheme: 'plain', secret, header, rawBody: body, toleranceSeconds: 300, nowMs: 0 });

describe('known answers', () => {
	it('computes the timestamped HMAC over "<t>.<raw body>"', () => {
		expect(hmacSha256Hex(SUBSCRIPTION_SECRET, [`${T}.`, body])).toBe(TIMESTAMPED_HEX);
	});

	it('computes the plain HMAC over the raw body keyed with the UTF-8 bytes of the secret', () => {
		expect(hmacSha256Hex(PARTNER_SECRET, [body])).toBe(PLAIN_HEX);
	});

	it('accepts the known timestamped header and the known plain header', () => {
		expect(timestamped(`t=${T},v1=${TIMESTAMPED_HEX}`, T * 1000 + 5_000, SUBSCRIPTION_SECRET)).toEqual({ valid: true });
		expect(plain(PLAIN_HEX, PARTNER_SECRET)).toEqual({ valid: true });
		expect(plain(PLAIN_HEX.toUpperCase(), PARTNER_SECRET)).toEqual({ valid: true });
	});
});

describe('timestamped scheme', () => {
	const good = `t=${T},v1=${TIMESTAMPED_HEX}`;
	it.each([
		['no secret stored', good, undefined, 'no_secret'],
		['no header', undefined, SUBSCRIPTION_SECRET, 'missing'],
		['an empty header', '', SUBSCRIPTION_SECRET, 'missing'],
		['a header sent twice', [good, good], SUBSCRIPTION_SECRET, 'malformed'],
		['no timestamp', `v1=${TIMESTAMPED_HEX}`, SUBSCRIPTION_SECRET, 'malformed'],
		['no v1', `t=${T}`, SUBSCRIPTION_SECRET, 'malformed'],
		['a non-numeric timestamp', `t=abc,v1=${TIMESTAMPED_HEX}`, SUBSCRIPTION_SECRET, 'malformed'],
		['a short digest', `t=${T},v1=${TIMESTAMPED_HEX.slice(2)}`, SUBSCRIPTION_SECRET, 'malformed'],
		['a plain digest without t=', TIMESTAMPED_HEX, SUBSCRIPTION_SECRET, 'malformed'],
		['another secret', good, 'whsec_other', 'mismatch'],
		['a timestamp other than the signed one', `t=${T + 1},v1=${TIMESTAMPED_HEX}`, SUBSCRIPTION_SECRET, 'mismatch'],
		['a v1 of 64 characters that are not hex', `t=${T},v1=${'z'.repeat(64)}`, SUBSCRIPTION_SECRET, 'malformed'],
		['a v1 one character too long', `t=${T},v1=${TIMESTAMPED_HEX}0`, SUBSCRIPTION_SECRET, 'malformed'],
		['a timestamp of 13 digits', `t=1${String(T).padStart(12, '0')},v1=${TIMESTAMPED_HEX}`, SUBSCRIPTION_SECRET, 'malformed'],
	])('refuses %s', (_case, header, secret, reason) => {
		expect(timestamped(header, T * 1000, secret)).toEqual({ valid: false, reason });
	});

	it('accepts the digest in upper case, and the header with spaces after its commas', () => {
		expect(timestamped(`t=${T},v1=${TIMESTAMPED_HEX.toUpperCase()}`, T * 1000, SUBSCRIPTION_SECRET)).toEqual({ valid: true });
		expect(timestamped(`t=${T}, v1=${TIMESTAMPED_HEX}`, T * 1000, SUBSCRIPTION_SECRET)).toEqual({ valid: true });
	});

	it('accepts one matching v1 among several (secret rotation)', () => {
		expect(timestamped(`t=${T},v1=${'0'.repeat(64)},v1=${TIMESTAMPED_HEX}`, T * 1000, SUBSCRIPTION_SECRET)).toEqual({ valid: true });
	});

	it('refuses a valid signature older or newer than the tolerance, and accepts one within it', () => {
		expect(timestamped(good, (T + 301) * 1000, SUBSCRIPTION_SECRET)).toEqual({ valid: false, reason: 'stale' });
		expect(timestamped(good, (T - 301) * 1000, SUBSCRIPTION_SECRET)).toEqual({ valid: false, reason: 'stale' });
		expect(timestamped(good, (T + 300) * 1000, SUBSCRIPTION_SECRET)).toEqual({ valid: true });
		expect(timestamped(good, (T - 299) * 1000, SUBSCRIPTION_SECRET)).toEqual({ valid: true });
	});

	it('refuses a body changed by one byte', () => {
		const changed = Buffer.from(KNOWN_BODY.replace('"paid"', '"Paid"'));
		expect(verifySignature({ scheme: 'timestamped', secret: SUBSCRIPTION_SECRET, header: good, rawBody: changed, toleranceSeconds: 300, nowMs: T * 1000 })).toEqual({ valid: false, reason: 'mismatch' });
	});
});

describe('plain scheme', () => {
	it.each([
		['no secret stored', PLAIN_HEX, undefined, 'no_secret'],
		['no header', undefined, PARTNER_SECRET, 'missing'],
		['a timestamped header', `t=${T},v1=${PLAIN_HEX}`, PARTNER_SECRET, 'malformed'],
		['a base64 digest', Buffer.from(PLAIN_HEX, 'hex').toString('base64'), PARTNER_SECRET, 'malformed'],
		['another secret', PLAIN_HEX, 'partner-secret-unicode', 'mismatch'],
	])('refuses %s', (_case, header, secret, reason) => {
		expect(plain(header, secret)).toEqual({ valid: false, reason });
	});
});

describe('helpers', () => {
	it('compares digests of different lengths as unequal without throwing', () => {
		expect(digestsEqual(PLAIN_HEX, PLAIN_HEX.slice(0, 62))).toBe(false);
		expect(digestsEqual(PLAIN_HEX, '')).toBe(false);
	});

	it('parses t and every v1', () => {
		expect(parseTimestampedHeader(`t=${T}, v1=${PLAIN_HEX}, v0=ignored`)).toEqual({ timestamp: String(T), signatures: [PLAIN_HEX] });
		expect(parseTimestampedHeader(`t=${T},t=${T},v1=${PLAIN_HEX}`)).toBeUndefined();
	});
});
