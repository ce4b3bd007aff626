/**
 * The credential under fuzz (test/node/fuzzCredential.test.ts): every field a user types, fed blank
 * and malformed values.
 */
import type { INodeProperties } from 'n8n-workflow';

export type CredentialValueClass = 'address' | 'identifier' | 'header' | 'secret';

/** Blank once trimmed: a required credential field holding one of these is not given. */
const CREDENTIAL_BLANK: unknown[] = [undefined, null, '', ' ', '    ', '\t\n', '\r\n\t ', '\u00a0\u00a0', '\u3000', '\u2003 \u2002'];

/** Not text: what a stored credential could hold only by a bug or a hand-edited export. */
const NOT_TEXT: unknown[] = [NaN, Infinity, 42, 12.345, 0, true, false, {}, { value: 'x' }, [], ['x'], [{}]];

/** Text with characters no credential value carries: control characters, broken UTF-16, line breaks. */
const BROKEN_TEXT: unknown[] = ['\u0000', 'a\u0000b', 'a\nb', 'a\rb', 'x\u007f', '\uD800', 'a\uDC00b', 'ok\uD83D'];

const CREDENTIAL_VALUES: Record<CredentialValueClass, unknown[]> = {
	address: [
		...NOT_TEXT,
		...BROKEN_TEXT,
		'undefined',
		'null',
		'NaN',
		'[object Object]',
		'Invalid Date',
		'not a url',
		'example.com',
		'//example.com',
		'https://',
		'https:///x',
		'https:example.com',
		'ftp://example.com',
		'file:///etc/passwd',
		'javascript:alert(1)',
		'mailto:a@example.com',
		'https://exa mple.com',
		'https://example.com/a b',
		'https://example.com?x=1',
		'https://example.com/v2?x=1',
		'https://example.com#part',
		'https://example.com/?',
		`https://example.com/${'x'.repeat(2100)}`,
		'http://[::1',
		'https://ex\u0000ample.com',
	],
	identifier: [...NOT_TEXT, ...BROKEN_TEXT, 'a b', 'a/b', '../x', 'a?b', 'a#b', '%2F', 'é', '💸', '<x>', 'a"b', 'a\\b', '{}', 'a,b', 'a;b', 'a:b', '１２', 'x'.repeat(201)],
	header: [...NOT_TEXT, ...BROKEN_TEXT, 'é', '💸', 'tök€n', 'a\tb', 'token\u0085', 'to\u200bken', '１２'],
	secret: [...NOT_TEXT],
};

/** One field of the credential under fuzz. */
export interface CredentialSlot {
	field: string;
	label: string;
	valueClass: CredentialValueClass;
	/** A password field (the staging token, the secret): its value is never shown. */
	password: boolean;
	/** Whether the calls it is fuzzed with need a value (then the blanks are fed too). */
	required: boolean;
	/** The operation whose calls rely on it. */
	resource: string;
	operation: string;
}

function credentialClassOf(name: string): CredentialValueClass | undefined {
	if (/Url$/.test(name)) return 'address';
	if (/Secret$/.test(name)) return 'secret';
	if (/Token$/.test(name)) return 'header';
	if (/Id$/.test(name)) return 'identifier';
	return undefined;
}

/** Fields only the partner registration calls (Update Partner Endpoint) rely on. */
const PARTNER_FIELDS = new Set(['customRegisterUrl', 'partnerId', 'partnerWebhookSecret']);
/** Fields that are optional for every call: blank is "not given". */
const OPTIONAL_FIELDS = new Set(['stagingToken', 'organizationId']);

/**
 * Every field of the credential a user types (its string properties that are not hidden), read
 * from the credential type so that a new field cannot miss the fuzz: `credentialClassOf` throws
 * the suite on a field it does not know.
 */
export function credentialSlots(properties: INodeProperties[]): CredentialSlot[] {
	return properties
		.filter((property) => property.type === 'string')
		.map((property) => {
			const valueClass = credentialClassOf(property.name);
			if (!valueClass) throw new Error(`No fuzz class for the credential field ${property.name}`);
			const partner = PARTNER_FIELDS.has(property.name);
			return {
				field: property.name,
				label: property.displayName,
				valueClass,
				password: Boolean(property.typeOptions?.password),
				required: !OPTIONAL_FIELDS.has(property.name),
				resource: partner ? 'webhookSubscription' : 'client',
				operation: partner ? 'updatePartnerEndpoint' : 'getMany',
			};
		});
}

/** The values a credential field is fed: its class's, and the blanks when its calls need it. */
export function badCredentialValues(slot: CredentialSlot): unknown[] {
	const values = CREDENTIAL_VALUES[slot.valueClass];
	return slot.required ? [...CREDENTIAL_BLANK, ...values] : values;
}

/** Blank values of an optional field: not given, so the calls go out (without it). */
export const OPTIONAL_BLANKS = CREDENTIAL_BLANK.filter((value) => value !== undefined && value !== null);
