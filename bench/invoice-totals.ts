/**
 * Invoice benchmarks (run: `npx ts-node --transpile-only bench/invoice-totals.ts`):
 * 1. computeTotals on a 50-line invoice with discounts (pure decimal arithmetic);
 * 2. a batch of 1,000 invoice creations over loopback HTTP at concurrency 10 with one token,
 *    as a workflow would send them: time, answers per status (429s show the rate limit biting),
 *    and how long until every Factur-X PDF has replaced its plain PDF.
 * Bounded in count and time; loopback only.
 */
import { performance } from 'perf_hooks';

import { invoiceState } from '../sandbox/modules/invoices/state';
import { computeTotals } from '../sandbox/modules/invoices/totals';
import { createClient, frCompanyClient } from '../test/helpers/fixtures';
import { startTestSandbox } from '../test/helpers/sandbox';
import { invoiceBody } from '../test/sandbox/invoices-fixtures';

function benchTotals(): void {
	const items = Array.from({ length: 50 }, (_v, i) => ({
		quantity: `${(i % 7) + 1}.5`,
		unit_price: `${19 + i}.99`,
		vat_rate: ['0.2', '0.1', '0.055', '0'][i % 4],
		discount: i % 3 === 0 ? { type: 'percentage' as const, value: '0.1' } : undefined,
	}));
	const runs = 2000;
	const start = performance.now();
	for (let i = 0; i < runs; i += 1) computeTotals({ items, discount: { type: 'absolute', value: '25' } });
	const ms = performance.now() - start;
	console.log(`computeTotals, 50 lines: ${(ms / runs).toFixed(3)} ms per invoice (${runs} runs)`);
}

async function benchBatch(count: number, concurrency: number): Promise<void> {
	const sandbox = await startTestSandbox({ facturxDelayMs: 100 });
	try {
		const api = sandbox.api('fr');
		const clientId = await createClient(api, frCompanyClient);
		const statuses = new Map<number, number>();
		let next = 0;
		const start = performance.now();
		await Promise.all(
			Array.from({ length: concurrency }, async () => {
				while (next < count) {
					const index = next++;
					const response = await api.post('/v2/client_invoices', invoiceBody(clientId, { number: `BENCH-${index}` }));
					statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
				}
			}),
		);
		const created = performance.now() - start;
		console.log(`${count} creations at concurrency ${concurrency}: ${created.toFixed(0)} ms (${((count / created) * 1000).toFixed(0)}/s), statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
		const state = invoiceState(sandbox.ctx);
		const deadline = Date.now() + 120_000;
		while (state.attachments.all().some((a) => a.kind === 'plain') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
		const facturx = state.attachments.all().filter((a) => a.kind === 'facturx').length;
		console.log(`Factur-X PDFs ready: ${facturx}/${count} after ${(performance.now() - start).toFixed(0)} ms from the first request`);
	} finally {
		await sandbox.close();
	}
}

void (async () => {
	benchTotals();
	await benchBatch(1000, 10);
})();
