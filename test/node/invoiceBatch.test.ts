import { MAX_IN_FLIGHT } from '../../nodes/BusinessBanking/transport/pacer';
import { matchesPath, type LoggedRequest } from '../../sandbox/core/requestLog';
import { expectedRefusals, useCountedRateLimit } from '../helpers/countedRateLimit';
import { runNode } from '../helpers/engine/runNode';
import { frCompanyClient, uniqueNumber } from '../helpers/fixtures';
import { useTestSandbox } from '../helpers/sandbox';
import { createClient, createParameters, out } from './invoiceFixtures';

const sandbox = useTestSandbox({}, { resetEachTest: false });

const CREATE = '/v2/client_invoices';

/** Batch rows as a spreadsheet or a database would give them: a number and the lines of each invoice. */
function rows(count: number, prefix: string) {
	return Array.from({ length: count }, (_, index) => ({
		number: `${prefix}-${String(index).padStart(4, '0')}`,
		lines: [
			{ title: `Line of row ${index}`, quantity: String(1 + (index % 3)), unit_price: `${10 + (index % 7)}.${String(index % 100).padStart(2, '0')}`, vat_rate: '0.2' },
		],
	}));
}

function batchParameters(clientId: string, options: Record<string, unknown> = {}, status = 'draft') {
	return createParameters(clientId, {
		status,
		itemsInput: 'json',
		itemsJson: '={{ $json.lines }}',
		additionalFields: { number: '={{ $json.number }}' },
		options,
	});
}

/** The most requests to `path` (a `*` suffix matches a prefix) the sandbox was handling at once, seen as each arrived. */
function watchInFlight(path: string): { max(): number; stop(): void } {
	const log = sandbox.ctx.requests;
	const original = log.start.bind(log);
	let max = 0;
	const mine: LoggedRequest[] = [];
	log.start = (entry) => {
		const logged = original(entry);
		if (matchesPath(path, logged.path)) {
			mine.push(logged);
			max = Math.max(max, mine.filter((r) => r.status === null).length);
		}
		return logged;
	};
	return { max: () => max, stop: () => (log.start = original) };
}

const addFault = async (fault: Record<string, unknown>) => expect((await sandbox.http.post('/sandbox/faults', fault)).status).toBe(201);

