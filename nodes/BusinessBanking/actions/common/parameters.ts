import { DateTime } from 'luxon';
import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';

import { isUuid } from './uuid';

/**
 * Reading node parameters the way the API wants them, shared by the operations of every resource.
 * Each check runs before any request.
 */

/** An ID (a plain field or a resource locator), checked as a UUID: an expression can bypass the editor's check. */
export function uuidParameter(this: IExecuteFunctions, name: string, label: string, itemIndex: number): string {
	const value = String(this.getNodeParameter(name, itemIndex, '', { extractValue: true }) ?? '').trim();
	if (!isUuid(value)) {
		const got = value === '' ? 'nothing' : `"${value}"`;
		throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: ${label} (${name}) must be an ID (a UUID), got ${got}`, { itemIndex });
	}
	return value;
}

/** A parameter value as trimmed text; '' for undefined or null. */
export function trimmedText(value: unknown): string {
	return value === undefined || value === null ? '' : String(value).trim();
}

/** A text parameter, trimmed; undefined when empty (the shared schema then says "is required" if it is). */
export function textParameter(this: IExecuteFunctions, name: string, itemIndex: number, fallback = ''): string | undefined {
	const value = trimmedText(this.getNodeParameter(name, itemIndex, fallback));
	return value === '' ? undefined : value;
}

/** A required text parameter, trimmed; empty is a NodeOperationError naming item and field. */
export function requiredText(this: IExecuteFunctions, name: string, label: string, itemIndex: number, extractValue = false): string {
	const value = trimmedText(this.getNodeParameter(name, itemIndex, '', extractValue ? { extractValue: true } : undefined));
	if (!value) throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: ${label} (${name}) is required`, { itemIndex });
	return value;
}

/**
 * A day as YYYY-MM-DD from a date picker or an expression. The picker gives a wall time without
 * offset: its day is the one shown. A timestamp with an offset (e.g. from $now) is read in the
 * workflow's time zone. Anything else is passed on for the shared schema to refuse.
 */
export function toDay(value: unknown, zone: string): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (value instanceof Date) return DateTime.fromJSDate(value).setZone(zone).toISODate() ?? undefined;
	const text = String(value).trim();
	if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
	if (/^\d{4}-\d{2}-\d{2}T[^Zz+-]*$/.test(text)) return text.slice(0, 10);
	const parsed = DateTime.fromISO(text, { setZone: true });
	return parsed.isValid ? (parsed.setZone(zone).toISODate() ?? text) : text;
}

export function dayParameter(this: IExecuteFunctions, name: string, itemIndex: number): string | undefined {
	return toDay(this.getNodeParameter(name, itemIndex, '') as unknown, this.getTimezone());
}

/**
 * A decimal amount as the string the API wants. A number from an expression is accepted when its
 * shortest form is already a plain decimal (12.5 → "12.5"); the schema decides the rest, so
 * 0.1 + 0.2 (0.30000000000000004) is refused, not rounded.
 */
export function amountParameter(this: IExecuteFunctions, name: string, itemIndex: number): unknown {
	const value = this.getNodeParameter(name, itemIndex, '') as unknown;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return typeof value === 'string' ? value.trim() : value;
}

/** "a, b ,c" or an array → ['a', 'b', 'c']. */
export function listParameter(value: unknown): string[] {
	const parts = Array.isArray(value) ? value : String(value ?? '').split(',');
	return parts.map((part) => String(part).trim()).filter(Boolean);
}
