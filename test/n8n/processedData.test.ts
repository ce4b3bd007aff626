// The assumption of n8n/processedData.ts, in n8n-core's engine of each release of the matrix: a
// node's execute() reaches n8n's processed-data store through helpers.checkProcessedAndRecord, per
// node, and learns which values are new (recorded now) and which were recorded before.
import type { IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';

import { recordNewForNode } from '../../nodes/BusinessBanking/n8n/processedData';
import { registerNodeType } from '../helpers/engine/nodeTypes';
import { runNode } from '../helpers/engine/runNode';
import { useTestSandbox } from '../helpers/sandbox';
import { installProcessedDataStore } from '../trigger/execute';

const sandbox = useTestSandbox({}, { resetEachTest: false });

/** Records each input item's `id` and outputs the ids n8n reported new. */
class RecordingNode implements INodeType {
	description = { displayName: 'Recording', name: 'recording', group: [], version: 1, description: '', defaults: {}, inputs: ['main'], outputs: ['main'], properties: [] } as never;
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const ids = this.getInputData().map((item) => String(item.json.id));
		const fresh = await recordNewForNode(this, ids, { mode: 'entries', maxEntries: 10 });
		return [fresh.map((id) => ({ json: { id } }))];
	}
}

describe('n8n’s processed-data store, as the trigger uses it', () => {
	beforeAll(async () => {
		await installProcessedDataStore();
		registerNodeType('test.recording', new RecordingNode());
	});

	const run = async (nodeId: string, ids: string[]) => {
		const { items, error } = await runNode({ sandbox, workflowId: 'wf-processed', nodeId, node: { type: 'test.recording', name: 'Recording', parameters: {} }, items: ids.map((id) => ({ id })) });
		expect(error).toBeUndefined();
		return items.map((item) => item.json.id);
	};

	it('answers the values not recorded before, records them, and keeps each node’s own', async () => {
		expect(await run('node-a', ['1', '2'])).toEqual(['1', '2']);
		expect(await run('node-a', ['2', '3'])).toEqual(['3']);
		expect(await run('node-b', ['2'])).toEqual(['2']);
	});
});