describe('Client Invoice: batches', () => {
	/** Runs a batch and checks what every batch must give: one invoice per row, in input order, no failure. */
	async function runBatch(name: string, count: number, options: Record<string, unknown>) {
		const clientId = await createClient(sandbox, { ...frCompanyClient, name });
		const input = rows(count, uniqueNumber('B'));
		const seqBefore = sandbox.ctx.requests.all().at(-1)?.seq ?? 0;
		const { items, error } = await runNode({ sandbox, node: { parameters: batchParameters(clientId, options) }, items: input });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(count);
		expect(items.map((item) => out(item).number)).toEqual(input.map((row) => row.number));
		expect(items.map((item) => item.pairedItem)).toEqual(input.map((_, index) => ({ item: index })));
		expect(items.filter((item) => out(item).error)).toHaveLength(0);
		// Row 7: 2 × 10.07 = 20.14 + 20 % = 4.03 → 24.17.
		expect(out(items[7]).total_amount.value).toBe('24.17');
		const posts = sandbox.ctx.requests.find('POST', CREATE).filter((r) => r.seq > seqBefore);
		expect(posts.filter((r) => r.status === 201)).toHaveLength(count);
		expect(posts.filter((r) => r.status !== 201 && r.status !== 429)).toHaveLength(0);
		// Exactly one invoice per row exists (a 429 creates nothing, so its retry makes no duplicate).
		const list = await sandbox.api().get(CREATE, { params: { 'filter[client_id]': clientId, per_page: 1 } });
		expect(list.data.meta.total_count).toBe(count);
		return { throttled: posts.filter((r) => r.status === 429).length };
	}

	test('1,000 invoices in one execution at the default concurrency, within the rate limit (1,000 per 10 s)', async () => {
		expect(sandbox.ctx.options.rateLimit).toBeUndefined(); // the sandbox's default: the limit of docs/assumptions.md
		await runBatch('Batch Mille SARL', 1000, {});
	}, 180_000);

	test('a rate limit far below the batch: the 429s are absorbed, still 0 failures and input order', async () => {
		// Windows counted in requests (the sandbox's clock moves with each one), not in the machine's
		// time: every 21st creation is refused, so 200 creations meet exactly 9 refusals, each retried.
		const stop = useCountedRateLimit(sandbox, 20);
		try {
			const { throttled } = await runBatch('Batch Limite SARL', 200, { batchConcurrency: 20 });
			expect(throttled).toBe(expectedRefusals(200, 20));
		} finally {
			stop();
		}
	}, 120_000);

	test('Get Many with Return All pages through all of them', async () => {
		const clientId = await createClient(sandbox, { ...frCompanyClient, name: 'Pagination SARL' });
		const input = rows(230, uniqueNumber('P'));
		expect((await runNode({ sandbox, node: { parameters: batchParameters(clientId, { batchConcurrency: 20 }) }, items: input })).error).toBeUndefined();
		const seqBefore = sandbox.ctx.requests.all().at(-1)?.seq ?? 0;
		const { items } = await runNode({
			sandbox,
			node: { parameters: { resource: 'clientInvoice', operation: 'getMany', returnAll: true, sort: 'created_at:asc', filters: { clientId } } },
		});
		expect(items).toHaveLength(230);
		expect(new Set(items.map((item) => out(item).number))).toEqual(new Set(input.map((row) => row.number)));
		const pages = sandbox.ctx.requests.find('GET', CREATE).filter((r) => r.seq > seqBefore);
		expect(pages.map((r) => [r.query.page, r.query.per_page])).toEqual([['1', '100'], ['2', '100'], ['3', '100']]);
	}, 60_000);

	test.each([
		[1, 1],
		[20, 20],
		[150, 30], // clamped to 100; the 30 rows all go at once
	])('Batch Concurrency %p: at most %p creations reach the API at once', async (option, expected) => {
		const clientId = await createClient(sandbox, { ...frCompanyClient, name: `Concurrency ${option} SARL` });
		// Each creation takes 40 ms at the sandbox, so every allowed slot fills up.
		await addFault({ method: 'POST', path: CREATE, kind: 'latency', latencyMs: 40, count: 30 });
		const watch = watchInFlight(CREATE);
		try {
			const input = rows(30, uniqueNumber('K'));
			const { items, error } = await runNode({ sandbox, node: { parameters: batchParameters(clientId, option === undefined ? {} : { batchConcurrency: option }) }, items: input });
			expect(error).toBeUndefined();
			expect(items.map((item) => out(item).number)).toEqual(input.map((row) => row.number));
			expect(watch.max()).toBe(expected);
		} finally {
			watch.stop();
			await sandbox.http.delete('/sandbox/faults');
		}
		// One at a time, each invoice also waits for the write memory's claim check (transport/memory): 30 × ~0.15 s.
	}, 30_000);

	test('without Batch Concurrency the node adapts: more than a fixed 5 at once when the service is slow, never more than 100', async () => {
		const clientId = await createClient(sandbox, { ...frCompanyClient, name: 'Adaptatif SARL' });
		await addFault({ method: 'POST', path: CREATE, kind: 'latency', latencyMs: 40, count: 60 });
		const watch = watchInFlight(CREATE);
		try {
			const input = rows(60, uniqueNumber('A'));
			const { items, error } = await runNode({ sandbox, node: { parameters: batchParameters(clientId) }, items: input });
			expect(error).toBeUndefined();
			expect(items.map((item) => out(item).number)).toEqual(input.map((row) => row.number));
			expect(watch.max()).toBeGreaterThan(5);
			expect(watch.max()).toBeLessThanOrEqual(MAX_IN_FLIGHT);
		} finally {
			watch.stop();
			await sandbox.http.delete('/sandbox/faults');
		}
	});

	test('a 5xx on creation is not retried (it may have created the invoice); Continue On Fail reports it in place', async () => {
		const clientId = await createClient(sandbox, { ...frCompanyClient, name: 'Panne SARL' });
		await addFault({ method: 'POST', path: CREATE, kind: 'status', status: 503, count: 1 });
		const input = rows(3, uniqueNumber('E'));
		const seqBefore = sandbox.ctx.requests.all().at(-1)?.seq ?? 0;
		const { items, error } = await runNode({
			sandbox,
			node: { parameters: batchParameters(clientId, { batchConcurrency: 1 }), continueOnFail: true },
			items: input,
		});
		expect(error).toBeUndefined();
		const posts = sandbox.ctx.requests.find('POST', CREATE).filter((r) => r.seq > seqBefore);
		expect(posts.map((r) => r.status)).toEqual([503, 201, 201]);
		expect(out(items[0]).error).toMatch(/503|unavailable/i);
		expect(items.slice(1).map((item) => out(item).number)).toEqual(input.slice(1).map((row) => row.number));
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('a 429 on creation is retried: each invoice is created once', async () => {
		const clientId = await createClient(sandbox, { ...frCompanyClient, name: 'Limite SARL' });
		await addFault({ method: 'POST', path: CREATE, kind: 'status', status: 429, retryAfter: 0, count: 2 });
		const input = rows(2, uniqueNumber('R'));
		const seqBefore = sandbox.ctx.requests.all().at(-1)?.seq ?? 0;
		const { items, error } = await runNode({ sandbox, node: { parameters: batchParameters(clientId, { batchConcurrency: 1 }) }, items: input });
		expect(error).toBeUndefined();
		const posts = sandbox.ctx.requests.find('POST', CREATE).filter((r) => r.seq > seqBefore);
		expect(posts.map((r) => r.status)).toEqual([429, 429, 201, 201]);
		expect(items.map((item) => out(item).number)).toEqual(input.map((row) => row.number));
	});

	test('Finalize runs a batch concurrently, in input order', async () => {
		const clientId = await createClient(sandbox, { ...frCompanyClient, name: 'Finalisation SARL' });
		const created = await runNode({ sandbox, node: { parameters: batchParameters(clientId) }, items: rows(12, uniqueNumber('Z')) });
		const ids = created.items.map((item) => out(item).id as string);
		await addFault({ method: 'POST', path: '/v2/client_invoices/*', kind: 'latency', latencyMs: 40, count: 12 });
		const watch = watchInFlight('/v2/client_invoices/*');
		try {
			const { items, error } = await runNode({
				sandbox,
				node: { parameters: { resource: 'clientInvoice', operation: 'finalize', invoiceId: { __rl: true, mode: 'id', value: '={{ $json.id }}' }, options: { batchConcurrency: 4 } } },
				items: ids.map((id) => ({ id })),
			});
			expect(error).toBeUndefined();
			expect(items.map((item) => [out(item).id, out(item).status])).toEqual(ids.map((id) => [id, 'unpaid']));
			expect(watch.max()).toBe(4);
		} finally {
			watch.stop();
			await sandbox.http.delete('/sandbox/faults');
		}
	});
});
