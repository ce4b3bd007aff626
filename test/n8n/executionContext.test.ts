// The assumption of n8n/executionContext.ts, in n8n-core's engine of each release of the matrix: what a
// node writes into `getContext('node')` is there again when it runs again in the same execution (Retry
// On Fail), is saved with the execution, and comes back in a "Retry execution" of it (the harness
// retries as n8n's execution service does: the saved data, the failed node run again).
import type { IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { executionRecord } from '../../nodes/BusinessBanking/n8n/executionContext';
import { registerNodeType } from '../helpers/engine/nodeTypes';
import { runNode } from '../helpers/engine/runNode';
import { useTestSandbox } from '../helpers/sandbox';

const sandbox = useTestSandbox({}, { resetEachTest: false });

/** Counts its runs in its execution record; fails while fewer than the item's `failUntil` runs were counted. */
class CountingNode implements INodeType {
	description = { displayName: 'Counting', name: 'counting', group: [], version: 1, description: '', defaults: {}, inputs: ['main'], outputs: ['main'], properties: [] } as never;
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const record = executionRecord<{ runs?: number }>(this, 'counting');
		record.runs = (record.runs ?? 0) + 1;
		const failUntil = Number(this.getInputData()[0].json.failUntil ?? 0);
		if (record.runs < failUntil) throw new NodeOperationError(this.getNode(), `run ${record.runs}`);
		return [[{ json: { runs: record.runs } }]];
	}
}

describe('the node’s execution context, as the write memory keeps its own record in it', () => {
	beforeAll(() => registerNodeType('test.counting', new CountingNode()));

	it('is kept across Retry On Fail in one execution', async () => {
		const { items, error } = await runNode({ sandbox, node: { type: 'test.counting', name: 'Counting', parameters: {}, retryOnFail: true, maxTries: 3, waitBetweenTries: 0 }, items: [{ failUntil: 3 }] });
		expect(error).toBeUndefined();
		expect(items[0].json.runs).toBe(3);
	});

	it('is saved with a failed execution and found again by a Retry execution of it', async () => {
		const failed = await runNode({ sandbox, node: { type: 'test.counting', name: 'Counting', parameters: {} }, items: [{ failUntil: 2 }] });
		expect(failed.error?.message).toBe('run 1');
		const retried = await runNode({ sandbox, node: { type: 'test.counting', name: 'Counting', parameters: {} }, items: [{ failUntil: 2 }], retryOf: failed.run });
		expect(retried.error).toBeUndefined();
		expect(retried.items[0].json.runs).toBe(2);
		// Another execution of the same input starts with an empty record.
		expect((await runNode({ sandbox, node: { type: 'test.counting', name: 'Counting', parameters: {} }, items: [{ failUntil: 0 }] })).items[0].json.runs).toBe(1);
	});
});
