/**
 * Runs the Business Banking Trigger's execute() as n8n does after a delivery started an execution:
 * in n8n-core's own ExecuteContext, with the items webhook() produced as its input, and n8n-core's
 * DataDeduplicationService behind `this.helpers.checkProcessedAndRecord`.
 *
 * n8n's own deduplicator keeps the values in its database (`processed_data`) and lives in the n8n
 * server package, which cannot run here; `ProcessedDataStore` stands in for it with the same
 * behaviour: per workflow and context one list, read whole and written back whole, without a lock,
 * a database round trip apart. The real one is exercised in test/e2e/queue-mode.test.ts.
 */
import { ExecuteContext } from 'n8n-core';
import {
	createRunExecutionData,
	NodeHelpers,
	Workflow,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type IWorkflowExecuteAdditionalData,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { BusinessBankingTrigger } from '../../nodes/BusinessBankingTrigger/BusinessBankingTrigger.node';
import { NODE_NAME, TRIGGER_TYPE } from './harness';

export { installProcessedDataStore, ProcessedDataStore } from '../helpers/engine/processedDataStore';

const triggerType = new BusinessBankingTrigger();

export function triggerNode(id: string, options: INodeParameters = {}): INode {
	return {
		id,
		name: NODE_NAME,
		type: TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, 0],
		webhookId: id,
		parameters: { mode: 'subscription', events: ['v1/client-invoices'], options },
	};
}

/** The trigger's execute() on `items`, as the first node of an execution in `mode`. */
export async function runTriggerExecute(node: INode, items: INodeExecutionData[], mode: WorkflowExecuteMode = 'webhook', workflowId = 'wf-durable'): Promise<INodeExecutionData[]> {
	const workflow = new Workflow({
		id: workflowId,
		name: 'durable dedup test',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: {
			getByName: () => triggerType,
			getByNameAndVersion: () => NodeHelpers.getVersionedNodeType(triggerType, 1) as INodeType,
			getKnownTypes: () => ({}),
		},
	});
	const inputData = { main: [items] };
	const context = new ExecuteContext(
		workflow,
		node,
		{
			executionId: 'exec-1',
			variables: {},
			instanceBaseUrl: 'http://localhost:5678',
			webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
			formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		} as unknown as IWorkflowExecuteAdditionalData,
		mode,
		createRunExecutionData(),
		0,
		items,
		inputData,
		{ node, data: inputData, source: null },
		[],
	);
	const [output] = await triggerType.execute.call(context);
	return output;
}
