/**
 * `npm run bench` parts 9 and 10 (`BENCH_ONLY=memoryN8n`, `BENCH_ONLY=memoryN8nQueue`): the write
 * memory in a real n8n (the newest release the project installs, this package packed and installed),
 * at the size of a payment run; part 9 in regular mode on SQLite, part 10 in queue mode on Postgres
 * (main takes the webhook, a worker runs the execution: bench/queueN8n.ts). A saved workflow
 * (production webhook → Code making 1,000 rows → Business Banking v2 External Transfer › Create)
 * pays 1,000 new transfers with the node's list already holding 0, 50,000 and 100,000 writes (two
 * values each, written into n8n's database as n8n keeps them: bench/processedRow.ts,
 * bench/processedRowPostgres.ts), then the same 1,000 again (every item a repeat). The webhook answers
 * with the last node's output, so each call's time is the whole run's, queue hop included. Figures:
 * each new run against the least time its requests take at the service's limit (1,000 per 10 s: 20 s
 * for the 2,000 of the count; the node sends 3,000 with the payee check's skip, which fixed
 * 10 s windows also let through in just over 20 s), each repeat against its new run, and the new run
 * at each fill against the one at an empty list. Each new batch starts once the last batch's requests
 * are out of the service's window (a batch right after another waits on the limit, as it should).
 */
import { randomUUID } from 'crypto';
import { writeFileSync } from 'fs';
import { join } from 'path';

import { paymentWorkflow } from '../test/e2e/helpers/paymentWorkflow';
import { connectedCredentialData, startE2eSandbox } from '../test/e2e/helpers/sandbox';
import { transferByRow } from '../test/helpers/paymentParameters';
import { CREDENTIAL_TYPE } from '../tools/n8n/examples';
import { ensureN8n } from '../tools/n8n/install';
import { buildPackage, packPackage } from '../tools/n8n/package';
import { startBenchN8n } from './benchN8n';
import { MODE_NAMES, type N8nMode } from './n8nUnderBench';
import { otherHashes } from './processedRow';
import { load } from './stats';

const FILLS = (process.env.BENCH_MEMORY_FILLS ?? '0,50000,100000').split(',').map(Number);
const BATCH = 1_000;
/** 1,000 transfers are 2,000 requests (the payee's record, the transfer): 20 s at 1,000 per 10 s. */
const LEAST_SECONDS = (2 * BATCH) / 100;
/** Before each new batch: the rate limit's 10 s window (and a margin) past the last batch's requests. */
const WINDOW_CLEAR_MS = 11_000;

interface Execution {
	id: string;
	startedAt: string;
	stoppedAt: string;
	data?: { resultData: { runData: Record<string, Array<{ executionTime: number }>> } };
}

