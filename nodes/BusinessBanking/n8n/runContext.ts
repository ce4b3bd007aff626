/*
 * Assumptions: a node may hand its operations a context made with Object.create over n8n's and
 * override `getNodeParameter` on it (n8n calls the node's methods with `this` only); a parameter whose
 * raw value holds no expression resolves the same for every item. Guarded by
 * test/n8n/parameterReads.test.ts (reads counted in n8n's engine) and test/n8n/itemPathReads.test.ts,
 * on every n8n of the matrix.
 */
import type { IExecuteFunctions, INodeParameters } from 'n8n-workflow';

import { ASK_N8N, isPlainObject, itemPathRead, type ItemPathRead } from './itemPathReads';
import { isToolType } from './toolVariant';

type GetNodeParameter = (name: string, itemIndex: number, fallback?: unknown, options?: object) => unknown;

/** Whether a raw parameter value holds an expression anywhere (then it may differ per item). */
export function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value && typeof value === 'object') return Object.values(value).some(holdsExpression);
	return false;
}

/** `a.b.c` of the node's raw parameters. */
function rawParameter(parameters: INodeParameters, path: string): unknown {
	let current: unknown = parameters;
	for (const key of path.split('.')) {
		if (current === null || typeof current !== 'object') return undefined;
		current = (current as Record<string, unknown>)[key];
	}
	return current;
}

/**
 * A copy of the lists and plain objects of a value, so that no caller can change what is kept.
 * Anything else (a Date, a luxon DateTime from an expression) is handed out as it is: n8n's
 * deepCopy would turn it into text, and the type check must see what the expression gave.
 */
function handOut(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(handOut);
	if (!isPlainObject(value)) return value;
	const copy: Record<string, unknown> = {};
	// Defined, not assigned: a key such as __proto__ stays a key, for the pollution check to refuse.
	for (const [key, entry] of Object.entries(value)) Object.defineProperty(copy, key, { value: handOut(entry), enumerable: true, writable: true, configurable: true });
	return copy;
}

/** One run of the node's items, and the end of an item (its resolved parameters are let go). */
export interface RunContext {
	run: IExecuteFunctions;
	itemDone(itemIndex: number): void;
	/** Whether a parameter holds an expression (its value may then differ from item to item). */
	perItem(name: string): boolean;
}

/**
 * The node's context for one run of its items, where each parameter is resolved once and handed
 * out again (a copy): a parameter without any expression once for the whole run, one with an
 * expression once per item. The type check of every parameter and the operation both read them,
 * and each read would otherwise set up n8n's expression machinery anew (a third of an item's CPU).
 * A parameter whose expressions are all paths into the item (`{{ $json.number }}`) is read from
 * the item itself (itemPathReads.ts), unless `engineOnly` says n8n must see it (it checks such
 * values against the parameter's schema) or the node runs as an AI tool (where $json is the
 * agent's, not the input item). Failures are not kept (each read reports its own).
 */
export function runContext(context: IExecuteFunctions, engineOnly: (name: string) => boolean): RunContext {
	const node = context.getNode();
	const resolve = context.getNodeParameter.bind(context) as GetNodeParameter;
	const asTool = isToolType(node.type);
	let inputItems: ReturnType<IExecuteFunctions['getInputData']> | undefined;
	const itemJson = (itemIndex: number) => (inputItems ??= context.getInputData())[itemIndex]?.json;
	/** Per parameter: whether it is set (n8n then ignores the fallback), whether it holds an expression, and its item-path reader. */
	const shapes = new Map<string, { present: boolean; varies: boolean; fromItem?: ItemPathRead }>();
	const constants = new Map<string, unknown>();
	const items = new Map<number, Map<string, unknown>>();
	const shapeOf = (name: string) => {
		let shape = shapes.get(name);
		if (!shape) {
			const raw = rawParameter(node.parameters, name);
			const varies = holdsExpression(raw);
			const fromItem = varies && !asTool && !engineOnly(name) ? itemPathRead(raw) : undefined;
			shapes.set(name, (shape = { present: raw !== undefined, varies, fromItem }));
		}
		return shape;
	};
	const read = (shape: { fromItem?: ItemPathRead }, name: string, itemIndex: number, fallback: unknown, options: object | undefined) => {
		const value = shape.fromItem && !options ? shape.fromItem(itemJson(itemIndex)) : ASK_N8N;
		return value === ASK_N8N ? resolve(name, itemIndex, fallback, options) : value;
	};
	const getNodeParameter: GetNodeParameter = (name, itemIndex, fallback, options) => {
		const shape = shapeOf(name);
		const fallbackKey = shape.present || fallback === undefined ? '' : (JSON.stringify(fallback) ?? '');
		const key = options ? `${name}\u0000${fallbackKey}\u0000${JSON.stringify(options)}` : `${name}\u0000${fallbackKey}`;
		let kept = constants;
		if (shape.varies) {
			kept = items.get(itemIndex) ?? new Map<string, unknown>();
			items.set(itemIndex, kept);
		}
		if (!kept.has(key)) kept.set(key, read(shape, name, itemIndex, fallback, options));
		return handOut(kept.get(key));
	};
	const run = Object.create(context) as IExecuteFunctions;
	Object.defineProperty(run, 'getNodeParameter', { value: getNodeParameter });
	return { run, itemDone: (itemIndex) => items.delete(itemIndex), perItem: (name) => shapeOf(name).varies };
}
