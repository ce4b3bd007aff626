/**
 * `npm run bench` part 7 (`BENCH_ONLY=trigger`): the Business Banking Trigger against n8n's own
 * Webhook node in one real n8n (bench/triggerN8n.ts), each followed by a No Operation, receiving the
 * same signed envelopes: one event at a time (a delivery every BENCH_TRIGGER_GAP_MS), and a burst at
 * 8 in flight; with the trigger's processed-data store empty and holding 10,000 other ids. Each
 * round runs both contenders back to back in both states (the order turns with the round); figures
 * are per-round ratios, medians of BENCH_TRIGGER_ROUNDS with their spread, and the machine's load.
 */
import { randomUUID } from 'crypto';
import { loadavg } from 'os';

import { SEED } from '../sandbox/core/seed';
import { subscriptionSignature } from '../sandbox/modules/webhooks/signing';
import { ratios, withSpread } from './stats';
import { median, printTable } from './table';
import { startBenchN8n, type BenchN8n, type Execution } from './triggerN8n';

const ROUNDS = Number(process.env.BENCH_TRIGGER_ROUNDS ?? 3);
const ONE_BY_ONE = Number(process.env.BENCH_TRIGGER_ONE_BY_ONE ?? 30);
const GAP_MS = Number(process.env.BENCH_TRIGGER_GAP_MS ?? 150);
const BURST = Number(process.env.BENCH_TRIGGER_BURST ?? 200);
const IN_FLIGHT = 8;
const REMEMBERED = [0, 10_000];

type Contender = 'trigger' | 'webhook';
type Shape = 'one' | 'burst';

interface Run {
	/** Execution time (n8n's startedAt → stoppedAt) of each execution, ms. */
	executionMs: number[];
	/** Time to the answer of each delivery, ms (what the bank waits for). */
	answerMs: number[];
	/** Events per second: the events over first send → last execution stopped. */
	perSecond: number;
	failed: number;
}

function envelope(): string {
	const id = randomUUID();
	return JSON.stringify({ id, type: 'v1/client-invoices', created_at: new Date().toISOString(), organization_id: SEED.organizations.fr, data: { id: randomUUID(), number: `F-BENCH-${id.slice(0, 8)}`, status: 'paid' } });
}

export async function deliver(url: string, secret: string): Promise<number> {
	const body = envelope();
	const started = performance.now();
	const response = await fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'application/json', 'X-Service-Signature': subscriptionSignature(secret, body, Math.floor(Date.now() / 1000)) } });
	await response.text();
	if (response.status !== 200) throw new Error(`a delivery was answered ${response.status}`);
	return performance.now() - started;
}

async function settledExecutions(bench: BenchN8n, workflowId: string, sinceMs: number, count: number): Promise<Execution[]> {
	const deadline = Date.now() + 300_000;
	for (;;) {
		const found = await bench.executionsSince(workflowId, sinceMs);
		const done = found.filter((execution) => execution.stoppedAt);
		if (done.length >= count) return done;
		if (Date.now() > deadline) throw new Error(`${done.length} of ${count} executions finished`);
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
}

async function runShape(bench: BenchN8n, contender: Contender, shape: Shape): Promise<Run> {
	const target = contender === 'trigger' ? bench.trigger : { ...bench.webhook, secret: bench.trigger.secret };
	const count = shape === 'one' ? ONE_BY_ONE : BURST;
	// n8n's startedAt has millisecond precision, and the clock is the same machine's.
	const sinceMs = Date.now() - 5;
	const answerMs: number[] = [];
	if (shape === 'one') {
		for (let index = 0; index < count; index++) {
			answerMs.push(await deliver(target.url, target.secret));
			await new Promise((resolve) => setTimeout(resolve, GAP_MS));
		}
	} else {
		let next = 0;
		await Promise.all(
			Array.from({ length: IN_FLIGHT }, async () => {
				while (next < count) {
					next++;
					answerMs.push(await deliver(target.url, target.secret));
				}
			}),
		);
	}
	const executions = await settledExecutions(bench, target.workflowId, sinceMs, count);
	const lastStop = Math.max(...executions.map((execution) => Date.parse(execution.stoppedAt as string)));
	return {
		executionMs: executions.map((execution) => Date.parse(execution.stoppedAt as string) - Date.parse(execution.startedAt)),
		answerMs,
		perSecond: (count / (lastStop - sinceMs)) * 1000,
		failed: executions.filter((execution) => execution.status !== 'success').length,
	};
}

const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)];