export async function benchMemoryInN8n(mode: N8nMode = 'sqlite'): Promise<string[][]> {
	const install = ensureN8n('newest');
	buildPackage();
	const n8n = await startBenchN8n(mode, install, packPackage(), `business-banking-bench-memory-${mode}-`);
	const sandbox = await startE2eSandbox(n8n.url);
	const tag = `[bench memory in n8n, ${MODE_NAMES[mode]}]`;
	try {
		const credential = { id: randomUUID().replace(/-/g, '').slice(0, 16), name: 'Business Banking (bench memory)' };
		const credentialFile = join(n8n.scratch, 'credential.json');
		writeFileSync(credentialFile, JSON.stringify([{ ...credential, type: CREDENTIAL_TYPE, data: connectedCredentialData(sandbox, 'fr') }]));
		const imported = await n8n.cli(['import:credentials', `--input=${credentialFile}`]);
		if (imported.code !== 0) throw new Error(`import:credentials failed:\n${imported.stderr}`);
		const { client } = n8n;
		const path = `bench-memory-${randomUUID()}`;
		const workflow = { id: randomUUID().replace(/-/g, '').slice(0, 16), ...paymentWorkflow('bench: 1,000 transfers', path, transferByRow(), credential) };
		await client.rest('POST', '/workflows', workflow);
		await client.publicApi('POST', `/workflows/${workflow.id}/activate`, {});
		const payNode = workflow.nodes.find((node) => node.name === 'Pay')!;
		const listLength = async () => await n8n.processedRows.count(String(workflow.id), String(payNode.id));
		/** One batch through the webhook: the call's time, the execution's own, and how the bank answered (429s would mean the pace was off). */
		const pay = async (batch: string) => {
			sandbox.ctx.requests.clear();
			const started = Date.now();
			for (;;) {
				const response = await fetch(`${n8n.url}/webhook/${path}?batch=${batch}&count=${BATCH}`);
				if (response.status === 404 && Date.now() - started < 30_000) continue;
				if (response.status !== 200) throw new Error(`batch ${batch}: HTTP ${response.status} ${await response.text()}`);
				const seconds = (Date.now() - started) / 1000;
				const requests = sandbox.ctx.requests.all().filter((request) => request.path.startsWith('/v2/'));
				const statuses: Record<string, number> = {};
				for (const request of requests) statuses[String(request.status)] = (statuses[String(request.status)] ?? 0) + 1;
				const span = requests.length > 1 ? (Date.parse(requests[requests.length - 1].at) - Date.parse(requests[0].at)) / 1000 : 0;
				const [execution] = (await client.publicApi<{ data: Execution[] }>('GET', `/executions?workflowId=${workflow.id}&includeData=true&limit=1`)).data;
				const nodeSeconds = Object.fromEntries(Object.entries(execution?.data?.resultData.runData ?? {}).map(([node, runs]) => [node, runs[0].executionTime / 1000]));
				const executionSeconds = (Date.parse(execution.stoppedAt) - Date.parse(execution.startedAt)) / 1000;
				const worker = n8n.ranOnWorker(String(execution.id));
				if (worker === false) throw new Error(`execution ${execution.id} did not run on the worker`);
				process.stderr.write(
					`${tag} batch ${batch}: ${seconds} s, bank answered ${JSON.stringify(statuses)} over ${span} s; nodes ${JSON.stringify(nodeSeconds)}; execution ${executionSeconds} s${worker ? ' (on the worker)' : ''}, first request after ${requests.length ? (Date.parse(requests[0].at) - Date.parse(execution.startedAt)) / 1000 : '-'} s, stopped ${requests.length ? (Date.parse(execution.stoppedAt) - Date.parse(requests[requests.length - 1].at)) / 1000 : '-'} s after the last; the list now holds ${await listLength()}\n`,
				);
				return { seconds, executionSeconds };
			}
		};
		const rows: string[][] = [];
		const where = mode === 'sqlite' ? '' : ` (${MODE_NAMES[mode]})`;
		let emptySeconds: number | undefined;
		for (const [index, fill] of FILLS.entries()) {
			await n8n.processedRows.write(String(workflow.id), String(payNode.id), otherHashes(2 * fill));
			const batch = `fill-${index}-${fill}`;
			// The service's window (and the node's pacer, which counts it too) clear of the last batch's requests.
			await new Promise((resolve) => setTimeout(resolve, WINDOW_CLEAR_MS));
			const fresh = await pay(batch);
			const repeat = await pay(batch);
			emptySeconds ??= fresh.seconds;
			process.stderr.write(`${tag} fill ${fill}: new ${fresh.seconds} s (execution ${fresh.executionSeconds} s), repeat ${repeat.seconds} s (execution ${repeat.executionSeconds} s), load ${load()}\n`);
			rows.push(
				[
					`1,000 new transfers${where}, memory holding ${fill.toLocaleString('en')} writes ÷ least time at the limit (${LEAST_SECONDS} s)`,
					(fresh.seconds / LEAST_SECONDS).toFixed(2),
					'≤ 1.2',
					`${fresh.seconds.toFixed(1)} s (execution ${fresh.executionSeconds.toFixed(1)} s); ÷ empty memory ${(fresh.seconds / emptySeconds).toFixed(2)} (≤ 1.2); load ${load()}`,
				],
				[
					`the same 1,000 again (repeats)${where}, memory holding ${fill.toLocaleString('en')} writes ÷ the new run`,
					(repeat.seconds / fresh.seconds).toFixed(2),
					'≤ 1',
					`${repeat.seconds.toFixed(1)} s (execution ${repeat.executionSeconds.toFixed(1)} s)`,
				],
			);
		}
		return rows;
	} finally {
		await sandbox.close();
		await n8n.stop();
	}
}
