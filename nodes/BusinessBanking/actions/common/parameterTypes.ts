import { DateTime } from 'luxon';
import type { IExecuteFunctions, INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { assertNoPollution, describeValue, InputProblem, isBlank, readRequiredText, readText } from './values';

/**
 * The checks of one run whose outcome cannot change from item to item: those of parameters without
 * an expression, shown or hidden by parameters without one either. Each is made on the first item
 * and then counts as passed; a failure is never kept, so every item reports its own.
 */
export interface SettledChecks {
	perItem(name: string): boolean;
	/** By description entry: one name may have several, shown in turn. */
	passed: Set<INodeProperties>;
}

/**
 * Checks every parameter an operation shows against its type in the node's description, for one
 * item, before the operation runs: an expression can give any value, and the editor's checks do
 * not run on it. Options must be one of the listed values, numbers whole and within their bounds,
 * booleans true or false, text never NaN, an object or "undefined". The operation's own readers then
 * apply the field's rule (ID, date, amount…). Covers every operation, present and future.
 */
export function checkParameterTypes(this: IExecuteFunctions, properties: INodeProperties[], itemIndex: number, settled?: SettledChecks): void {
	for (const property of properties) {
		if (settled?.passed.has(property)) continue;
		if (isShown.call(this, property, itemIndex)) {
			const options = property.type === 'resourceLocator' ? { extractValue: true } : undefined;
			const value = this.getNodeParameter(property.name, itemIndex, property.default, options) as unknown;
			checkValue(property, value, fieldOf(property.displayName, property.name));
		}
		if (settled && !dependsOnItem(property, settled)) settled.passed.add(property);
	}
}

/** Whether the parameter, or one that shows or hides it, holds an expression. */
function dependsOnItem(property: INodeProperties, settled: SettledChecks): boolean {
	const rules = property.displayOptions;
	const deciders = [...Object.keys(rules?.show ?? {}), ...Object.keys(rules?.hide ?? {})].filter((key) => !key.startsWith('@'));
	return [property.name, ...deciders.map((key) => key.replace(/^\//, ''))].some((name) => settled.perItem(name));
}

const fieldOf = (label: string, path: string) => `${label} (${path})`;

/** The show/hide rules of a top-level parameter other than resource and operation, on resolved values. */
export function isShown(this: IExecuteFunctions, property: INodeProperties, itemIndex: number): boolean {
	const rules = property.displayOptions;
	if (!rules) return true;
	const matches = (key: string, allowed: unknown[] | undefined) => {
		if (key.startsWith('@') || !allowed) return true;
		// null, not undefined: n8n throws when a parameter it dropped (hidden) is read without a fallback.
		const value = this.getNodeParameter(key.replace(/^\//, ''), itemIndex, null) as unknown;
		return allowed.some((entry) => entry === value);
	};
	for (const [key, allowed] of Object.entries(rules.show ?? {})) if (!matches(key, allowed as unknown[])) return false;
	// n8n's own conditions ('@tool', '@version') are not read here: they neither show nor hide.
	for (const [key, hidden] of Object.entries(rules.hide ?? {})) if (hidden && !key.startsWith('@') && matches(key, hidden as unknown[])) return false;
	return true;
}

function checkValue(property: INodeProperties, value: unknown, field: string, inCollection = false): void {
	if (property.required && isBlank(value) && property.type !== 'boolean' && property.type !== 'collection') {
		throw new InputProblem(field, 'is required');
	}
	// An optional field of a collection left empty by its expression is "not given", like an absent one.
	if (inCollection && !property.required && isBlank(value)) return;
	switch (property.type) {
		case 'options':
			return checkOption(property, value, field);
		case 'multiOptions':
			return checkMultiOptions(property, value, field);
		case 'boolean':
			if (typeof value !== 'boolean') throw new InputProblem(field, `must be true or false, got ${describeValue(value)}`);
			return;
		case 'number':
			return checkNumber(property, value, field);
		case 'string':
			return checkText(value, field);
		case 'resourceLocator':
			// Inside a collection the locator comes whole: its value is what is sent.
			return checkText(isLocator(value) ? value.value : value, field);
		case 'dateTime':
			return checkDateType(value, field);
		case 'json':
			if (typeof value === 'string') return void readText(value, field, { trim: false, maxLength: 1_000_000 });
			if (!isBlank(value) && (typeof value !== 'object' || value instanceof Date)) throw new InputProblem(field, `must be JSON, got ${describeValue(value)}`);
			return assertNoPollution(value, field);
		case 'collection':
			return checkCollection(property.options as INodeProperties[], value, property, field);
		case 'fixedCollection':
			return checkFixedCollection(property, value, field);
		default:
			return;
	}
}

function checkOption(property: INodeProperties, value: unknown, field: string): void {
	if (property.typeOptions?.loadOptionsMethod) return;
	const allowed = ((property.options ?? []) as INodePropertyOptions[]).map((option) => option.value);
	if (!allowed.some((entry) => entry === value)) {
		throw new InputProblem(field, `must be one of ${allowed.map((entry) => JSON.stringify(entry)).join(', ')}, got ${describeValue(value)}`);
	}
}

/** A list of listed values: an array, or their comma-separated text (from an expression). */
function checkMultiOptions(property: INodeProperties, value: unknown, field: string): void {
	if (isBlank(value)) return;
	const allowed = ((property.options ?? []) as INodePropertyOptions[]).map((option) => String(option.value));
	const entries = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',').map((part) => part.trim()) : undefined;
	if (!entries) throw new InputProblem(field, `must be a list of ${allowed.join(', ')}, got ${describeValue(value)}`);
	for (const entry of entries) {
		const known = (typeof entry === 'string' || typeof entry === 'number') && allowed.includes(String(entry));
		if (!known) throw new InputProblem(field, `must hold only ${allowed.join(', ')}, got ${describeValue(entry)}`);
	}
}

/**
 * Whole numbers (a text of digits too) within the field's bounds, unless the field takes decimals (a
 * precision, or a step finer than 1 where a precision would pad what the editor shows): then a
 * decimal text too ("2.5" mapped from a sheet), which the operation reads as written.
 */
function checkNumber(property: INodeProperties, value: unknown, field: string): void {
	const step = Number(property.typeOptions?.numberStepSize ?? 1);
	const decimals = Number(property.typeOptions?.numberPrecision ?? 0) > 0 || !Number.isInteger(step);
	const asText = decimals ? /^-?\d+(\.\d+)?$/ : /^-?\d+$/;
	const number = typeof value === 'string' && asText.test(value.trim()) ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isFinite(number) || (!decimals && !Number.isSafeInteger(number))) {
		throw new InputProblem(field, `must be a ${decimals ? '' : 'whole '}number, got ${describeValue(value)}`);
	}
	// Below the minimum is refused (a Limit of 0 is a mistake); above a maximum the operation clamps.
	const minValue = property.typeOptions?.minValue;
	if (typeof minValue === 'number' && number < minValue) throw new InputProblem(field, `must be at least ${minValue}, got ${number}`);
}

/** Text, a number, or a list of them (list fields such as attachment IDs); never NaN, objects or junk text. */
function checkText(value: unknown, field: string): void {
	if (Array.isArray(value)) {
		value.forEach((entry, index) => readRequiredText(entry, `${field}, entry ${index + 1},`));
		return;
	}
	readText(value, field, { trim: false });
}

function isLocator(value: unknown): value is { __rl: true; value: unknown } {
	return typeof value === 'object' && value !== null && (value as { __rl?: unknown }).__rl === true;
}

/** A date field: text (parsed by the date rule), a valid Date or luxon DateTime. */
function checkDateType(value: unknown, field: string): void {
	if (isBlank(value) || typeof value === 'string') return checkText(value, field);
	if (value instanceof Date && !Number.isNaN(value.getTime())) return;
	if (DateTime.isDateTime(value) && value.isValid) return;
	throw new InputProblem(field, `must be a date, got ${describeValue(value)}`);
}

function checkCollection(options: INodeProperties[], value: unknown, parent: INodeProperties, field: string): void {
	if (isBlank(value)) return;
	if (typeof value !== 'object' || Array.isArray(value)) throw new InputProblem(field, `must be a collection of fields, got ${describeValue(value)}`);
	for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
		const option = options.find((candidate) => candidate.name === key);
		if (option) checkValue(option, entry, fieldOf(`${parent.displayName} › ${option.displayName}`, `${fieldPath(field)}.${key}`), true);
	}
}

function checkFixedCollection(property: INodeProperties, value: unknown, field: string): void {
	if (isBlank(value)) return;
	if (typeof value !== 'object' || Array.isArray(value)) throw new InputProblem(field, `must be a collection of fields, got ${describeValue(value)}`);
	for (const group of (property.options ?? []) as INodePropertyCollection[]) {
		const entries = (value as Record<string, unknown>)[group.name];
		if (entries === undefined) continue;
		const list = Array.isArray(entries) ? entries : [entries];
		list.forEach((entry, index) => {
			const path = `${fieldPath(field)}.${group.name}${Array.isArray(entries) ? `[${index}]` : ''}`;
			checkCollection(group.values, entry, { ...property, displayName: `${property.displayName} › ${group.displayName} ${index + 1}` }, fieldOf(property.displayName, path));
		});
	}
}

/** The parameter path inside "Label (path)". */
function fieldPath(field: string): string {
	return /\(([^()]*)\)$/.exec(field)?.[1] ?? field;
}
