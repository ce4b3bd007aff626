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
import { DataDeduplicationService, ExecuteContext } from 'n8n-core';
import {
	createRunExecutionData,
	NodeHelpers,
	Workflow,
	type DeduplicationItemTypes,
	type ICheckProcessedContextData,
	type ICheckProcessedOptions,
	type IDataDeduplicator,
	type IDeduplicationOutput,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type IWorkflowExecuteAdditionalData,
	type WorkflowExecuteMode,
} from 'n8n-workflow';
import { createHash } from 'crypto';

import { BusinessBankingTrigger } from '../../nodes/BusinessBankingTrigger/BusinessBankingTrigger.node';
import { NODE_NAME, TRIGGER_TYPE } from './harness';

const roundTrip = () => new Promise((resolve) => setImmediate(resolve));

export class ProcessedDataStore implements IDataDeduplicator {
	readonly rows = new Map<string, string[]>();
	/** Called once a check has written its list (another process may write right after). */
	afterWrite?: (rowKey: string) => void;
	/** The next write fails, as n8n's insert does when another process inserted the row first. */
	failNextWrite = false;
	/** While set, every check waits for it first (a write held in flight). */
	hold?: Promise<void>;

	static rowKey(contextData: ICheckProcessedContextData, scope: string): string {
		return `${contextData.workflow.id}|${scope === 'node' ? `n:${contextData.node?.id}` : ''}`;
	}

	static hash(value: DeduplicationItemTypes): string {
		return createHash('md5').update(String(value)).digest('base64');
	}

	async checkProcessedAndRecord(items: DeduplicationItemTypes[], scope: 'node' | 'workflow', contextData: ICheckProcessedContextData, options: ICheckProcessedOptions): Promise<IDeduplicationOutput> {
		const key = ProcessedDataStore.rowKey(contextData, scope);
		await this.hold;
		await roundTrip();
		const stored = [...(this.rows.get(key) ?? [])];
		const result: IDeduplicationOutput = { new: [], processed: [] };
		for (const item of items) {
			const hash = ProcessedDataStore.hash(item);
			if (stored.includes(hash)) result.processed.push(item);
			else {
				result.new.push(item);
				stored.push(hash);
			}
		}
		if (options.maxEntries) stored.splice(0, Math.max(0, stored.length - options.maxEntries));
		await roundTrip();
		if (this.failNextWrite) {
			this.failNextWrite = false;
			throw new Error('duplicate key value violates unique constraint "PK_processed_data"');
		}
		this.rows.set(key, stored);
		this.afterWrite?.(key);
		return result;
	}

	async removeProcessed(): Promise<void> {}

	async clearAllProcessedItems(scope: 'node' | 'workflow', contextData: ICheckProcessedContextData): Promise<void> {
		this.rows.delete(ProcessedDataStore.rowKey(contextData, scope));
	}

	async getProcessedDataCount(scope: 'node' | 'workflow', contextData: ICheckProcessedContextData): Promise<number> {
		return this.rows.get(ProcessedDataStore.rowKey(contextData, scope))?.length ?? 0;
	}
}

/** The store behind n8n-core's DataDeduplicationService, initialised once per test file (n8n-core allows one). */
export async function installProcessedDataStore(): Promise<ProcessedDataStore> {
	const store = new ProcessedDataStore();
	await DataDeduplicationService.init(store);
	return store;
}

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
