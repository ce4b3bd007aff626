// A workflow run as a user runs it from the editor (Execute workflow), inside the n8n server: no n8n
// process to boot per run (as `n8n execute` does, ~8 s each), and what needs the server's modules (Data
// tables are not loaded by `n8n execute`) runs.
import { N8nHttpError, type N8nClient } from '../../../tools/n8n/api';
import { executionOutput, type ExecutionOutput, type RunData } from './executionOutput';
import { waitFor } from './waitFor';

export type EditorRun = ExecutionOutput & { status: string; error?: string };

/**
 * POST /rest/workflows/{id}/run from `trigger`, then the saved execution (public API) once it has stopped:
 * finished, or waiting for a person (a Wait or form node), as `n8n execute` returns then too.
 */
export async function runFromEditor(n8n: { client: N8nClient }, workflowId: string, trigger: string, timeoutMs = 300_000): Promise<EditorRun> {
	const started = await n8n.client.rest<{ executionId: string }>('POST', `/workflows/${workflowId}/run`, { triggerToStartFrom: { name: trigger } });
	const execution = await waitFor(
		`execution ${started.executionId}`,
		async () => {
			let found: { status: string; stoppedAt: string | null; data?: RunData };
			try {
				found = await n8n.client.publicApi('GET', `/executions/${started.executionId}?includeData=true`);
			} catch (error) {
				// n8n answers 503 "Database is not ready!" for a moment when its database is busy: ask again.
				if (error instanceof N8nHttpError && error.status === 503) return undefined;
				throw error;
			}
			return found.stoppedAt || found.status === 'waiting' ? found : undefined;
		},
		timeoutMs,
	);
	const data = execution.data ?? { resultData: { runData: {} } };
	return { ...executionOutput(data), status: execution.status, error: data.resultData.error?.message };
}
