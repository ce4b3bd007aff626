import { performance } from 'perf_hooks';

import { runNode } from '../test/helpers/engine';
import type { TestSandbox } from '../test/helpers/sandbox';
import { frCompanyClient } from '../test/helpers/fixtures';
import { createClient, createParameters } from '../test/node/invoiceFixtures';

export interface BatchTiming {
	concurrency: number;
	latencyMs: number;
	ms: number;
	throttled: number;
}

let run = 0;

/**
 * One execution of the Business Banking node (inside n8n-core's engine) creating `count` invoices
 * from Items (JSON) rows at a Batch Concurrency, against the in-process sandbox. `latencyMs` adds a
 * delay to every creation at the sandbox, standing in for the network and a busier service.
 */
export async function timeBatch(sandbox: TestSandbox, count: number, concurrency: number, latencyMs: number): Promise<BatchTiming> {
	const clientId = await createClient(sandbox, { ...frCompanyClient, name: `Bench ${++run}` });
	const prefix = `BENCH-${run}-${Date.now().toString(36)}`;
	const input = Array.from({ length: count }, (_, index) => ({
		number: `${prefix}-${index}`,
		lines: [{ title: `Line ${index}`, quantity: '2', unit_price: '19.99', vat_rate: '0.2' }],
	}));
	if (latencyMs > 0) {
		await sandbox.http.post('/sandbox/faults', { method: 'POST', path: '/v2/client_invoices', kind: 'latency', latencyMs, count });
	}
	const seqBefore = sandbox.ctx.requests.all().at(-1)?.seq ?? 0;
	const start = performance.now();
	const { items, error } = await runNode({
		sandbox,
		node: {
			parameters: createParameters(clientId, {
				status: 'draft',
				itemsInput: 'json',
				itemsJson: '={{ $json.lines }}',
				additionalFields: { number: '={{ $json.number }}' },
				options: { batchConcurrency: concurrency },
			}),
		},
		items: input,
	});
	const ms = performance.now() - start;
	await sandbox.http.delete('/sandbox/faults');
	if (error) throw new Error(`batch at concurrency ${concurrency} failed: ${error.message}`);
	const numbers = items.map((item) => (item.json as { number: string }).number);
	if (numbers.join() !== input.map((row) => row.number).join()) throw new Error('batch output is not in input order');
	const throttled = sandbox.ctx.requests.find('POST', '/v2/client_invoices').filter((r) => r.seq > seqBefore && r.status === 429).length;
	return { concurrency, latencyMs, ms, throttled };
}