/** Runs the rounds; returns the summary rows (figure, measured, target, context). */
export async function benchTrigger(): Promise<string[][]> {
	const bench = await startBenchN8n();
	const runs = new Map<string, Run[]>();
	const loads: number[] = [];
	try {
		// A warm-up of each contender: n8n's first executions load and compile what later ones reuse.
		for (const contender of ['trigger', 'webhook'] as Contender[]) await runShape(bench, contender, 'one');
		for (let round = 0; round < ROUNDS; round++) {
			for (const remembered of REMEMBERED) {
				bench.remember(remembered);
				for (const shape of ['one', 'burst'] as Shape[]) {
					const order: Contender[] = round % 2 === 0 ? ['trigger', 'webhook'] : ['webhook', 'trigger'];
					for (const contender of order) {
						const key = `${remembered}/${shape}/${contender}`;
						runs.set(key, [...(runs.get(key) ?? []), await runShape(bench, contender, shape)]);
						loads.push(loadavg()[0]);
						process.stderr.write('.');
					}
				}
			}
		}
	} finally {
		process.stderr.write('\n');
		await bench.stop();
	}
	const of = (remembered: number, shape: Shape, contender: Contender) => runs.get(`${remembered}/${shape}/${contender}`) ?? [];
	const medians = (list: Run[], pick: (run: Run) => number[]) => list.map((run) => median(pick(run)));
	const rows: string[][] = [];
	for (const remembered of REMEMBERED) {
		for (const shape of ['one', 'burst'] as Shape[]) {
			for (const contender of ['trigger', 'webhook'] as Contender[]) {
				const list = of(remembered, shape, contender);
				rows.push([
					contender === 'trigger' ? 'Business Banking Trigger' : 'n8n Webhook node',
					shape === 'one' ? `${ONE_BY_ONE} one at a time` : `${BURST} at ${IN_FLIGHT} in flight`,
					remembered.toLocaleString('en'),
					withSpread(medians(list, (run) => run.executionMs), 0),
					withSpread(list.map((run) => p90(run.executionMs)), 0),
					withSpread(list.map((run) => run.perSecond), 1),
					withSpread(medians(list, (run) => run.answerMs), 0),
					String(list.reduce((sum, run) => sum + run.failed, 0)),
				]);
			}
		}
	}
	printTable(
		`7. Trigger against n8n's Webhook node in one n8n (regular mode), each → No Operation; medians of ${ROUNDS} rounds (lowest–highest)`,
		['contender', 'deliveries', 'remembered', 'execution ms', 'execution p90 ms', 'events/s', 'answer ms', 'failed'],
		rows,
	);
	const loadNote = `load ${withSpread(loads)}`;
	const summary: string[][] = [];
	for (const remembered of REMEMBERED) {
		for (const shape of ['one', 'burst'] as Shape[]) {
			const trigger = medians(of(remembered, shape, 'trigger'), (run) => run.executionMs);
			const webhook = medians(of(remembered, shape, 'webhook'), (run) => run.executionMs);
			summary.push([`trigger execution time ÷ Webhook node's, ${shape === 'one' ? 'one at a time' : `burst at ${IN_FLIGHT}`}, ${remembered.toLocaleString('en')} remembered`, withSpread(ratios(trigger, webhook)), '≤ 1.5', `${withSpread(trigger, 0)} ms vs ${withSpread(webhook, 0)} ms, ${loadNote}`]);
		}
		const trigger = of(remembered, 'burst', 'trigger').map((run) => run.perSecond);
		const webhook = of(remembered, 'burst', 'webhook').map((run) => run.perSecond);
		summary.push([`trigger events/s ÷ Webhook node's, burst, ${remembered.toLocaleString('en')} remembered`, withSpread(ratios(trigger, webhook)), '≥ 0.8', `${withSpread(trigger, 1)} vs ${withSpread(webhook, 1)} events/s, ${loadNote}`]);
	}
	// The trigger with 10,000 remembered against itself with none, each as a ratio to the Webhook node of its own run (the load moves both).
	const relative = (remembered: number, shape: Shape) => ratios(medians(of(remembered, shape, 'trigger'), (run) => run.executionMs), medians(of(remembered, shape, 'webhook'), (run) => run.executionMs));
	for (const shape of ['one', 'burst'] as Shape[]) {
		summary.push([`trigger execution time, 10,000 remembered ÷ 0, ${shape === 'one' ? 'one at a time' : 'burst'} (each ÷ Webhook node)`, withSpread(ratios(relative(10_000, shape), relative(0, shape))), '0.9–1.1', loadNote]);
	}
	const perSecond = (remembered: number) => ratios(of(remembered, 'burst', 'trigger').map((run) => run.perSecond), of(remembered, 'burst', 'webhook').map((run) => run.perSecond));
	summary.push(['trigger events/s, 10,000 remembered ÷ 0 (each ÷ Webhook node)', withSpread(ratios(perSecond(10_000), perSecond(0))), '0.9–1.1', loadNote]);
	return summary;
}
