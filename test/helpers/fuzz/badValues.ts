/**
 * Bad values for the fuzz suite (test/node/fuzz.test.ts), by parameter class.
 *
 * A class holds only values that no field of that class may accept: the suite expects every one of
 * them to stop its item before any request. Blank values (undefined, null, '', spaces) are bad only
 * for required fields; `badValues(slot)` adds them then.
 */
import { DateTime } from 'luxon';

import type { Slot, ValueClass } from './slots';

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
