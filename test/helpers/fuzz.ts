/**
 * Bad values for the fuzz suite (test/node/fuzz.test.ts), by parameter class, and the parameter
 * slots of every operation of the node, read from its registry (`actions/resources.ts`) so that a
 * new operation or field is fuzzed without anyone listing it here.
 *
 * A class holds only values that no field of that class may accept: the suite expects every one of
 * them to stop its item before any request. Blank values (undefined, null, '', spaces) are bad only
 * for required fields; `badValues(slot)` adds them then.
 */
import { DateTime } from 'luxon';
import type { INodeProperties, INodePropertyCollection } from 'n8n-workflow';

import { resources } from '../../nodes/BusinessBanking/actions/resources';

export type ValueClass =
	| 'text'
	| 'uuid'
	| 'token'
	| 'amount'
	| 'decimal'
	| 'currency'
	| 'date'
	| 'iban'
	| 'json'
	| 'option'
	| 'list'
	| 'number'
	| 'boolean'
	| 'url'
	| 'email';

const UUID = '3f1c2b7e-8a4d-4c1e-9b2f-0d5e6a7b8c9d';

const BLANK: unknown[] = [undefined, null, '', '   ', '\t\n'];

/** Values no field takes, whatever its class: wrong types, non-numbers, broken text, JS artefacts. */
const JUNK: unknown[] = [
	NaN,
	Infinity,
	-Infinity,
	Number('1e309'),
	{},
	{ value: 'x' },
	[{}],
	new Date('not a date'),
	DateTime.fromISO('not a date'),
	JSON.parse('{"__proto__":{"polluted":true}}'),
	'\uD800',
	'a\uDC00b',
	'ok\uD83D',
	'undefined',
	'NaN',
	'null',
	'Infinity',
	'Invalid Date',
	'[object Object]',
	'name: [object Object]',
	'\u0000',
	'x'.repeat(10_001),
];

const TEXT_ONLY: unknown[] = [true, false, [['nested']], [null], [NaN], ' undefined ', 'Invalid DateTime', '-Infinity', new Map([['a', 1]]), '\uDFFF'];

/** Valid text for many fields, never a valid ID, amount, date, IBAN… */
const NOT_STRUCTURED: unknown[] = ['abc', '12,50', 'é', '💸', 'a b', '../x', '%2e%2e', '<script>', '\'; DROP TABLE x; --', '１２'];

