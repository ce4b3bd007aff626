import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';

import { checkedByN8n } from '../../nodes/BusinessBanking/actions/run/checkedParameters';
import { runContext } from '../../nodes/BusinessBanking/n8n/runContext';
import { registerNodeType } from '../helpers/engine/nodeTypes';
import { runNode } from '../helpers/engine/runNode';
import { useTestSandbox } from '../helpers/sandbox';

const sandbox = useTestSandbox({}, { resetEachTest: false });

/** Each case: a raw parameter value as a user would set it. */
const CASES: Record<string, unknown> = {
	text: '={{ $json.number }}',
	noSpaces: '={{$json.number}}',
	number: '={{ $json.amount }}',
	zero: '={{ $json.zero }}',
	empty: '={{ $json.blank }}',
	nullValue: '={{ $json.nothing }}',
	yes: '={{ $json.flag }}',
	nested: '={{ $json.customer.id }}',
	list: '={{ $json.lines }}',
	object: '={{ $json.customer }}',
	listLength: '={{ $json.lines.length }}',
	textLength: '={{ $json.number.length }}',
	dollarKey: '={{ $json.$ref }}',
	missing: '={{ $json.missing }}',
	missingDeeper: '={{ $json.missing.deeper }}',
	guarded: '={{ $json.constructor }}',
	template: '=Invoice {{ $json.number }}',
	trailingText: '={{ $json.number }} ',
	computed: '={{ $json.amount * 2 }}',
	plain: 'no expression',
	collection: { number: '={{ $json.number }}', note: 'plain', deeper: { id: '={{ $json.customer.id }}' } },
	collectionWithMissing: { number: '={{ $json.number }}', other: '={{ $json.missing }}' },
	collectionWithTemplate: { number: '={{ $json.number }}', label: '=No. {{ $json.number }}' },
	fixedCollection: { line: [{ title: '={{ $json.lines[0].title }}' }, { title: '={{ $json.number }}' }] },
};

type Outcome = { value?: unknown; type?: string; error?: string };

/** Reads every case for every item twice, through n8n's own engine and through runContext, and says which reads runContext left to n8n. */
class ProbeNode implements INodeType {
	description = {
		displayName: 'Probe',
		name: 'probe',
		group: ['transform'],
		version: 1,
		description: 'Test probe',
		defaults: { name: 'Probe' },
		inputs: ['main'],
		outputs: ['main'],
		properties: Object.keys(CASES).map((name) => ({ displayName: name, name, type: 'json', default: '' })),
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const leftToN8n: Array<[string, number]> = [];
		const counting = Object.create(this) as IExecuteFunctions;
		Object.defineProperty(counting, 'getNodeParameter', {
			value: (name: string, itemIndex: number, ...rest: unknown[]) => {
				leftToN8n.push([name, itemIndex]);
				return (this.getNodeParameter as (...args: unknown[]) => unknown)(name, itemIndex, ...rest);
			},
		});
		const { run } = runContext(counting, () => false);
		const outcome = (read: () => unknown): Outcome => {
			try {
				const value = read();
				return { value: JSON.parse(JSON.stringify(value ?? null)), type: typeof value };
			} catch (error) {
				return { error: (error as Error).message };
			}
		};
		return [
			this.getInputData().map((_item, itemIndex) => {
				const json: IDataObject = {};
				for (const name of Object.keys(CASES)) {
					const n8n = outcome(() => this.getNodeParameter(name, itemIndex, ''));
					const direct = outcome(() => run.getNodeParameter(name, itemIndex, ''));
					json[name] = { n8n, direct, leftToN8n: leftToN8n.some(([read, index]) => read === name && index === itemIndex) } as unknown as IDataObject;
				}
				return { json };
			}),
		];
	}
}

const ITEMS = [
	{ number: 'INV-1', amount: 12.5, zero: 0, blank: '', nothing: null, flag: true, $ref: 'r-1', customer: { id: 'c-1', tags: ['a'] }, lines: [{ title: 'Consulting', quantity: '2' }] },
	{ number: 'INV-2', amount: 7, zero: 0, blank: '', nothing: null, flag: false, $ref: 'r-2', customer: { id: 'c-2', tags: [] }, lines: [{ title: 'Audit', quantity: '1' }, { title: 'Travel', quantity: '3' }] },
];

async function probe(type: string): Promise<Array<Record<string, { n8n: Outcome; direct: Outcome; leftToN8n: boolean }>>> {
	registerNodeType(type, new ProbeNode());
	const { items, error } = await runNode({ sandbox, node: { type, name: 'Probe', parameters: CASES as never }, items: ITEMS });
	expect(error).toBeUndefined();
	return items.map((item) => item.json as never);
}

describe('Parameters read straight from the item ({{ $json.a.b }})', () => {
	it('give exactly what n8n’s engine gives, value, type and error alike, for every case and item', async () => {
		const items = await probe('test.probe');
		expect(items).toHaveLength(ITEMS.length);
		for (const item of items) {
			for (const [name, { n8n, direct }] of Object.entries(item)) expect({ name, ...direct }).toEqual({ name, ...n8n });
		}
		// The cases really differ per item: the first is not read for the second.
		expect(items.map((item) => item.nested.direct.value)).toEqual(['c-1', 'c-2']);
		expect(items.map((item) => item.listLength.direct.value)).toEqual([1, 2]);
	});

	it('leave n8n out only where every expression is a path to JSON data of the item', async () => {
		const items = await probe('test.probe');
		const read = ['text', 'noSpaces', 'number', 'zero', 'empty', 'nullValue', 'yes', 'nested', 'list', 'object', 'listLength', 'dollarKey', 'collection'];
		const leftToN8n = ['textLength', 'missing', 'missingDeeper', 'guarded', 'template', 'trailingText', 'computed', 'collectionWithMissing', 'collectionWithTemplate', 'fixedCollection'];
		for (const item of items) {
			expect(read.filter((name) => item[name].leftToN8n)).toEqual([]);
			expect(leftToN8n.filter((name) => !item[name].leftToN8n)).toEqual([]);
		}
	});

	it('are all n8n’s when the node runs as an AI tool (there $json is not the input item)', async () => {
		const items = await probe('test.probeTool');
		for (const item of items) {
			expect(Object.entries(item).filter(([name, { leftToN8n }]) => !leftToN8n && String(CASES[name]).startsWith('='))).toEqual([]);
		}
	});

	it('never apply to what n8n checks against a schema as it resolves it (the mapped international details)', () => {
		expect(['details', 'details.value', 'details.value.accountHolderName'].map(checkedByN8n)).toEqual([true, true, true]);
		expect(['itemsJson', 'additionalFields', 'additionalFields.number', 'amount'].map(checkedByN8n)).toEqual([false, false, false, false]);
	});
});
