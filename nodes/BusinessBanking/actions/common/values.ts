import { DateTime } from 'luxon';

import { dateSchema, uuidSchema } from '../../../shared/schemas/common';

/**
 * The rules that turn one parameter value into what the API gets, shared by every operation. They
 * are pure: a bad value throws an `InputProblem` naming the field; the router turns it into the
 * item's NodeOperationError ("Item N: <field> <problem>") before any request.
 */

/** A value the node refuses: `field` is how the user finds it (e.g. "Reference (reference)"). */
export class InputProblem extends Error {
	constructor(
		readonly field: string,
		readonly problem: string,
	) {
		super(`${field} ${problem}`);
		this.name = 'InputProblem';
	}
}

/** The longest text any parameter takes (the API's longest text field is far shorter). */
export const MAX_TEXT_LENGTH = 10_000;

/** What an expression gives when it resolved to nothing, written out as text by String() or a template. */
const JUNK_TEXTS = new Set(['undefined', 'null', 'NaN', 'Infinity', '-Infinity', 'Invalid Date', 'Invalid DateTime']);

/** Keys that would reach a prototype if some code ever merged the object. */
const POLLUTION_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** How a value is shown in an error: short, and never the whole of a huge text. */
export function describeValue(value: unknown): string {
	if (value === undefined) return 'nothing (undefined)';
	if (value === null) return 'null';
	if (typeof value === 'number') return Number.isNaN(value) ? 'NaN (not a number)' : String(value);
	if (typeof value === 'string') return value.length > 60 ? `a text of ${value.length} characters` : JSON.stringify(value);
	if (typeof value === 'boolean') return String(value);
	if (Array.isArray(value)) return 'a list';
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'an invalid date' : 'a date';
	if (DateTime.isDateTime(value)) return value.isValid ? 'a date' : 'an invalid date';
	return `a value of type ${typeof value === 'object' ? 'object' : typeof value}`;
}

/** True for undefined, null and a text of only spaces: "not given". */
export function isBlank(value: unknown): boolean {
	return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A lone half of a surrogate pair: not a character, and not encodable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Problems of a text that no field accepts, or undefined. */
export function textProblem(text: string, maxLength = MAX_TEXT_LENGTH): string | undefined {
	if (LONE_SURROGATE.test(text)) return 'holds a broken character (a lone UTF-16 surrogate)';
	if (text.includes('\u0000')) return 'holds a NUL character';
	if (JUNK_TEXTS.has(text.trim()) || text.includes('[object Object]')) {
		return `is ${describeValue(text)}: the expression gave no usable value`;
	}
	if (text.length > maxLength) return `must be at most ${maxLength} characters (got ${text.length})`;
	return undefined;
}

/**
 * A text field: a string (trimmed), a finite number written out, or a valid date as its ISO 8601
 * text (what n8n writes for a date inside a collection). Blank is undefined ("not given"); NaN,
 * Infinity, objects, lists, booleans and invalid dates are refused, never written as text.
 */
export function readText(value: unknown, field: string, options: { trim?: boolean; maxLength?: number } = {}): string | undefined {
	if (isBlank(value)) return undefined;
	let text: string;
	if (typeof value === 'string') text = options.trim === false ? value : value.trim();
	else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'bigint') text = String(value);
	else if (value instanceof Date && !Number.isNaN(value.getTime())) text = value.toISOString();
	else if (DateTime.isDateTime(value) && value.isValid) text = value.toISO() ?? '';
	else throw new InputProblem(field, `must be text, got ${describeValue(value)}`);
	const problem = textProblem(text, options.maxLength);
	if (problem) throw new InputProblem(field, problem);
	return text;
}

/** A required text field. */
export function readRequiredText(value: unknown, field: string, options: { trim?: boolean; maxLength?: number } = {}): string {
	const text = readText(value, field, options);
	if (text === undefined) throw new InputProblem(field, 'is required');
	return text;
}

/** Characters an ID may hold when the spec only says "string": URL-safe (RFC 3986 unreserved). */
const URL_SAFE_ID = /^[A-Za-z0-9._~-]{1,200}$/;

/** An ID: a UUID where the spec says uuid; otherwise a URL-safe token. Undefined when blank. */
export function readId(value: unknown, field: string, kind: 'uuid' | 'token'): string | undefined {
	const text = readText(value, field);
	if (text === undefined) return undefined;
	if (kind === 'uuid' && !uuidSchema.safeParse(text).success) throw new InputProblem(field, `must be an ID (a UUID), got ${describeValue(text)}`);
	if (kind === 'token' && (!URL_SAFE_ID.test(text) || text === '.' || text === '..')) {
		throw new InputProblem(field, `must be an ID of at most 200 letters, digits, dots, dashes, underscores or tildes, got ${describeValue(text)}`);
	}
	return text;
}

export function readRequiredId(value: unknown, field: string, kind: 'uuid' | 'token'): string {
	const id = readId(value, field, kind);
	if (id === undefined) throw new InputProblem(field, kind === 'uuid' ? 'is required (an ID, a UUID)' : 'is required');
	return id;
}

/** A date-time written by n8n's date picker: a wall time without offset. */
const WALL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;
/** An ISO 8601 timestamp with its offset. */
const OFFSET_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)$/i;
const DATE_HINT = 'must be a date: YYYY-MM-DD, an ISO 8601 timestamp, or a date from an expression such as {{ $now }}';