const VALUES: Record<ValueClass, unknown[]> = {
	text: [...JUNK, ...TEXT_ONLY],
	uuid: [
		...JUNK,
		...TEXT_ONLY,
		...NOT_STRUCTURED,
		12.345,
		12345,
		'not-a-uuid',
		UUID.slice(0, -1),
		`${UUID}0`,
		UUID.replace('3', 'g'),
		`{${UUID}}`,
		`urn:uuid:${UUID}`,
		`../${UUID}`,
		`${UUID}/finalize`,
		`${UUID}?x=1`,
		`${UUID}#x`,
		`${UUID} x`,
		UUID.replace('3', '３'),
		UUID.replace('e', 'е'), // Cyrillic
		`${UUID}\uD800`,
		UUID.replace(/-/g, ''),
	],
	token: [...JUNK, ...TEXT_ONLY, 'a/b', '../x', '..', '.', 'a b', 'a?b', 'a#b', '%2F', 'é', '💸', 'x'.repeat(201), 'a\nb', '<x>', 'a"b', 'a\\b', '{}', '`x`'],
	amount: [
		...JUNK,
		true,
		[12],
		'99999999999999999999999',
		'1000000000000',
		'007.00',
		'00',
		'12.345',
		12.345,
		0.1 + 0.2,
		1e21,
		'1e3',
		'-1',
		'-0.01',
		'1,50',
		'1 000',
		'12.',
		'.5',
		'+12',
		'0x10',
		'12.50 EUR',
		'€12',
		'١٢',
		'１２',
		'12.5.0',
		'abc',
	],
	decimal: [...JUNK, true, [1], '1,5', '1e3', 1e21, '12.3.4', '+1', '.5', '1.', '١', '１', '0x1', '1 000', '--1', '1-', 'abc', '½'],
	currency: [...JUNK, true, 'EU', 'EURO', 'E', '12', 12, 12.345, '€', '€€€', 'E U', 'ÉUR', 'EU1', 'US$', '$', 'EUR;', 'EUR\nUSD', 'EUROS', 'Ｅur'],
	date: [
		...JUNK,
		true,
		12.345,
		1_700_000_000_000,
		'2026-02-30',
		'2026-13-01',
		'2026-00-10',
		'26-01-01',
		'01/02/2026',
		'2026/01/02',
		'2026-1-1',
		'tomorrow',
		'now',
		'2026-01-01T25:00:00Z',
		'2026-01-01 10:00',
		'20260101',
		'2026-01-01Z',
		'Jan 1 2026',
		'2026-W01-1',
		'+002026-01-01',
		'99999-01-01',
		'0000-00-00',
		'２０２６-01-01',
	],
	iban: [
		...JUNK,
		true,
		12345678901234,
		12.345,
		'FR76',
		'FR',
		'76FR30006000011234567890189',
		'FR7630006000011234567890189!',
		'ÉR7630006000011234567890189',
		'FR76-3000-6000-0112-3456-7890-189',
		'FR76 3000 6000 0112 3456 7890 1890 0000 0000 0000 0',
		'0000000000000000',
		'XX00',
		'FR76３０００6000011234567890189',
		'F R',
		'FR76 30006',
		'FRXX30006000011234567890189',
		'FR76_3000600001123456789',
	],
	json: [
		NaN,
		Infinity,
		Number('1e309'),
		42,
		true,
		new Date('not a date'),
		'{',
		'}',
		'{"a":}',
		'not json',
		"{'a':1}",
		'"text"',
		'42',
		'true',
		'null',
		'{"__proto__":{"polluted":true}}',
		'[{"__proto__":{"polluted":true}}]',
		'{"constructor":{"prototype":{"polluted":true}}}',
		'{"a":{"__proto__":{"polluted":true}}}',
		JSON.parse('{"__proto__":{"polluted":true}}'),
		JSON.parse('[{"constructor":{"prototype":{"polluted":true}}}]'),
		'{"a":1}{"b":2}',
		'{"a":1,}',
		'{"a":NaN}',
		'undefined',
		'NaN',
		'[object Object]',
		'\uD800',
		'{"a":"\uD800"}',
		'\u0000{}',
		'[1, 2]',
	],
	option: [...JUNK, true, false, 0, -1, 12.345, [], ['x'], 'bogus', 'BOGUS', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'paired-device ', new Date('2026-01-01T00:00:00Z')],
	list: [...JUNK.filter((value) => typeof value !== 'string' || value.length < 100), true, 42, 12.345, 'bogus', ['bogus'], [{}], [null], [NaN], [undefined], ['x', NaN], '__proto__', 'constructor', ['\uD800'], [[]]],
	number: [...JUNK, true, false, 'abc', 12.345, -1, 0, 2 ** 53, 1e20, '12abc', '1e3', '5.5', [], [5], '0x10', '١٢', new Date('2026-01-01T00:00:00Z')],
	boolean: [...JUNK, 'yes', 'no', 'true', 'false', 'TRUE', 'on', 1, 0, -1, 12.345, [], [true], new Date('2026-01-01T00:00:00Z')],
	url: [...JUNK, ...TEXT_ONLY, 'http://example.com', 'ftp://example.com', 'javascript:alert(1)', 'https://', 'not a url', '//example.com', 'example.com', 'https://exa mple.com', 12.345],
	email: [...JUNK, ...TEXT_ONLY, 'a', 'a@', '@b', 'a@b@c', 'a b@c.d', 'a@b,c', 12.345, 'a'.repeat(251) + '@x.fr'],
};

/**
 * The values a slot is fed: its class's, plus the blanks when the field must have a value: a
 * required field, or a top-level choice, number or boolean (in a collection, blank is "not given").
 */
export function badValues(slot: Slot): unknown[] {
	const values = VALUES[slot.valueClass];
	const choice = ['number', 'boolean', 'option'].includes(slot.valueClass) && slot.path.length === 1;
	return slot.required || choice ? [...BLANK, ...values] : values;
}

export function classSizes(): Record<ValueClass, number> {
	return Object.fromEntries(Object.entries(VALUES).map(([name, values]) => [name, values.length])) as Record<ValueClass, number>;
}

/** One fuzzable parameter: where it sits in the node's parameters and which class it belongs to. */
export interface Slot {
	/** e.g. ['options', 'note'] or ['items', 'item', 0, 'quantity']. */
	path: Array<string | number>;
	property: INodeProperties;
	valueClass: ValueClass;
	required: boolean;
	/** Other top-level parameters this one needs to be shown (its displayOptions). */
	shownWith: Record<string, unknown>;
	/** Fields of the same collection entry this one needs to be shown (e.g. a discount type). */
	siblings: Record<string, unknown>;
}

export interface OperationUnderTest {
	resource: string;
	operation: string;
	slots: Slot[];
}

