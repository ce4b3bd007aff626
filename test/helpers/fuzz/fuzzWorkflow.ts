/**
 * The workflow of a fuzz execution: a source node emitting one item per value (each with a small
 * PDF, for the operations that read a file), then the Business Banking node reading `$json.v`.
 */
import type { IDataObject, INodeExecutionData, INodeParameters, INodeType } from 'n8n-workflow';

import { registerNodeType } from '../engine/nodeTypes';
import { bankingNode } from '../engine/runNode';

const SOURCE_TYPE = 'test.fuzzValues';

const PDF_BINARY = { data: Buffer.from('%PDF-1.4\n% fuzz\n%%EOF\n').toString('base64'), mimeType: 'application/pdf', fileName: 'fuzz.pdf' };

/** The values of the next execution, one per item, as they are (NaN, Dates, lone surrogates…): not JSON. */
let nextValues: unknown[] = [];

/** Sets the values the next execution's items carry. */
export function emitNext(values: unknown[]): void {
	nextValues = values;
}

class FuzzValues implements INodeType {
	description = {
		displayName: 'Fuzz values',
		name: 'fuzzValues',
		group: ['input'],
		version: 1,
		description: 'Emits one item per bad value, the value in json.v',
		defaults: { name: 'Fuzz values' },
		inputs: [],
		outputs: ['main'],
		properties: [],
	} as unknown as INodeType['description'];

	async execute(): Promise<INodeExecutionData[][]> {
		// Each item also carries a small PDF, for the operations that read one from a binary field.
		return [nextValues.map((v) => ({ json: { v } as IDataObject, binary: { data: { ...PDF_BINARY } } }))];
	}
}

/** Makes the source node known to the engine (once per test file). */
export function registerFuzzValues(): void {
	registerNodeType(SOURCE_TYPE, new FuzzValues());
}

/** The source node, then the Business Banking node with `parameters`. */
export function fuzzWorkflow(parameters: INodeParameters, continueOnFail: boolean) {
	const node = bankingNode(parameters, { continueOnFail });
	return {
		nodes: [{ id: 'values', name: 'Values', type: SOURCE_TYPE, typeVersion: 1, position: [0, 0] as [number, number], parameters: {} }, node],
		connections: { Values: { main: [[{ node: 'Business Banking', type: 'main' as const, index: 0 }]] } },
	};
}

/** A bad value as a failure message shows it: long text cut, objects with their class. */
export const show = (value: unknown) => {
	if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…(${value.length})` : value);
	if (typeof value === 'number' || value === undefined) return String(value);
	try {
		return `${Object.prototype.toString.call(value)} ${JSON.stringify(value)}`;
	} catch {
		return Object.prototype.toString.call(value);
	}
};
