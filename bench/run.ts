/**
 * `npm run bench`: throughput of the node's batches and speed of its Factur-X reader, each as a
 * ratio to a baseline measured in the same run (absolute times depend on the machine; ratios less).
 *
 * 1. Invoice creation batches through one execution of the node inside n8n-core's engine, against an
 *    in-process sandbox: Batch Concurrency 1 (baseline), 5 (default) and 20, without added latency
 *    (the sandbox's own CPU cost dominates) and with 25 ms added per creation (a network's worth).
 * 2. Extracting factur-x.xml from real Factur-X PDFs of the sandbox (its own rendering, and an
 *    uploaded 300-page PDF): the node's reader against pdf-lib (a full PDF library, not usable in
 *    n8n Cloud nodes) as the baseline. The node's reader parses only the objects on the way to the
 *    XML; pdf-lib parses the whole file.
 *
 * Sizes can be set with BENCH_INVOICES (default 100 per batch), BENCH_ROUNDS (default 3) and
 * BENCH_RUNS (default 30 extractions per PDF).
 */
import './preferTs';
import { startTestSandbox } from '../test/helpers/sandbox';
import { timeBatch, type BatchTiming } from './batch';
import { extractFacturXml, extractWithPdfLib, facturxPdfFromSandbox, timePerRun } from './facturx';
import { median, printTable } from './table';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const CONCURRENCIES = [1, 5, 20];
const LATENCIES = [0, 25];

async function benchBatches(): Promise<void> {
	const sandbox = await startTestSandbox();
	try {
		// Rounds interleave the configurations, so a neighbour's load spike does not favour one of them.
		const timings = new Map<string, BatchTiming[]>();
		for (let round = 0; round < ROUNDS; round++) {
			for (const latencyMs of LATENCIES) {
				for (const concurrency of CONCURRENCIES) {
					const timing = await timeBatch(sandbox, INVOICES, concurrency, latencyMs);
					const key = `${latencyMs}/${concurrency}`;
					timings.set(key, [...(timings.get(key) ?? []), timing]);
				}
			}
		}
		const medianMs = (latencyMs: number, concurrency: number) => median((timings.get(`${latencyMs}/${concurrency}`) ?? []).map((t) => t.ms));
		const rows: string[][] = [];
		for (const latencyMs of LATENCIES) {
			const baseline = medianMs(latencyMs, CONCURRENCIES[0]);
			for (const concurrency of CONCURRENCIES) {
				const ms = medianMs(latencyMs, concurrency);
				const throttled = (timings.get(`${latencyMs}/${concurrency}`) ?? []).reduce((sum, t) => sum + t.throttled, 0);
				rows.push([
					`concurrency ${concurrency}${concurrency === 5 ? ' (default)' : ''}`,
					`${latencyMs} ms`,
					ms.toFixed(0),
					((INVOICES / ms) * 1000).toFixed(1),
					`${(baseline / ms).toFixed(2)}x`,
					String(throttled),
				]);
			}
		}
		printTable(
			`Invoice batch: ${INVOICES} creations in one node execution (n8n-core engine, in-process sandbox), median of ${ROUNDS} rounds; speed-up vs concurrency 1 at the same latency`,
			['batch concurrency', 'added latency', 'median ms', 'invoices/s', 'speed-up', '429s'],
			rows,
		);
	} finally {
		await sandbox.close();
	}
}

async function benchFacturx(): Promise<void> {
	const sandbox = await startTestSandbox({ facturxDelayMs: 20 });
	try {
		const rows: string[][] = [];
		for (const [lines, uploadPages] of [[1, 0], [200, 0], [3, 300]]) {
			const { pdf, xml } = await facturxPdfFromSandbox(sandbox, lines, uploadPages);
			const ours = await extractFacturXml(pdf);
			const theirs = await extractWithPdfLib(pdf);
			if (!ours || !Buffer.from(ours.data).equals(xml) || !theirs || !Buffer.from(theirs).equals(xml)) {
				throw new Error('the two readers disagree on the embedded XML');
			}
			const baselineMs = await timePerRun(() => extractWithPdfLib(pdf), RUNS);
			const oursMs = await timePerRun(() => extractFacturXml(pdf), RUNS);
			rows.push([
				`${lines} line${lines > 1 ? 's' : ''}${uploadPages ? `, on a ${uploadPages}-page upload` : ''}`,
				`${(pdf.length / 1024).toFixed(0)} KiB`,
				`${(xml.length / 1024).toFixed(1)} KiB`,
				baselineMs.toFixed(2),
				oursMs.toFixed(2),
				`${(baselineMs / oursMs).toFixed(2)}x`,
			]);
		}
		printTable(
			`Factur-X XML extraction (median of ${RUNS} runs): the node's reader vs pdf-lib as baseline; same bytes out`,
			['invoice', 'PDF size', 'XML size', 'pdf-lib ms', 'node ms', 'speed-up'],
			rows,
		);
	} finally {
		await sandbox.close();
	}
}

async function main(): Promise<void> {
	await benchBatches();
	await benchFacturx();
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
