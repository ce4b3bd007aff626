import { ExecuteContext } from 'n8n-core';

import { runNode } from '../helpers/engine/runNode';
import { frCompanyClient, uniqueNumber } from '../helpers/fixtures';
import { useTestSandbox } from '../helpers/sandbox';
import { createClient, createParameters, out } from '../node/invoiceFixtures';

const sandbox = useTestSandbox({}, { resetEachTest: false });
// Four executions in n8n's engine; on a 2-core machine shared with other runs they can take more than jest's default 5 s.
jest.setTimeout(60_000);

/**
 * Each read of a parameter sets up n8n's expression machinery (a third of an item's CPU in the
 * benchmark): the node resolves a parameter with an expression once per item, and one without once
 * per run, although its type check and the operation both read them; one whose expression is only
 * a path into the item ({{ $json.lines }}) is read from the item without n8n (itemPathReads.test.ts
 * shows it gives what n8n gives). Counted in n8n's own engine.
 */
describe('Parameter reads per run', () => {
	it('resolves an expression once per item, a plain value once per run and an item path never, and items still get their own values', async () => {
		const clientId = await createClient(sandbox, { ...frCompanyClient, name: 'Parameter reads' });
		const prefix = uniqueNumber('PR');
		const input = Array.from({ length: 12 }, (_, index) => ({
			number: `${prefix}-${index}`,
			lines: [{ title: `Line ${index}`, quantity: '1', unit_price: `${10 + index}.00`, vat_rate: '0.2' }],
		}));
		const reads = jest.spyOn(ExecuteContext.prototype as unknown as { _getNodeParameter: (name: string, itemIndex: number) => unknown }, '_getNodeParameter');
		try {
			const { items, error } = await runNode({
				sandbox,
				node: {
					parameters: createParameters(clientId, {
						status: 'draft',
						itemsInput: 'json',
						itemsJson: '={{ $json.lines }}',
						additionalFields: { number: '={{ $json.number.trim() }}' },
					}),
				},
				items: input,
			});
			expect(error).toBeUndefined();
			expect(items.map((item) => out(item).number)).toEqual(input.map((row) => row.number));
			expect(items.map((item) => out(item).total_amount.value)).toEqual(input.map((_, index) => `${((10 + index) * 1.2).toFixed(2)}`));
			const readsOf = (name: string) => reads.mock.calls.filter(([parameter]) => parameter === name).map(([, itemIndex]) => itemIndex);
			expect(readsOf('itemsJson')).toEqual([]);
			expect(readsOf('additionalFields')).toEqual(input.map((_, index) => index));
			for (const constant of ['currency', 'issueDate', 'dueDate', 'iban', 'status']) expect(readsOf(constant)).toHaveLength(1);
		} finally {
			reads.mockRestore();
		}
	});
});
