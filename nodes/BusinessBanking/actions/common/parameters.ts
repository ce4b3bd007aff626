import type { IExecuteFunctions } from 'n8n-workflow';

import {
	readDay,
	readDecimal,
	readList,
	readRequiredId,
	readRequiredText,
	readText,
	readTimestamp,
} from './values';

/**
 * Reading node parameters the way the API wants them, shared by the operations of every resource.
 * Each reader applies one rule of `values.ts`; a bad value throws an InputProblem naming the field,
 * which the router turns into "Item N: <field> <problem>" before any request.
 */

/** "Label (name)", how every error names a field. */
export function fieldName(label: string, name: string): string {
	return `${label} (${name})`;
}

function raw(this: IExecuteFunctions, name: string, itemIndex: number, fallback: unknown = '', extractValue = false): unknown {
	return this.getNodeParameter(name, itemIndex, fallback as string, extractValue ? { extractValue: true } : undefined) as unknown;
}

/** An ID (a plain field or a resource locator), checked as a UUID: an expression can bypass the editor's check. */
export function uuidParameter(this: IExecuteFunctions, name: string, label: string, itemIndex: number): string {
	return readRequiredId(raw.call(this, name, itemIndex, '', true), fieldName(label, name), 'uuid');
}

/** An ID the spec types only as "string": non-empty, trimmed, URL-safe. */
export function idParameter(this: IExecuteFunctions, name: string, label: string, itemIndex: number): string {
	return readRequiredId(raw.call(this, name, itemIndex, '', true), fieldName(label, name), 'token');
}

/** A text parameter, trimmed; undefined when empty (the shared schema then says "is required" if it is). */
export function textParameter(this: IExecuteFunctions, name: string, itemIndex: number, fallback = '', label = name): string | undefined {
	return readText(raw.call(this, name, itemIndex, fallback), fieldName(label, name));
}

/** A required text parameter, trimmed; empty is refused naming item and field. */
export function requiredText(this: IExecuteFunctions, name: string, label: string, itemIndex: number, extractValue = false): string {
	return readRequiredText(raw.call(this, name, itemIndex, '', extractValue), fieldName(label, name));
}

/** A day as YYYY-MM-DD by the date rule (values.ts `readMoment`); undefined when empty. */
export function dayParameter(this: IExecuteFunctions, name: string, itemIndex: number, label = name): string | undefined {
	return readDay(raw.call(this, name, itemIndex), fieldName(label, name), this.getTimezone());
}

/** A moment as an ISO 8601 timestamp by the date rule; undefined when empty. */
export function timestampParameter(this: IExecuteFunctions, name: string, itemIndex: number, label = name): string | undefined {
	return readTimestamp(raw.call(this, name, itemIndex), fieldName(label, name), this.getTimezone());
}

/**
 * A decimal amount as the string the API wants (values.ts `readDecimal`); the shared money rule
 * (schemas/money.ts) then bounds it. Undefined when empty.
 */
export function amountParameter(this: IExecuteFunctions, name: string, itemIndex: number, label = name): string | undefined {
	return readDecimal(raw.call(this, name, itemIndex), fieldName(label, name));
}

/** "a, b ,c" or an array → ['a', 'b', 'c']; every entry must be text. */
export function listParameter(value: unknown, field = 'list'): string[] {
	return readList(value, field);
}
