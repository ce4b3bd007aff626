import type { IDataObject, IExecuteFunctions, INodeExecutionData, IRunExecutionData, ITaskData } from 'n8n-workflow';

/**
 * A tool run that n8n records for an agent calling it as a function (n8n 1.x agents, the MCP Server
 * Trigger) holds the node's output items as `{ response: [json, …] }`; an engine-run tool and a
 * regular node hold the items themselves.
 */
function unwrapped(item: INodeExecutionData): INodeExecutionData[] {
	const { json } = item;
	const response = json?.response;
	if (Object.keys(json ?? {}).length !== 1 || response === null || typeof response !== 'object') return [item];
	return (Array.isArray(response) ? response : [response]).filter((entry): entry is IDataObject => entry !== null && typeof entry === 'object').map((entry) => ({ json: entry }));
}

function runDataOf(context: IExecuteFunctions) {
	return (context as unknown as { runExecutionData?: IRunExecutionData }).runExecutionData?.resultData?.runData;
}

/**
 * Whether this run belongs to an execution n8n records: some other node (a trigger, the agent) ran
 * before it. A tool that n8n's MCP Server Trigger runs for one MCP request has none: n8n-core's
 * webhook context starts empty run data for each request, so nothing is kept from call to call.
 */
export function inRecordedExecution(context: IExecuteFunctions): boolean {
	const own = context.getNode().name;
	return Object.keys(runDataOf(context) ?? {}).some((name) => name !== own);
}

/** The run of this node now under way (n8n-core's execute and supply-data contexts hold its index). */
export function currentRunIndex(context: IExecuteFunctions): number {
	const index = (context as unknown as { runIndex?: unknown }).runIndex;
	return typeof index === 'number' ? index : 0;
}

/**
 * This node's earlier runs in this execution that have finished, by run index, with their output
 * items. n8n keeps them in the execution's run data, which is saved with the execution and loaded
 * again when a waiting execution resumes (human review of a tool call), on whichever worker and
 * after any restart: the one record of "this execution so far" that every process sees. An AI
 * agent's tool calls are each a run of the tool node. Left out: the current run, and runs still
 * under way or that failed, whose run data n8n's AI Agent 1.x and 2.x fill with the tool call's
 * input (the model's arguments) until the tool answers. n8n-core's contexts hold the run data
 * (`runExecutionData`); a context without it (none known) has no earlier runs.
 */
export function earlierRuns(context: IExecuteFunctions): Array<{ runIndex: number; items: INodeExecutionData[] }> {
	const runs: Array<ITaskData | undefined> = runDataOf(context)?.[context.getNode().name] ?? [];
	const current = currentRunIndex(context);
	const finished: Array<{ runIndex: number; items: INodeExecutionData[] }> = [];
	runs.forEach((run, runIndex) => {
		if (!run || runIndex === current || run.executionStatus === 'running' || run.error) return;
		const items: INodeExecutionData[] = [];
		// Every connection type: a tool's runs are kept under ai_tool, a regular node's under main.
		for (const branches of Object.values(run.data ?? {})) {
			for (const branch of branches ?? []) for (const item of branch ?? []) if (item?.json) items.push(...unwrapped(item));
		}
		finished.push({ runIndex, items });
	});
	return finished;
}

/** What this node output in its earlier, finished runs of this execution (see earlierRuns), as json. */
export function earlierOutputs(context: IExecuteFunctions): IDataObject[] {
	return earlierRuns(context).flatMap((run) => run.items.map((item) => item.json));
}
