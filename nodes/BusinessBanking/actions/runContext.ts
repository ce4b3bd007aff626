import { deepCopy, type IExecuteFunctions, type INodeParameters, type NodeParameterValueType } from 'n8n-workflow';

type GetNodeParameter = (name: string, itemIndex: number, fallback?: unknown, options?: object) => unknown;

/** Whether a raw parameter value holds an expression anywhere (then it may differ per item). */
function holdsExpression(value: unknown): boolean {
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
 * The node's context for one run of its items, where a parameter without any expression is
 * resolved once and handed out again (a copy) for every item: n8n would resolve it anew for each
 * item, through the same expression machinery as a real expression. Parameters with an
 * expression are resolved per item as before. Failures are not kept (each item reports its own).
 */
export function runContext(context: IExecuteFunctions): IExecuteFunctions {
	const parameters = context.getNode().parameters;
	const resolve = context.getNodeParameter.bind(context) as GetNodeParameter;
	const constants = new Map<string, unknown>();
	const getNodeParameter: GetNodeParameter = (name, itemIndex, fallback, options) => {
		if (holdsExpression(rawParameter(parameters, name))) return resolve(name, itemIndex, fallback, options);
		const key = `${name}\u0000${JSON.stringify(fallback) ?? ''}\u0000${JSON.stringify(options) ?? ''}`;
		if (!constants.has(key)) constants.set(key, resolve(name, itemIndex, fallback, options));
		const value = constants.get(key);
		return value !== null && typeof value === 'object' ? deepCopy(value as NodeParameterValueType) : value;
	};
	const run = Object.create(context) as IExecuteFunctions;
	Object.defineProperty(run, 'getNodeParameter', { value: getNodeParameter });
	return run;
}
