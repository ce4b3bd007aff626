/**
 * Section 1 of `npm run bench`: invoice creations in one execution, this node against n8n's HTTP
 * Request node, the n8n floor and a raw loop, at each added latency (bench/run.ts says how).
 */
import { loadavg } from 'os';

import { collectGarbage } from './collectGarbage';
import { createBenchClient, HTTP_REQUEST_TYPE, httpRequestParameters, invoiceBody, invoiceRows, type loadHttpRequestNode, NODE_TYPE, oursCreateParameters, timeNode, type Timing } from './contenders';
import { FLOOR_NODE_TYPE, floorParameters } from './floorNode';
import { rawCreations } from './raw';
import type { RemoteSandbox } from './remoteSandbox';
import { CREATE_PATH, CREATIONS, HTTP_BATCHING, LATENCIES, ROUNDS, WARM_UP } from './settings';
import { ratios, withSpread } from './stats';
import { median, printTable } from './table';

async function setLatency(sandbox: RemoteSandbox, latencyMs: number, count: number): Promise<void> {
	await fetch(`${sandbox.url}/sandbox/faults`, { method: 'DELETE' });
	if (latencyMs === 0) return;
	await fetch(`${sandbox.url}/sandbox/faults`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ method: 'POST', path: '/v2/client_invoices', kind: 'latency', latencyMs, count }),
	});
}

type Contender = 'ours' | 'httpDefault' | 'httpBatched' | 'floor' | 'raw1' | 'raw50';
const LABELS: Record<Contender, string> = {
	ours: 'this node (default)',
	httpDefault: 'HTTP Request node (default)',
	httpBatched: `HTTP Request node (batch ${HTTP_BATCHING.batchSize} / ${HTTP_BATCHING.batchInterval} ms)`,
	floor: 'n8n floor: n8n\'s request helper alone, 1 at a time',
	raw1: 'raw keep-alive loop, 1 at a time',
	raw50: 'raw keep-alive loop, 50 at a time',
};

interface CreationResults {
	timings: Map<string, Timing[]>;
	sandboxCpuPerRequestMs: number[];
	loads: number[];
}

async function runCreations(sandbox: RemoteSandbox, http: ReturnType<typeof loadHttpRequestNode>): Promise<CreationResults> {
	const contenders: Contender[] = http ? ['ours', 'httpDefault', 'httpBatched', 'floor', 'raw1', 'raw50'] : ['ours', 'floor', 'raw1', 'raw50'];
	const timings = new Map<string, Timing[]>();
	const sandboxCpuPerRequestMs: number[] = [];
	const loads: number[] = [];
	for (let round = 0; round < ROUNDS; round++) {
		// A fresh sandbox state each round: every round starts from the same store size.
		await sandbox.call({ kind: 'reset' });
		const clientId = await createBenchClient(sandbox);
		for (const latencyMs of LATENCIES) {
			// Rounds vary the order, so that no contender always runs right after the same one.
			const order = contenders.map((_, index) => contenders[(index + round) % contenders.length]);
			for (const contender of order) {
				// One at a time: at 25 ms that is 25 s of waiting for a CPU figure taken at 0 ms.
				if (contender === 'floor' && latencyMs > 0) continue;
				const run = (rows: ReturnType<typeof invoiceRows>): Promise<Timing> => {
					if (contender === 'ours') return timeNode(sandbox, { type: NODE_TYPE, typeVersion: 1, parameters: oursCreateParameters(clientId) }, rows, CREATE_PATH);
					const items = rows.map((row) => ({ body: invoiceBody(clientId, row) }));
					if (contender === 'httpDefault' || contender === 'httpBatched') {
						const parameters = httpRequestParameters(sandbox.url, contender === 'httpBatched' ? HTTP_BATCHING : undefined);
						return timeNode(sandbox, { type: HTTP_REQUEST_TYPE, typeVersion: http?.version ?? 1, parameters }, items, CREATE_PATH);
					}
					if (contender === 'floor') return timeNode(sandbox, { type: FLOOR_NODE_TYPE, typeVersion: 1, parameters: floorParameters(sandbox.url) }, items, CREATE_PATH);
					return rawCreations(sandbox, rows.map((row) => invoiceBody(clientId, row)), contender === 'raw1' ? 1 : 50);
				};
				await setLatency(sandbox, latencyMs, WARM_UP + CREATIONS);
				// The previous contender's garbage collected, then a short untimed run of this one:
				// a forced collection leaves V8's heap at its smallest, and the timed run should find it
				// at working size, as in an n8n that has been running.
				collectGarbage();
				await run(invoiceRows(WARM_UP));
				const sandboxCpuBefore = await sandbox.cpuMs();
				const timing = await run(invoiceRows(CREATIONS));
				if (contender === 'raw50' && latencyMs === 0) sandboxCpuPerRequestMs.push(((await sandbox.cpuMs()) - sandboxCpuBefore) / timing.requests);
				const key = `${latencyMs}/${contender}`;
				timings.set(key, [...(timings.get(key) ?? []), timing]);
				loads.push(loadavg()[0]);
				process.stderr.write('.');
			}
		}
	}
	await setLatency(sandbox, 0, 0);
	process.stderr.write('\n');
	return { timings, sandboxCpuPerRequestMs, loads };
}

