/**
 * Where a trigger execution's time goes, read from n8n's own records (`npx ts-node --transpile-only
 * bench/profileTrigger.ts`): the bench's n8n (bench/triggerN8n.ts), events one at a time to the
 * Business Banking Trigger and to n8n's Webhook node, then each execution read back with its data:
 * n8n's execution time (startedAt → stoppedAt), each node's own executionTime, and what is left
 * outside the nodes (n8n's start and end of an execution: hooks, saving).
 */
import { median } from './table';
import { deliver } from './trigger';
import { startBenchN8n, type BenchN8n } from './triggerN8n';

const EVENTS = Number(process.env.PROFILE_TRIGGER_EVENTS ?? 40);

interface RecordedExecution {
	startedAt: string;
	stoppedAt: string;
	data: { resultData: { runData: Record<string, Array<{ executionTime: number; startTime: number }>> } };
}

async function profile(bench: BenchN8n, name: string, workflowId: string, url: string): Promise<void> {
	const sinceMs = Date.now() - 5;
	for (let index = 0; index < EVENTS; index++) {
		await deliver(url, bench.trigger.secret);
		await new Promise((resolve) => setTimeout(resolve, 150));
	}
	await new Promise((resolve) => setTimeout(resolve, 2000));
	const executions = (await bench.executionsSince(workflowId, sinceMs)).slice(5); // the first few warm n8n up
	const recorded = await Promise.all(executions.map((execution) => bench.client.publicApi<RecordedExecution>('GET', `/executions/${execution.id}?includeData=true`)));
	const byNode = new Map<string, number[]>();
	const total: number[] = [];
	const outside: number[] = [];
	const beforeFirstNode: number[] = [];
	for (const execution of recorded) {
		const started = Date.parse(execution.startedAt);
		const ms = Date.parse(execution.stoppedAt) - started;
		total.push(ms);
		let inNodes = 0;
		let firstStart = Infinity;
		for (const [node, runs] of Object.entries(execution.data.resultData.runData)) {
			const time = runs.reduce((sum, run) => sum + run.executionTime, 0);
			inNodes += time;
			firstStart = Math.min(firstStart, ...runs.map((run) => run.startTime));
			byNode.set(node, [...(byNode.get(node) ?? []), time]);
		}
		outside.push(ms - inNodes);
		beforeFirstNode.push(firstStart - started);
	}
	console.log(`${name}: ${recorded.length} executions, execution time median ${median(total)} ms`);
	for (const [node, times] of byNode) console.log(`  ${node}: median ${median(times)} ms, max ${Math.max(...times)} ms`);
	console.log(`  outside the nodes: median ${median(outside)} ms (startedAt → first node: ${median(beforeFirstNode)} ms)`);
}

async function main(): Promise<void> {
	const bench = await startBenchN8n();
	try {
		await profile(bench, 'Business Banking Trigger', bench.trigger.workflowId, bench.trigger.url);
		await profile(bench, 'n8n Webhook node', bench.webhook.workflowId, bench.webhook.url);
	} finally {
		await bench.stop();
	}
}

void main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
