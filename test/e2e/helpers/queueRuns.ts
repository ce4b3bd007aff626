// Driving and watching runs in queue mode: many calls at a bounded concurrency, executions waited for
// until finished or settled, and the `[e2e queue]` figure lines.
import { waitFor } from './n8n';
import type { Execution, QueueN8n } from './queue';

/** Prints a figure of a scenario as an `[e2e queue]` line. */
export const figure = (scenario: string, values: Record<string, unknown>) => process.stderr.write(`\n[e2e queue] ${scenario}: ${JSON.stringify(values)}\n`);

/** Runs `tasks` with at most `limit` at once. */
export async function inBatches<T>(count: number, limit: number, task: (index: number) => Promise<T>): Promise<T[]> {
	const results: T[] = [];
	for (let start = 0; start < count; start += limit) {
		results.push(...(await Promise.all(Array.from({ length: Math.min(limit, count - start) }, (_, offset) => task(start + offset)))));
	}
	return results;
}

/** At least `count` executions of the workflow, once each has stopped (whatever its status). */
export async function finished(n8n: QueueN8n, workflowId: string, count: number, timeoutMs = 240_000): Promise<Execution[]> {
	return await waitFor(
		`${count} finished execution(s) of workflow ${workflowId}`,
		async () => {
			const executions = await n8n.allExecutions(workflowId);
			const done = executions.filter((execution) => execution.status !== 'new' && execution.status !== 'running');
			return done.length >= count ? done : undefined;
		},
		timeoutMs,
	);
}

/** Every execution of the workflow once none is queued or running and no new one came for 3 s. */
export async function settled(n8n: QueueN8n, workflowId: string, timeoutMs = 180_000): Promise<Execution[]> {
	let previous = -1;
	return await waitFor(
		`the executions of workflow ${workflowId} to settle`,
		async () => {
			await new Promise((resolve) => setTimeout(resolve, 3000));
			const found = await n8n.allExecutions(workflowId);
			const busy = found.some((execution) => execution.status === 'new' || execution.status === 'running');
			const stable = found.length === previous;
			previous = found.length;
			return !busy && stable ? found : undefined;
		},
		timeoutMs,
	);
}
