// The assumption of n8n/processedData.ts, in n8n-core's engine of each release of the matrix: a
// node's execute() reaches n8n's processed-data store through helpers.checkProcessedAndRecord, per
// node, and learns which values are new (recorded now) and which were recorded before.
import type { IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';

import { forgetForNode, nodeCanRecord, recordNewForNode } from '../../nodes/BusinessBanking/n8n/processedData';
import { registerNodeType } from '../helpers/engine/nodeTypes';
import { runNode } from '../helpers/engine/runNode';
import { useTestSandbox } from '../helpers/sandbox';
import { installProcessedDataStore } from '../trigger/execute';

const sandbox = useTestSandbox({}, { resetEachTest: false });

/** Records each input item's `id` (or takes out its `forget`) and outputs the ids n8n reported new. */
class RecordingNode implements INodeType {
	description = { displayName: 'Recording', name: 'recording', group: [], version: 1, description: '', defaults: {}, inputs: ['main'], outputs: ['main'], properties: [] } as never;
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		await forgetForNode(this, items.filter((item) => item.json.forget).map((item) => String(item.json.forget)), { mode: 'entries', maxEntries: 10 });
		const ids = items.filter((item) => item.json.id).map((item) => String(item.json.id));
		const fresh = ids.length ? await recordNewForNode(this, ids, { mode: 'entries', maxEntries: 10 }) : [];
		return [[{ json: { fresh, canRecord: nodeCanRecord(this) } }]];
	}
}

describe('n8n’s processed-data store, as the trigger uses it', () => {
	beforeAll(async () => {
		await installProcessedDataStore();
		registerNodeType('test.recording', new RecordingNode());
	});

	const runWith = async (nodeId: string, input: object[], workflowId = 'wf-processed') => {
		const { items, error } = await runNode({ sandbox, workflowId, nodeId, node: { type: 'test.recording', name: 'Recording', parameters: {} }, items: input as never });
		expect(error).toBeUndefined();
		return items[0].json as { fresh: string[]; canRecord: boolean };
	};
	const run = async (nodeId: string, ids: string[]) => (await runWith(nodeId, ids.map((id) => ({ id })))).fresh;

	it('answers the values not recorded before, records them, and keeps each node’s own', async () => {
		expect(await run('node-a', ['1', '2'])).toEqual(['1', '2']);
		expect(await run('node-a', ['2', '3'])).toEqual(['3']);
		expect(await run('node-b', ['2'])).toEqual(['2']);
	});

	it('takes values out again (helpers.removeProcessed): they are new the next time; a saved workflow can record, an unsaved one cannot', async () => {
		expect(await run('node-c', ['x', 'y'])).toEqual(['x', 'y']);
		expect((await runWith('node-c', [{ forget: 'x' }, { forget: 'not-there' }])).fresh).toEqual([]);
		expect(await run('node-c', ['x', 'y'])).toEqual(['x']);
		expect((await runWith('node-c', [{}])).canRecord).toBe(true);
		expect((await runWith('node-c', [{}], '__EMPTY__')).canRecord).toBe(false);
	});
});
