/**
 * Runs a workflow (its JSON, as n8n stores it) through n8n-core's WorkflowExecute, with the harness's
 * node types and credentials. `error` is n8n-core's plain copy of the thrown error: compare
 * `error.name` ('NodeApiError'…), not classes.
 */
import './environment';
import { randomUUID } from 'crypto';

import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import {
	Workflow,
	type ExecutionBaseError,
	type INode,
	type INodeExecutionData,
	type IRun,
	type IWorkflowBase,
	type IWorkflowExecuteAdditionalData,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { HarnessCredentialsHelper, type CredentialStore } from './credentialStore';
import { nodeTypes } from './nodeTypes';
import { installProcessedDataStore } from './processedDataStore';

/**
 * The error an execution stopped on, as n8n-core records it: a plain copy of the thrown error
 * (its class is gone; `name` tells it, e.g. NodeApiError, and `httpCode` is kept).
 */
export type RunError = Pick<ExecutionBaseError, 'message' | 'description' | 'context'> & { name: string; httpCode?: string | null };

export interface RunResult {
	run: IRun;
	executionId: string;
	/** Output items of each node that ran (first run, all outputs flattened per output index 0). */
	outputs: Record<string, INodeExecutionData[]>;
	/** The execution's error, if it stopped on one. */
	error?: RunError;
}

export interface RunWorkflowOptions {
	/** Credentials by id (the workflow's nodes refer to them with `credentials: {type: {id, name}}`). */
	credentials?: Map<string, CredentialStore>;
	/** Fixed execution id (to replay one execution's idempotency keys); random otherwise. */
	executionId?: string;
	mode?: WorkflowExecuteMode;
	/** The node to start from (defaults to the first node without inputs). */
	startNode?: string;
	/**
	 * Go on with an execution saved earlier (as n8n does when a waiting execution resumes, in any
	 * process): its run data, as stored (JSON), and this node to run next on one empty item.
	 */
	resume?: { from: IRun; node: string; after: string };
	/**
	 * n8n's "Retry execution" of a failed execution: its data as stored (JSON), the failed node's
	 * error run taken off, run on from the stack it saved (the failed node again, with its input).
	 * The node's execution context comes along, as in n8n's execution service.
	 */
	retryOf?: IRun;
}

/**
 * WorkflowExecute.run takes its arguments in one object since n8n-core 2.0 and one by one before
 * (1.x): the harness runs on both, so the n8n assumption tests (test/n8n) run on every n8n of the matrix.
 */
async function runWorkflowExecute(execute: WorkflowExecute, workflow: Workflow, startNode: INode | undefined): Promise<IRun> {
	const run = execute.run as unknown as (...args: unknown[]) => PromiseLike<IRun>;
	return await (run.length > 1 ? run.call(execute, workflow, startNode) : run.call(execute, { workflow, startNode }));
}

/** Executes a workflow (its JSON, as n8n stores it) through n8n-core's WorkflowExecute. */
export async function runWorkflow(workflowData: Pick<IWorkflowBase, 'nodes' | 'connections'> & Partial<IWorkflowBase>, options: RunWorkflowOptions = {}): Promise<RunResult> {
	const executionId = options.executionId ?? randomUUID();
	const mode = options.mode ?? 'manual';
	const data: IWorkflowBase = {
		id: workflowData.id ?? 'wf-1',
		name: workflowData.name ?? 'test workflow',
		active: false,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		settings: { executionOrder: 'v1' },
		...workflowData,
	} as IWorkflowBase;
	const workflow = new Workflow({
		id: data.id,
		name: data.name,
		nodes: data.nodes,
		connections: data.connections,
		active: false,
		nodeTypes,
		staticData: {},
		settings: data.settings,
	});
	const additionalData = buildAdditionalData(options.credentials ?? new Map(), executionId, mode, data);
	// n8n's processed-data store, which n8n's start, worker and webhook commands set up.
	await installProcessedDataStore();

	const startNode = options.startNode
		? workflow.getNode(options.startNode) ?? undefined
		: data.nodes.find((node) => Object.values(Workflow.getConnectionsByDestination(data.connections)[node.name] ?? {}).length === 0);
	let run: IRun;
	try {
		if (options.resume) run = await resumeExecution(workflow, additionalData, mode, options.resume);
		else if (options.retryOf) run = await retryExecution(workflow, additionalData, options.retryOf);
		else run = await runWorkflowExecute(new WorkflowExecute(additionalData, mode), workflow, startNode);
	} catch (error) {
		// n8n refuses to start a workflow whose nodes have issues (e.g. a parameter failing its regex).
		return { run: undefined as unknown as IRun, executionId, outputs: {}, error: { ...error, name: error.name, message: error.message } };
	}
	const outputs: Record<string, INodeExecutionData[]> = {};
	for (const [name, tasks] of Object.entries(run.data.resultData.runData)) {
		outputs[name] = tasks[0]?.data?.main?.[0] ?? [];
	}
	return { run, executionId, outputs, error: run.data.resultData.error as RunError | undefined };
}

/** Runs `resume.node` next in the saved execution `resume.from`, with only what n8n stores of it (JSON). */
async function resumeExecution(workflow: Workflow, additionalData: IWorkflowExecuteAdditionalData, mode: WorkflowExecuteMode, resume: NonNullable<RunWorkflowOptions['resume']>): Promise<IRun> {
	const saved = JSON.parse(JSON.stringify(resume.from.data)) as IRun['data'];
	const node = workflow.getNode(resume.node);
	if (!node) throw new Error(`engine harness: no node ${resume.node} to resume with`);
	saved.executionData!.nodeExecutionStack = [{ node, data: { main: [[{ json: {} }]] }, source: { main: [{ previousNode: resume.after }] } }];
	delete saved.resultData.error;
	return await new WorkflowExecute(additionalData, mode, saved).processRunExecutionData(workflow);
}

/** As n8n's execution service retries: the saved data without its error and the failed node's last run. */
async function retryExecution(workflow: Workflow, additionalData: IWorkflowExecuteAdditionalData, failed: IRun): Promise<IRun> {
	const saved = JSON.parse(JSON.stringify(failed.data)) as IRun['data'];
	const lastNode = saved.resultData.lastNodeExecuted;
	if (lastNode && Array.isArray(saved.resultData.runData[lastNode])) saved.resultData.runData[lastNode].pop();
	delete saved.resultData.error;
	// Retry with the workflow as it is now (n8n's loadWorkflow: the nodes matched by name).
	for (const entry of saved.executionData?.nodeExecutionStack ?? []) entry.node = workflow.getNode(entry.node.name) ?? entry.node;
	return await new WorkflowExecute(additionalData, 'retry', saved).processRunExecutionData(workflow);
}

/** What n8n hands the engine besides the workflow: credentials, hooks and instance addresses. */
export function buildAdditionalData(credentials: Map<string, CredentialStore>, executionId: string, mode: WorkflowExecuteMode, data: IWorkflowBase): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: new HarnessCredentialsHelper(credentials),
		hooks: new ExecutionLifecycleHooks(mode, executionId, data),
		executionId,
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678',
		formBaseUrl: 'http://localhost:5678/form',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		formTestBaseUrl: 'http://localhost:5678/form-test',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		mcpBaseUrl: 'http://localhost:5678/mcp',
		mcpTestBaseUrl: 'http://localhost:5678/mcp-test',
		variables: {},
		executeWorkflow: async () => {
			throw new Error('engine harness: sub-workflows are not supported');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		logAiEvent: () => undefined,
		startRunnerTask: async () => {
			throw new Error('engine harness: task runners are not supported');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}
