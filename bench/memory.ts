// Section 8 of `npm run bench`: what the write memory (transport/memory/) costs per item, beside the node without it.
import { randomUUID } from 'crypto';

import { createBenchClient, invoiceRows, NODE_TYPE, oursCreateParameters, timeNode, type Timing } from './contenders';
import type { RemoteSandbox } from './remoteSandbox';
import { CREATE_PATH, ROUNDS } from './settings';
import { load, withSpread } from './stats';

/** Invoices per timed run (BENCH_MEMORY_ITEMS). */
const ITEMS = Number(process.env.BENCH_MEMORY_ITEMS ?? 200);
/** n8n-core's id of a workflow never saved: n8n keeps no processed data for it, so the node runs without its memory. */
const UNSAVED = '__EMPTY__';

/**
 * Per round, 200 invoice creations (Client Invoice › Create: no key in the API, so the memory is
 * all that stands between a re-run and a second invoice) three ways: without the memory (an unsaved
 * workflow), with it (a saved one, every item new: claim, first try, check, create, what was made),
 * and the same input again (every item a repeat: read from memory, one GET of the invoice, nothing
 * created). n8n's processed-data store is the test harness's (test/helpers/engine: one JSON row read
 * and written whole per call, as n8n keeps it); a real n8n adds its database: part 9 (memoryN8n.ts).
 */
export async function benchMemory(sandbox: RemoteSandbox): Promise<string[][]> {
	await sandbox.call({ kind: 'reset' });
	const clientId = await createBenchClient(sandbox);
	const node = { type: NODE_TYPE, typeVersion: 1, parameters: oursCreateParameters(clientId) };
	const without: Timing[] = [];
	const first: Timing[] = [];
	const repeat: Timing[] = [];
	for (let round = 0; round < ROUNDS; round++) {
		without.push(await timeNode(sandbox, node, invoiceRows(ITEMS), CREATE_PATH, UNSAVED));
		const rows = invoiceRows(ITEMS);
		const workflowId = `bench-memory-${randomUUID()}`;
		first.push(await timeNode(sandbox, node, rows, CREATE_PATH, workflowId));
		repeat.push(await timeNode(sandbox, node, rows, CREATE_PATH, workflowId));
		process.stderr.write('.');
	}
	process.stderr.write('\n');
	const perItem = (timings: Timing[], pick: (t: Timing) => number) => timings.map((t) => pick(t) / ITEMS);
	const failed = [...first, ...repeat].reduce((sum, t) => sum + t.failedItems, 0);
	const created = repeat.reduce((sum, t) => sum + (t.statuses['201'] ?? 0), 0);
	return [
		[
			`${ITEMS} invoice creations with the write memory ÷ without (time; CPU)`,
			`${withSpread(first.map((t, i) => t.ms / without[i].ms))}; ${withSpread(first.map((t, i) => t.cpuMs / without[i].cpuMs))}`,
			'—',
			`per item ${withSpread(perItem(first, (t) => t.ms))} ms vs ${withSpread(perItem(without, (t) => t.ms))} ms; CPU ${withSpread(perItem(first, (t) => t.cpuMs))} vs ${withSpread(perItem(without, (t) => t.cpuMs))} ms; failed items ${failed}, load ${load()}`,
		],
		[
			`the same ${ITEMS} again (repeats from the memory) ÷ first creations`,
			withSpread(repeat.map((t, i) => t.ms / first[i].ms)),
			'—',
			`per item ${withSpread(perItem(repeat, (t) => t.ms))} ms, CPU ${withSpread(perItem(repeat, (t) => t.cpuMs))} ms; invoices created by the repeats: ${created}`,
		],
	];
}