/** Every operation of the node, with its fuzzable parameters. */
export function operationsUnderTest(): OperationUnderTest[] {
	return Object.entries(resources).flatMap(([resource, { operations }]) =>
		Object.entries(operations).map(([operation, { description }]) => ({
			resource,
			operation,
			slots: description.flatMap((property) => slotsOf(property, [], shownWith(property), `${resource}.${operation}`, [])),
		})),
	);
}

function shownWith(property: INodeProperties): Record<string, unknown> {
	const show = property.displayOptions?.show ?? {};
	return Object.fromEntries(
		Object.entries(show)
			.filter(([key]) => key !== 'resource' && key !== 'operation' && !key.startsWith('@'))
			.map(([key, values]) => [key.replace(/^\//, ''), (values as unknown[])[0]]),
	);
}

/** Values of `siblings` that show `property` inside a collection entry. */
function siblingsShowing(property: INodeProperties, siblings: INodeProperties[]): Record<string, unknown> {
	const result: Record<string, unknown> = {};
	for (const [key, values] of Object.entries(property.displayOptions?.show ?? {})) result[key] = (values as unknown[])[0];
	for (const [key, hidden] of Object.entries(property.displayOptions?.hide ?? {})) {
		const sibling = siblings.find((candidate) => candidate.name === key);
		const choice = ((sibling?.options ?? []) as Array<{ value: unknown }>).find((option) => !(hidden as unknown[]).includes(option.value));
		if (choice) result[key] = choice.value;
	}
	return result;
}

function slotsOf(property: INodeProperties, parent: Array<string | number>, shown: Record<string, unknown>, operation: string, siblings: INodeProperties[]): Slot[] {
	if (property.noDataExpression || property.type === 'notice' || property.type === 'hidden') return [];
	const path = [...parent, property.name];
	if (property.type === 'collection') {
		const options = property.options as INodeProperties[];
		return options.flatMap((option) => slotsOf(option, path, shown, operation, options));
	}
	if (property.type === 'fixedCollection') {
		const multiple = Boolean(property.typeOptions?.multipleValues);
		return ((property.options ?? []) as INodePropertyCollection[]).flatMap((group) =>
			group.values.flatMap((value) => slotsOf(value, multiple ? [...path, group.name, 0] : [...path, group.name], shown, operation, group.values)),
		);
	}
	const nested = parent.length > 0;
	return [{
		path,
		property,
		valueClass: classOf(property, operation),
		required: Boolean(property.required),
		shownWith: shown,
		siblings: nested ? siblingsShowing(property, siblings) : {},
	}];
}

/** IDs the spec types only as "string" (not uuid): URL-safe tokens. */
const TOKEN_IDS = new Set(['bankAccount.update.bankAccountId', 'externalTransfer.get.transferId', 'internationalTransfer.create.targetAccountId']);
const LIST_FIELDS = new Set(['attachmentIds', 'extraEmails']);
/** Filters of a list that match exactly: values to look for (one no record has finds nothing), not to check. */
const SEARCH_VALUES = new Set(['client.getMany.email']);
/** Fields named "…Id" that hold the user's own text, not an ID of the API. */
const FREE_TEXT_IDS = new Set(['contractId']);

function classOf(property: INodeProperties, operation: string): ValueClass {
	const name = property.name;
	switch (property.type) {
		case 'options':
			// Choices the service lists (loadOptions) are known only remotely: locally, a URL-safe token.
			return property.typeOptions?.loadOptionsMethod ? 'token' : 'option';
		case 'multiOptions':
			return 'list';
		case 'number':
			return 'number';
		case 'boolean':
			return 'boolean';
		case 'dateTime':
			return 'date';
		case 'json':
			return 'json';
	}
	if (TOKEN_IDS.has(`${operation}.${name}`)) return 'token';
	if (SEARCH_VALUES.has(`${operation}.${name}`)) return 'text';
	if (LIST_FIELDS.has(name)) return 'list';
	if (/iban/i.test(name)) return 'iban';
	if (property.type === 'resourceLocator' || (/(^id$|Id$)/.test(name) && !FREE_TEXT_IDS.has(name))) return 'uuid';
	if (/^(amount|price|sourceAmount|targetAmount|unitPrice|stampDutyAmount|legal_capital_share)$/.test(name)) return 'amount';
	if (/^(quantity|vatRate|discountValue|welfareFundRate|withholdingTaxRate)$/.test(name)) return 'decimal';
	if (/currency/i.test(name)) return 'currency';
	if (/url$/i.test(name)) return 'url';
	if (/^email$/i.test(name)) return 'email';
	return 'text';
}

// ---------------------------------------------------------------------------------------------
// The credential: every field a user types, fed blank and malformed values.

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
