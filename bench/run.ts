/**
 * `npm run bench`: the node against what a user would pick instead, side by side in one run, each
 * figure a ratio to a baseline measured in the same round (absolute times depend on the machine;
 * ratios less), medians of BENCH_ROUNDS rounds (default 5) with their spread, and the machine's
 * load beside them. The sandbox runs in its own process, so its CPU is not the node's.
 *
 * 1. 1,000 invoice creations (BENCH_CREATIONS) in one execution, at 0 and 25 ms added latency:
 *    this node at its default; n8n's HTTP Request node (the real n8n-nodes-base the project
 *    installs with tools/n8n/install.ts) at its default and batched to the limit (100 every
 *    second); a raw keep-alive fetch loop one at a time and 50 at a time. CPU per request of the
 *    n8n process, against the raw loop's and against the n8n floor (bench/floorNode.ts: what any
 *    node spends to send one request through n8n, at 0 ms only). Each timed run follows a full
 *    garbage collection and 100 untimed items of the same contender (a warm process, as in n8n).
 * 2. Return All of 10,000 clients: this node against a raw page loop.
 * 3. 5,000 writes (BENCH_WRITES) against the real limit (1,000 / 10 s): failures, 429s, and time
 *    against the practical floor (4 full windows, then the last thousand at this node's own speed).
 * 4. Signature verification of a 1 KB delivery against a bare HMAC.
 * 5. Sandbox capacity: requests per CPU-second of the sandbox process against the node's rate.
 * 6. Factur-X XML extraction: the node's reader against pdf-lib (in-process sandbox).
 * 7. The trigger against n8n's Webhook node in one real n8n (bench/trigger.ts).
 * 8. The write memory (made once however late): 200 invoice creations with it ÷ without, and the
 *    same input again, every item a repeat (bench/memory.ts).
 *
 * 9. The write memory in a real n8n: 1,000 new transfers and the same 1,000 again with the node's
 *    list holding 0, 50,000 and 100,000 writes (bench/memoryN8n.ts), in regular mode on SQLite.
 * 10. The same in queue mode on Postgres: main takes the webhook, a worker runs the execution.
 *
 * BENCH_ONLY=creations,returnAll,writes,signature,facturx,trigger,memory,memoryN8n,memoryN8nQueue runs a subset.
 */
import './preferTs';
import { cpus } from 'os';

import { loadHttpRequestNode } from './contenders';
import { benchCreations } from './creations';
import { benchFacturx } from './facturx';
import { benchMemory } from './memory';
import { benchMemoryInN8n } from './memoryN8n';
import { startRemoteSandbox } from './remoteSandbox';
import { benchReturnAll } from './returnAll';
import { ROUNDS, wanted } from './settings';
import { timeSignatureChecks } from './signature';
import { benchTrigger } from './trigger';
import { load, withSpread } from './stats';
import { printTable } from './table';
import { benchWrites } from './writes';

async function main(): Promise<void> {
	console.log(`npm run bench — Node ${process.version}, ${cpus().length} CPUs, load (1/5/15 min) at start: ${load()}`);
	const summary: string[][] = [];
	const http = wanted('creations') || wanted('writes') ? loadHttpRequestNode() : undefined;
	if (!http && (wanted('creations') || wanted('writes'))) {
		console.log('n8n-nodes-base is not installed: the HTTP Request node rows are left out (run `ts-node --transpile-only tools/n8n/install.ts`).');
	} else if (http) {
		console.log(`HTTP Request node: n8n-nodes-base ${http.packageVersion}, node version ${http.version}`);
	}
	const sandbox = await startRemoteSandbox();
	let oursThousandMs: number | undefined;
	try {
		if (wanted('creations')) {
			const creations = await benchCreations(sandbox, http);
			summary.push(...creations.summary);
			oursThousandMs = creations.oursThousandMs;
		}
		if (wanted('returnAll')) summary.push(...(await benchReturnAll(sandbox)));
		if (wanted('writes')) summary.push(...(await benchWrites(sandbox, http, oursThousandMs)));
		if (wanted('memory')) summary.push(...(await benchMemory(sandbox)));
	} finally {
		sandbox.stop();
	}
	if (wanted('signature')) {
		const runs: Array<{ oursUs: number; bareUs: number }> = [];
		for (let round = 0; round < ROUNDS; round++) runs.push(timeSignatureChecks(20_000));
		summary.push([
			'signature check ÷ bare HMAC (1 KB)',
			withSpread(runs.map((r) => r.oursUs / r.bareUs)),
			'≤ 1.2',
			`${withSpread(runs.map((r) => r.oursUs), 2)} µs vs ${withSpread(runs.map((r) => r.bareUs), 2)} µs, load ${load()}`,
		]);
	}
	if (wanted('trigger')) summary.push(...(await benchTrigger()));
	if (wanted('memoryN8n')) summary.push(...(await benchMemoryInN8n('sqlite')));
	if (wanted('memoryN8nQueue')) summary.push(...(await benchMemoryInN8n('queue')));
	printTable(`Summary (medians of ${ROUNDS} rounds, lowest–highest; parts 9 and 10 one run each); load at end: ${load()}`, ['figure', 'measured', 'target', 'context'], summary);
	if (wanted('facturx')) await benchFacturx();
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
