import type { IDataObject, IExecuteFunctions, IRunExecutionData } from 'n8n-workflow';

/**
 * A tool run that n8n records for an agent calling it as a function (n8n 1.x agents, the MCP Server
 * Trigger) holds the node's output items as `{ response: [json, …] }`; an engine-run tool and a
 * regular node hold the items themselves.
 */
function unwrapped(json: IDataObject): IDataObject[] {
	const { response } = json;
	if (Object.keys(json).length !== 1 || response === null || typeof response !== 'object') return [json];
	return (Array.isArray(response) ? response : [response]).filter((entry): entry is IDataObject => entry !== null && typeof entry === 'object');
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

/**
 * What this node output in its earlier runs of this execution: n8n keeps them in the execution's
 * run data, which is saved with the execution and loaded again when a waiting execution resumes
 * (human review of a tool call), on whichever worker and after any restart. So it is the one
 * record of "this execution so far" that every process sees. An AI agent's tool calls are each a
 * run of the tool node. n8n-core's execute context holds the run data (`runExecutionData`); a
 * context without it (none known) has no earlier runs.
 */
export function earlierOutputs(context: IExecuteFunctions): IDataObject[] {
	const runs = runDataOf(context)?.[context.getNode().name] ?? [];
	const outputs: IDataObject[] = [];
	for (const run of runs) {
		// Every connection type: a tool's runs are kept under ai_tool, a regular node's under main.
		for (const branches of Object.values(run?.data ?? {})) {
			for (const items of branches ?? []) for (const item of items ?? []) if (item?.json) outputs.push(...unwrapped(item.json));
		}
	}
	return outputs;
}
