// A workflow run as a user runs it from the editor (Execute workflow), inside the n8n server: what
// needs the server's modules (Data tables are not loaded by `n8n execute`) is tested this way.
import { N8nHttpError } from '../../../tools/n8n/api';
import { type E2eN8n, type ExecutionOutput, waitFor } from './n8n';

type RunData = ExecutionOutput['raw']['data'];

/** POST /rest/workflows/{id}/run from `trigger`, then the saved execution (public API) once it has finished. */
export async function runFromEditor(n8n: E2eN8n, workflowId: string, trigger: string): Promise<Pick<ExecutionOutput, 'items' | 'runs'> & { status: string; error?: string }> {
	const started = await n8n.client.rest<{ executionId: string }>('POST', `/workflows/${workflowId}/run`, { triggerToStartFrom: { name: trigger } });
	const execution = await waitFor(`execution ${started.executionId}`, async () => {
		let found: { status: string; finished: boolean; stoppedAt: string | null; data?: RunData };
		try {
			found = await n8n.client.publicApi('GET', `/executions/${started.executionId}?includeData=true`);
		} catch (error) {
			// n8n answers 503 "Database is not ready!" for a moment when its database is busy: ask again.
			if (error instanceof N8nHttpError && error.status === 503) return undefined;
			throw error;
		}
		return found.stoppedAt ? found : undefined;
	});
	const runData = execution.data?.resultData.runData ?? {};
	return {
		status: execution.status,
		error: execution.data?.resultData.error?.message,
		items: (nodeName, output = 0) => (runData[nodeName]?.[0]?.data?.main[output] ?? []).map((item) => item.json),
		runs: (nodeName) => runData[nodeName]?.length ?? 0,
	};
}
