/**
 * `npm run bench` part 9 (`BENCH_ONLY=memoryN8n`): the write memory in a real n8n (the newest release
 * the project installs, regular mode, its SQLite database, this package packed and installed), at the
 * size of a payment run. A saved workflow (production webhook → Code making 1,000 rows → Business
 * Banking v2 External Transfer › Create) pays 1,000 new transfers with the node's list already holding
 * 0, 50,000 and 100,000 writes (two values each, written into n8n's database as n8n keeps them:
 * bench/processedRow.ts), then the same 1,000 again (every item a repeat). Figures: each new run
 * against the least time its requests take at the service's limit (1,000 per 10 s: 20 s for the 2,000
 * of the count; the node sends 3,000 with the payee check's skip, which fixed 10 s windows
 * also let through in just over 20 s), each repeat against its new run, and the new run at each
 * fill against the one at an empty list. Each new batch starts once the last batch's requests are
 * out of the service's window (a batch right after another waits on the limit, as it should).
 */
import { randomUUID } from 'crypto';
import { writeFileSync } from 'fs';
import { join } from 'path';

import { paymentWorkflow } from '../test/e2e/helpers/paymentWorkflow';
import { connectedCredentialData, startE2eSandbox } from '../test/e2e/helpers/sandbox';
import { transferByRow } from '../test/helpers/paymentParameters';
import { N8nClient } from '../tools/n8n/api';
import { CREDENTIAL_TYPE } from '../tools/n8n/examples';
import { ensureN8n } from '../tools/n8n/install';
import { buildPackage, packPackage } from '../tools/n8n/package';
import { DEFAULT_OWNER, runN8nCli, startN8nWithPackage } from '../tools/n8n/server';
import { otherHashes, writeProcessedRow } from './processedRow';
import { load } from './stats';

const FILLS = (process.env.BENCH_MEMORY_FILLS ?? '0,50000,100000').split(',').map(Number);
const BATCH = 1_000;
/** 1,000 transfers are 2,000 requests (the payee's record, the transfer): 20 s at 1,000 per 10 s. */
const LEAST_SECONDS = (2 * BATCH) / 100;
/** Before each new batch: the rate limit's 10 s window (and a margin) past the last batch's requests. */
const WINDOW_CLEAR_MS = 11_000;

export async function benchMemoryInN8n(): Promise<string[][]> {
	const install = ensureN8n('newest');
	buildPackage();
	const n8n = await startN8nWithPackage({ install, tarball: packPackage(), folderPrefix: 'business-banking-bench-memory-', env: { N8N_LOG_LEVEL: 'warn' } });
	const sandbox = await startE2eSandbox(n8n.url);
	try {
		const credential = { id: randomUUID().replace(/-/g, '').slice(0, 16), name: 'Business Banking (bench memory)' };
		const credentialFile = join(n8n.userFolder, 'credential.json');
		writeFileSync(credentialFile, JSON.stringify([{ ...credential, type: CREDENTIAL_TYPE, data: connectedCredentialData(sandbox, 'fr') }]));
		const imported = await runN8nCli(install, n8n.userFolder, ['import:credentials', `--input=${credentialFile}`]);
		if (imported.code !== 0) throw new Error(`import:credentials failed:\n${imported.stderr}`);
		const client = new N8nClient(n8n.url);
		await client.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
		await client.createApiKey('bench memory');
		const path = `bench-memory-${randomUUID()}`;
		const workflow = { id: randomUUID().replace(/-/g, '').slice(0, 16), ...paymentWorkflow('bench: 1,000 transfers', path, transferByRow(), credential) };
		await client.rest('POST', '/workflows', workflow);
		await client.publicApi('POST', `/workflows/${workflow.id}/activate`, {});
		const payNode = workflow.nodes.find((node) => node.name === 'Pay')!;
		const database = join(n8n.userFolder, '.n8n', 'database.sqlite');
		/** One batch through the webhook: its time, and how the bank answered (429s would mean the pace was off). */
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
				const [execution] = (await client.publicApi<{ data: Array<{ startedAt: string; stoppedAt: string; data?: { resultData: { runData: Record<string, Array<{ executionTime: number }>> } } }> }>('GET', `/executions?workflowId=${workflow.id}&includeData=true&limit=1`)).data;
				const nodeSeconds = Object.fromEntries(Object.entries(execution?.data?.resultData.runData ?? {}).map(([node, runs]) => [node, runs[0].executionTime / 1000]));
				process.stderr.write(`[bench memory in n8n] batch ${batch}: ${seconds} s, bank answered ${JSON.stringify(statuses)} over ${span} s; nodes ${JSON.stringify(nodeSeconds)}; execution ${(Date.parse(execution.stoppedAt) - Date.parse(execution.startedAt)) / 1000} s, first request after ${requests.length ? (Date.parse(requests[0].at) - Date.parse(execution.startedAt)) / 1000 : '-'} s, stopped ${requests.length ? (Date.parse(execution.stoppedAt) - Date.parse(requests[requests.length - 1].at)) / 1000 : '-'} s after the last\n`);
				return seconds;
			}
		};
		const rows: string[][] = [];
		let emptySeconds: number | undefined;
		for (const [index, fill] of FILLS.entries()) {
			writeProcessedRow(install, database, String(workflow.id), String(payNode.id), otherHashes(2 * fill));
			const batch = `fill-${index}-${fill}`;
			// The service's window (and the node's pacer, which counts it too) clear of the last batch's requests.
			await new Promise((resolve) => setTimeout(resolve, WINDOW_CLEAR_MS));
			const fresh = await pay(batch);
			const repeat = await pay(batch);
			emptySeconds ??= fresh;
			process.stderr.write(`[bench memory in n8n] fill ${fill}: new ${fresh} s, repeat ${repeat} s, load ${load()}\n`);
			rows.push(
				[`1,000 new transfers, memory holding ${fill.toLocaleString('en')} writes ÷ least time at the limit (${LEAST_SECONDS} s)`, (fresh / LEAST_SECONDS).toFixed(2), '≤ 1.2', `${fresh.toFixed(1)} s; ÷ empty memory ${(fresh / emptySeconds).toFixed(2)} (≤ 1.2); load ${load()}`],
				[`the same 1,000 again (repeats), memory holding ${fill.toLocaleString('en')} writes ÷ the new run`, (repeat / fresh).toFixed(2), '≤ 1', `${repeat.toFixed(1)} s`],
			);
		}
		return rows;
	} finally {
		await sandbox.close();
		await n8n.stop();
	}
}
