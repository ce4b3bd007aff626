// What a test reads of a finished run, whether n8n's CLI printed it or n8n saved it after a run from the editor.

export interface ExecutionOutput {
	/** Items a node output in its first run (main output 0 unless `output` is given). */
	items(nodeName: string, output?: number): Array<Record<string, unknown>>;
	/** Items a node output over all its runs (a node inside a loop runs once per round). */
	allItems(nodeName: string, output?: number): Array<Record<string, unknown>>;
	/** How many times the node ran. */
	runs(nodeName: string): number;
	/** Every run of the execution as n8n returned it. */
	raw: { data: { resultData: { runData: Record<string, Array<{ data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> }; error?: unknown }>>; error?: { message: string } } } };
}

export type RunData = ExecutionOutput['raw']['data'];

export function executionOutput(data: RunData): ExecutionOutput {
	const runData = data.resultData.runData;
	return {
		raw: { data },
		items: (nodeName, output = 0) => (runData[nodeName]?.[0]?.data?.main[output] ?? []).map((item) => item.json),
		allItems: (nodeName, output = 0) => (runData[nodeName] ?? []).flatMap((run) => (run.data?.main[output] ?? []).map((item) => item.json)),
		runs: (nodeName) => runData[nodeName]?.length ?? 0,
	};
}