/**
 * THE date rule of every date field (README, "Input checks"): a YYYY-MM-DD text is taken as is; a
 * timestamp with an offset, a JavaScript Date or a luxon DateTime (e.g. $now) is read in the
 * workflow's time zone; the date picker's wall time (no offset) is a time of that zone. Anything
 * else is refused. Undefined when blank.
 */
export function readMoment(value: unknown, field: string, zone: string): { day: string; moment: DateTime } | undefined {
	if (isBlank(value)) return undefined;
	let moment: DateTime | undefined;
	if (DateTime.isDateTime(value)) moment = value;
	else if (value instanceof Date) moment = DateTime.fromJSDate(value);
	else if (typeof value === 'string') {
		const text = value.trim();
		if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
			if (!dateSchema.safeParse(text).success) throw new InputProblem(field, `is not a calendar date: ${describeValue(text)}`);
			// The moment only when asked for (timestamps): luxon's zone arithmetic is a good share of an item's CPU.
			return {
				day: text,
				get moment() {
					return DateTime.fromISO(text, { zone });
				},
			};
		}
		if (WALL_TIME.test(text)) moment = DateTime.fromISO(text, { zone });
		else if (OFFSET_TIME.test(text)) moment = DateTime.fromISO(text, { setZone: true });
		else throw new InputProblem(field, `${DATE_HINT}, got ${describeValue(text)}`);
	} else throw new InputProblem(field, `${DATE_HINT}, got ${describeValue(value)}`);
	if (!moment.isValid) throw new InputProblem(field, `is not a valid date: ${describeValue(value)}`);
	const inZone = moment.setZone(zone);
	const day = inZone.toISODate();
	if (!day || inZone.year < 1 || inZone.year > 9999) throw new InputProblem(field, `is out of range: ${describeValue(value)}`);
	// The day is the one in the workflow's zone; the moment keeps its own offset (the same instant).
	return { day, moment };
}

/** A day (YYYY-MM-DD) by the date rule. */
export function readDay(value: unknown, field: string, zone: string): string | undefined {
	return readMoment(value, field, zone)?.day;
}

/** A timestamp (ISO 8601 with an offset) by the date rule; a plain day or a wall time is read in the zone. */
export function readTimestamp(value: unknown, field: string, zone: string): string | undefined {
	return readMoment(value, field, zone)?.moment.toISO() ?? undefined;
}

/**
 * A decimal (amount, quantity, rate) as the string the API wants. A string is taken as written
 * (trimmed). A number is accepted only when its shortest form is already a plain decimal
 * (12.5 → "12.5"); 0.1 + 0.2, 1e21 and NaN are refused, never rounded. The schema checks the digits.
 */
export function readDecimal(value: unknown, field: string): string | undefined {
	if (isBlank(value)) return undefined;
	if (typeof value === 'number') {
		const text = String(value);
		if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER || /e/i.test(text)) {
			throw new InputProblem(field, `cannot take the number ${text} exactly; give it as a decimal text, e.g. "12.30"`);
		}
		return text;
	}
	if (typeof value !== 'string') throw new InputProblem(field, `must be a decimal number written as text, e.g. "12.30", got ${describeValue(value)}`);
	const text = value.trim();
	if (!/^-?\d+(\.\d+)?$/.test(text)) throw new InputProblem(field, `must be a decimal number written with a dot, e.g. "12.30", got ${describeValue(text)}`);
	return text;
}

/** A list: an array, or a text of comma-separated entries; each entry must be text. */
export function readList(value: unknown, field: string): string[] {
	if (isBlank(value)) return [];
	// In a list from an expression an empty entry is a mapping that gave nothing; in typed text ("a,,b") a slip.
	if (Array.isArray(value)) return value.map((part, index) => readRequiredText(part, `${field}, entry ${index + 1},`));
	const parts = typeof value === 'string' ? value.split(',') : [value];
	return parts
		.map((part, index) => readText(part, `${field}, entry ${index + 1},`))
		.filter((part): part is string => part !== undefined);
}

/** Refuses keys such as __proto__ anywhere in a value parsed from JSON or handed over by an expression. */
export function assertNoPollution(value: unknown, field: string): void {
	const key = pollutionKey(value);
	if (key) throw new InputProblem(field, `must not hold the key "${key}"`);
}

/** The first key such as __proto__ anywhere in the value, or undefined. */
export function pollutionKey(value: unknown, depth = 0): string | undefined {
	if (value === null || typeof value !== 'object' || depth > 50) return undefined;
	for (const key of Object.keys(value)) {
		if (POLLUTION_KEYS.has(key)) return key;
		const nested = pollutionKey((value as Record<string, unknown>)[key], depth + 1);
		if (nested) return nested;
	}
	return undefined;
}

/** A JSON object (its text, or an object from an expression); {} when blank. */
export function readJsonObject(value: unknown, field: string): Record<string, unknown> {
	if (isBlank(value)) return {};
	const parsed = typeof value === 'string' ? parseJson(value, field) : value;
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || parsed instanceof Date || DateTime.isDateTime(parsed)) {
		throw new InputProblem(field, `must be a JSON object, got ${describeValue(parsed)}`);
	}
	assertNoPollution(parsed, field);
	return { ...(parsed as Record<string, unknown>) };
}

/** JSON text parsed, or an InputProblem naming the field. */
export function parseJson(text: string, field: string): unknown {
	const problem = textProblem(text, 1_000_000);
	if (problem) throw new InputProblem(field, problem);
	let valid = true;
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		valid = false;
	}
	if (!valid) throw new InputProblem(field, 'is not valid JSON');
	return parsed;
}
