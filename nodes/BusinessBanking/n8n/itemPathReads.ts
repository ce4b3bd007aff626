/*
 * Assumption: n8n resolves `={{ $json.a.b }}` to the value at that path of the item's JSON, unchanged
 * (value, type and error alike). Guarded by test/n8n/itemPathReads.test.ts, which compares every case
 * with n8n's own engine, on every n8n of the matrix (1.123, 2.40, 2.41).
 */
/**
 * Parameters whose expressions are all plain paths into the item, `={{ $json.number }}` or
 * `={{ $json.customer.id }}` (what a user maps from the previous node, by far the most common
 * expression), read straight from the item. n8n's engine answers such an expression with the very
 * value at that path of the item's JSON, but sets up a fresh expression context to do it, about
 * 0.14 ms per expression and item: more than the rest of the node spends on a request.
 *
 * Anything else is left to n8n: any other expression makes the parameter n8n's, and a path that
 * does not end on JSON data (a missing key, a Date, a text's length) answers ASK_N8N for that item,
 * so that n8n gives its own value or its own error.
 */

/** `={{ $json.a.b }}`, spaces allowed inside the braces, nothing outside them. */
const ITEM_PATH = /^=\{\{\s*\$json((?:\.[A-Za-z_$][\w$]*)+)\s*\}\}$/;

/** Names n8n's expression sandbox guards: such paths stay n8n's. */
const GUARDED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The answer of a read that must be left to n8n's expression engine. */
export const ASK_N8N: unique symbol = Symbol('ask n8n');

/** Reads a parameter's value for one item from the item's JSON. */
export type ItemPathRead = (json: unknown) => unknown;

const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

/** An object literal's kind of object (or one without prototype), not an array, Date or class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
	if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
	const prototype = Object.getPrototypeOf(value) as unknown;
	return prototype === Object.prototype || prototype === null;
}

/** Text, numbers, booleans, null, and lists and plain objects of them: what n8n items carry. */
function isJsonData(value: unknown): boolean {
	if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return true;
	if (Array.isArray(value)) return value.every(isJsonData);
	return isPlainObject(value) && Object.values(value).every(isJsonData);
}

function valueAt(json: unknown, keys: string[]): unknown {
	let current = json;
	for (const key of keys) {
		if (!(Array.isArray(current) || isPlainObject(current)) || !hasOwn(current, key)) return ASK_N8N;
		current = (current as Record<string, unknown>)[key];
	}
	return isJsonData(current) ? current : ASK_N8N;
}

/**
 * The reader of a raw parameter value (as stored in the node) whose every expression is an item
 * path, undefined when any other expression sits in it. Values without '=' are what n8n gives too.
 */
export function itemPathRead(raw: unknown): ItemPathRead | undefined {
	if (typeof raw === 'string') {
		if (!raw.startsWith('=')) return () => raw;
		const match = ITEM_PATH.exec(raw);
		if (!match) return undefined;
		const keys = match[1].slice(1).split('.');
		if (keys.some((key) => GUARDED_KEYS.has(key))) return undefined;
		return (json) => valueAt(json, keys);
	}
	if (Array.isArray(raw)) {
		const reads = raw.map(itemPathRead);
		if (!reads.every((read): read is ItemPathRead => read !== undefined)) return undefined;
		return (json) => {
			const values: unknown[] = [];
			for (const read of reads) {
				const value = read(json);
				if (value === ASK_N8N) return ASK_N8N;
				values.push(value);
			}
			return values;
		};
	}
	if (isPlainObject(raw)) {
		const reads: Array<[string, ItemPathRead]> = [];
		for (const [key, entry] of Object.entries(raw)) {
			const read = itemPathRead(entry);
			if (!read) return undefined;
			reads.push([key, read]);
		}
		return (json) => {
			const values: Record<string, unknown> = {};
			for (const [key, read] of reads) {
				const value = read(json);
				if (value === ASK_N8N) return ASK_N8N;
				// Defined, not assigned: a key such as __proto__ stays a key, as in n8n's answer.
				Object.defineProperty(values, key, { value, enumerable: true, writable: true, configurable: true });
			}
			return values;
		};
	}
	return () => raw;
}