function printCreations(results: CreationResults): void {
	const { timings } = results;
	const of = (latencyMs: number, contender: Contender) => timings.get(`${latencyMs}/${contender}`) ?? [];
	const rows: string[][] = [];
	for (const latencyMs of LATENCIES) {
		const ours = of(latencyMs, 'ours').map((t) => t.ms);
		for (const contender of ['ours', 'httpDefault', 'httpBatched', 'floor', 'raw1', 'raw50'] as Contender[]) {
			const runs = of(latencyMs, contender);
			if (runs.length === 0) continue;
			const ms = runs.map((t) => t.ms);
			const throttled = runs.reduce((sum, t) => sum + (t.statuses['429'] ?? 0), 0);
			const failed = runs.reduce((sum, t) => sum + t.failedItems, 0);
			rows.push([
				LABELS[contender],
				`${latencyMs} ms`,
				withSpread(ms, 0),
				((CREATIONS / median(ms)) * 1000).toFixed(0),
				contender === 'ours' ? '1' : withSpread(ratios(ours, ms)),
				withSpread(runs.map((t) => t.cpuMs / t.requests), 3),
				String(throttled),
				String(failed),
			]);
		}
	}
	printTable(
		`1. ${CREATIONS} invoice creations in one execution (n8n-core engine; sandbox in its own process); medians of ${ROUNDS} rounds (lowest–highest)`,
		['contender', 'latency', 'ms', 'per s', 'this node ÷ it', 'n8n CPU ms / request', '429s', 'failed items'],
		rows,
	);
}

/** Runs section 1 and prints its table; the summary rows, and this node's time for the creations at 0 ms. */
export async function benchCreations(sandbox: RemoteSandbox, http: ReturnType<typeof loadHttpRequestNode>): Promise<{ summary: string[][]; oursThousandMs: number }> {
	const summary: string[][] = [];
	const results = await runCreations(sandbox, http);
	printCreations(results);
	const of = (key: string) => results.timings.get(key) ?? [];
	const loadNote = `load ${withSpread(results.loads)}`;
	if (http) {
		summary.push(['1,000 creations, 25 ms: this node ÷ HTTP Request default', withSpread(ratios(of('25/ours').map((t) => t.ms), of('25/httpDefault').map((t) => t.ms))), '≤ 0.8', loadNote]);
		summary.push(['same ÷ HTTP Request batched within the limit', withSpread(ratios(of('25/ours').map((t) => t.ms), of('25/httpBatched').map((t) => t.ms))), '≤ 0.2', loadNote]);
		summary.push(['1,000 creations, 0 ms: this node ÷ HTTP Request default', withSpread(ratios(of('0/ours').map((t) => t.ms), of('0/httpDefault').map((t) => t.ms))), '', loadNote]);
	}
	const cpuPerRequest = (t: Timing) => t.cpuMs / t.requests;
	const cpuNote = (key: string) => `${withSpread(of('0/ours').map(cpuPerRequest), 3)} ms vs ${withSpread(of(key).map(cpuPerRequest), 3)} ms, ${loadNote}`;
	summary.push(['CPU per request ÷ raw loop (0 ms)', withSpread(ratios(of('0/ours').map(cpuPerRequest), of('0/raw1').map(cpuPerRequest))), '≤ 1.5', cpuNote('0/raw1')]);
	summary.push(['CPU per request ÷ n8n floor (n8n\'s request helper alone)', withSpread(ratios(of('0/ours').map(cpuPerRequest), of('0/floor').map(cpuPerRequest))), '≤ 1.15', cpuNote('0/floor')]);
	const oursThousandMs = median(of('0/ours').map((t) => t.ms));
	const oursRate = (CREATIONS / oursThousandMs) * 1000;
	const capacities = results.sandboxCpuPerRequestMs.map((ms) => 1000 / ms);
	summary.push([
		'sandbox capacity ÷ node\'s request rate (creations, 0 ms)',
		withSpread(capacities.map((capacity) => capacity / oursRate), 1),
		'≥ 10',
		`${withSpread(capacities, 0)} req per sandbox CPU-s vs ${oursRate.toFixed(0)} req/s`,
	]);
	return { summary, oursThousandMs };
}
