// The example workflows of examples/, imported into a real n8n as they are (only the credential id is
// pointed at this run's credential) and, for those started by hand, executed with `n8n execute`.
import { writeFileSync } from 'fs';

import { invoiceState } from '../../sandbox/modules/invoices/state';
import { exampleFiles, readExample, withCredential } from '../../tools/n8n/examples';
import type { TestSandbox } from '../helpers/sandbox';
import { useBankInN8n } from './helpers/bankInN8n';
import { describeInN8n, type E2eN8n } from './helpers/n8n';
import { clearRequestLog, requestsTo } from './helpers/sandbox';
import { BUSINESS_BANKING_NODE, BUSINESS_BANKING_TOOL, BUSINESS_BANKING_TRIGGER } from './helpers/workflows';

jest.setTimeout(10 * 60_000);

interface ClientRow {
	name: string;
	email: string;
	vat_number: string;
	currency: string;
	locale: string;
	street_address: string;
	city: string;
	zip_code: string;
	country_code: string;
}

/** The rows the example's Code node holds, read from the example itself. */
function exampleRows(jsCode: string): ClientRow[] {
	const table = jsCode.slice(jsCode.indexOf('['), jsCode.lastIndexOf(']') + 1);
	return new Function(`return ${table}`)() as ClientRow[];
}

const ROWS = 1000;
const BATCH = 100;

/** The rows source of a 1,000-invoice month: the template's two clients in turn, one line each, a number per row. */
const MONTH_ROWS = `const month = $now.toFormat('yyyyLL');
const emails = ['compta@editions-cote-azur.example', 'jeanne.dupont@example.com'];
return Array.from({ length: ${ROWS} }, (_, i) => ({
	json: {
		email: emails[i % 2],
		number: 'MONTH-' + month + '-' + String(i + 1).padStart(4, '0'),
		items: [{ title: 'Subscription ' + (i + 1), quantity: '1', unit_price: (10 + (i % 100) / 100).toFixed(2), vat_rate: '20' }],
	},
}));`;

/**
 * Counts every request that reaches the sandbox from now on, by kind (the request log keeps only the
 * last 5,000, fewer than a month's run sends): the sandbox's own log, its entries counted as they start.
 */
function countRequests(sandbox: TestSandbox): { total: () => number; byKind: Record<string, number>; stop: () => void } {
	const log = sandbox.ctx.requests;
	const start = log.start.bind(log);
	const byKind: Record<string, number> = {};
	const kind = (request: { method: string; path: string }) => `${request.method} ${request.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id').replace(/\/files\/.*/, '/files/…')}`;
	log.start = (entry) => {
		byKind[kind(entry)] = (byKind[kind(entry)] ?? 0) + 1;
		return start(entry);
	};
	return { byKind, total: () => Object.values(byKind).reduce((sum, count) => sum + count, 0), stop: () => (log.start = start) };
}

describeInN8n('example workflows in a real n8n', (state) => {
	let sandbox: TestSandbox;
	let n8n: E2eN8n;
	let credential: { id: string; name: string };

	useBankInN8n(state, 'Business Banking (e2e examples)', (parts) => ({ n8n, sandbox, credential } = parts));

	it.each(exampleFiles())('%s imports, and n8n knows every node and parameter of the package it uses', async (file) => {
		const workflow = readExample(file);
		const id = await n8n.importWorkflow(withCredential(workflow, credential));
		const stored = await n8n.client.publicApi<{ nodes: Array<{ type: string }> }>('GET', `/workflows/${id}`);
		expect(stored.nodes.map((node) => node.type)).toEqual(workflow.nodes.map((node) => node.type));

		const ourTypes = [BUSINESS_BANKING_NODE, BUSINESS_BANKING_TRIGGER, BUSINESS_BANKING_TOOL];
		const ours = workflow.nodes.filter((node) => ourTypes.includes(node.type));
		expect(ours.length).toBeGreaterThan(0);
		const known = await n8n.client.nodeTypes();
		for (const node of ours) {
			const description = known.find((type) => type.name === node.type && [type.version].flat().includes(Number(node.typeVersion)));
			expect({ node: node.name, known: Boolean(description) }).toEqual({ node: node.name, known: true });
			const names = new Set(description?.properties.map((property) => property.name));
			expect({ node: node.name, unknown: Object.keys(node.parameters).filter((name) => !names.has(name)) }).toEqual({ node: node.name, unknown: [] });
		}
	});

	describe('invoices-batch-facturx.json', () => {
		let firstRun: Array<Record<string, unknown>> = [];
		let workflowId = '';

		/** Each Factur-X download of the run (every batch's): the invoice id and its files' types. */
		function downloadsOf(execution: Awaited<ReturnType<E2eN8n['execute']>>) {
			const runs = execution.run?.raw.data.resultData.runData['Download Factur-X'] ?? [];
			const items = runs.flatMap((run) => (run.data?.main[0] ?? []) as unknown as Array<{ json: { id: string }; binary?: Record<string, { mimeType: string }> }>);
			return items.map((item) => ({ id: item.json.id, types: Object.values(item.binary ?? {}).map((file) => file.mimeType) }));
		}

		it('runs as imported (version 2): one finalized invoice per row, numbered by the month, each with its Factur-X PDF and XML', async () => {
			const example = readExample('invoices-batch-facturx.json');
			expect(example.nodes.filter((node) => node.type === BUSINESS_BANKING_NODE).map((node) => node.typeVersion)).toEqual([2, 2, 2]);
			workflowId = await n8n.importWorkflow(withCredential(example, credential));
			await clearRequestLog(sandbox);
			const execution = await n8n.execute(workflowId);
			expect(execution.run?.raw.data.resultData.error).toBeUndefined();
			expect(execution.code).toBe(0);

			const created = execution.run?.allItems('Create invoice') ?? [];
			expect(created).toHaveLength(2);
			expect(created.map((invoice) => invoice.number)).toEqual([expect.stringMatching(/^BATCH-\d{6}-1$/), expect.stringMatching(/^BATCH-\d{6}-2$/)]);
			const posts = await requestsTo(sandbox, 'POST', '/v2/client_invoices');
			expect(posts).toHaveLength(2);
			// Version 2 reads the rows' VAT and discount as percentages: the bank gets its fractions.
			expect(posts.map((request) => (request.body as { client_invoice: { items: unknown } }).client_invoice.items)).toEqual([
				[{ title: 'Consulting', quantity: '3', unit_price: { value: '19.99', currency: 'EUR' }, vat_rate: '0.2' }],
				[{ title: 'Design', quantity: '1.5', unit_price: { value: '400.00', currency: 'EUR' }, vat_rate: '0.2', discount: { type: 'percentage', value: '0.1' } }],
			]);
			for (const invoice of created) {
				const stored = await sandbox.api('fr').get(`/v2/client_invoices/${String(invoice.id)}`);
				expect(stored.data.client_invoice).toMatchObject({ number: invoice.number, status: 'unpaid' });
			}
			// 3 × 19.99 at 20 % VAT, and 1.5 × 400.00 less 10 % at 20 %: decimal totals, no float drift.
			expect(created.map((invoice) => (invoice.total_amount as { value: string }).value)).toEqual(['71.96', '648.00']);

			const downloads = downloadsOf(execution);
			expect(downloads.map((item) => item.id)).toEqual(created.map((invoice) => invoice.id));
			for (const item of downloads) expect(item.types).toEqual(expect.arrayContaining(['application/pdf', expect.stringMatching(/xml/)]));
			firstRun = created;
		});

		it('the same workflow again the same month: nothing made again (the write memory), every Factur-X downloaded again', async () => {
			expect(firstRun).toHaveLength(2);
			await clearRequestLog(sandbox);
			const execution = await n8n.execute(workflowId);
			expect(execution.run?.raw.data.resultData.error).toBeUndefined();
			expect(await requestsTo(sandbox, 'POST', '/v2/client_invoices')).toHaveLength(0);
			const again = execution.run?.allItems('Create invoice') ?? [];
			expect(again.map((invoice) => [invoice.id, invoice._madeEarlier !== undefined])).toEqual(firstRun.map((invoice) => [invoice.id, true]));
			expect(downloadsOf(execution).map((item) => [item.id, item.types.length])).toEqual(firstRun.map((invoice) => [invoice.id, 2]));
		});

		it('imported again (another workflow, so no memory of the first): Skip If It Already Exists finds each invoice by its number, creates nothing', async () => {
			expect(firstRun).toHaveLength(2);
			const otherId = await n8n.importWorkflow(withCredential(readExample('invoices-batch-facturx.json'), credential));
			await clearRequestLog(sandbox);
			const execution = await n8n.execute(otherId);
			expect(execution.run?.raw.data.resultData.error).toBeUndefined();
			expect(execution.code).toBe(0);

			expect(await requestsTo(sandbox, 'POST', '/v2/client_invoices')).toHaveLength(0);
			const lookups = await requestsTo(sandbox, 'GET', '/v2/client_invoices');
			// Items run at once under the pacer: the lookups may arrive in any order.
			expect(lookups.map((request) => request.query['filter[number]']).sort()).toEqual(firstRun.map((invoice) => invoice.number).sort());
			const again = execution.run?.allItems('Create invoice') ?? [];
			expect(again.map((invoice) => [invoice.id, invoice._existing])).toEqual(firstRun.map((invoice) => [invoice.id, true]));
			expect(downloadsOf(execution).map((item) => [item.id, item.types.length])).toEqual(firstRun.map((invoice) => [invoice.id, 2]));
		});
	});

	// The template at a real month's size: its rows source (the Code node a user replaces with a sheet or
	// a database) hands it 1,000 rows; each invoice made once, finalized, its Factur-X fetched, in
	// batches of 100 that n8n counts per node as they finish; the same month again makes none (the
	// write memory). About 90 s (the service allows 1,000 requests per 10 s); docs/benchmarks.md has its figures.
	describe('invoices-batch-facturx.json with 1,000 rows', () => {
		let workflowId = '';
		const figures: string[] = [];

		const monthInvoices = () => invoiceState(sandbox.ctx).invoices.all().filter((invoice) => invoice.fields.number.startsWith('MONTH-'));

		/** Runs the month's workflow once, its time and requests counted into the figures. */
		const measuredRun = async (label: string) => {
			await clearRequestLog(sandbox);
			const requests = countRequests(sandbox);
			const started = Date.now();
			const execution = await n8n.execute(workflowId);
			const seconds = (Date.now() - started) / 1000;
			requests.stop();
			figures.push(`${label}: ${seconds.toFixed(1)} s, ${requests.total()} requests ${JSON.stringify(requests.byKind)}`);
			return { execution, requests };
		};

		it('1,000 rows: 1,000 invoices, each made once, finalized, each Factur-X fetched, in batches n8n counts per node', async () => {
			const example = readExample('invoices-batch-facturx.json');
			const rows = example.nodes.find((node) => node.name === 'Invoice rows');
			if (!rows) throw new Error('the template has no Invoice rows node');
			rows.parameters = { ...rows.parameters, jsCode: MONTH_ROWS };
			workflowId = await n8n.importWorkflow(withCredential(example, credential));
			const { execution, requests } = await measuredRun('first run');
			expect(execution.run?.raw.data.resultData.error).toBeUndefined();
			expect(execution.code).toBe(0);

			const made = monthInvoices();
			expect(made).toHaveLength(ROWS);
			expect(new Set(made.map((invoice) => invoice.fields.number)).size).toBe(ROWS);
			expect(made.filter((invoice) => invoice.status !== 'unpaid')).toEqual([]);
			// Progress in the execution: each node ran once per batch of 100, its items counted per run.
			const runData = execution.run?.raw.data.resultData.runData ?? {};
			expect(runData['Create invoice'].map((run) => run.data?.main[0]?.length)).toEqual(Array.from({ length: ROWS / BATCH }, () => BATCH));
			const downloads = (runData['Download Factur-X'] ?? []).flatMap((run) => (run.data?.main[0] ?? []) as unknown as Array<{ json: { id: string }; binary?: Record<string, { mimeType: string }> }>);
			expect(downloads).toHaveLength(ROWS);
			expect(new Set(downloads.map((item) => item.json.id))).toEqual(new Set(made.map((invoice) => invoice.id)));
			for (const item of downloads) expect(Object.values(item.binary ?? {}).map((file) => file.mimeType)).toEqual(['application/pdf', 'text/xml']);
			expect(requests.byKind['POST /v2/client_invoices']).toBe(ROWS);
		}, 30 * 60_000);

		it('the same month again: 0 new invoices, each found in the write memory, every Factur-X fetched again', async () => {
			expect(workflowId).not.toBe('');
			const { execution, requests } = await measuredRun('same month again');
			expect(execution.run?.raw.data.resultData.error).toBeUndefined();
			expect(monthInvoices()).toHaveLength(ROWS);
			const again = execution.run?.allItems('Create invoice') ?? [];
			expect(again).toHaveLength(ROWS);
			expect(again.filter((invoice) => invoice._madeEarlier === undefined)).toEqual([]);
			expect(requests.byKind['POST /v2/client_invoices'] ?? 0).toBe(0);
			expect(execution.run?.allItems('Download Factur-X')).toHaveLength(ROWS);
		}, 30 * 60_000);

		afterAll(() => {
			process.stdout.write(`\n[invoice month] ${figures.join('\n[invoice month] ')}\n`);
			if (process.env.E2E_INVOICE_MONTH_FIGURES) writeFileSync(process.env.E2E_INVOICE_MONTH_FIGURES, `${figures.join('\n')}\n`);
		});
	});

	describe('clients-batch-upsert.json', () => {
		const example = readExample('clients-batch-upsert.json');
		const rows = exampleRows(String(example.nodes.find((node) => node.name === 'Client rows')?.parameters.jsCode));
		let workflowId: string;

		async function clientsByEmail(email: string) {
			const response = await sandbox.api('fr').get('/v2/clients', { params: { 'filter[email]': email } });
			return response.data.clients as Array<{ id: string; name: string; vat_number: string; currency: string; locale: string; billing_address: { city: string; zip_code: string; country_code: string } }>;
		}

		it('creates the missing clients and updates the one that exists, looked up by e-mail', async () => {
			expect(rows.length).toBeGreaterThanOrEqual(3);
			const existing = await sandbox.api('fr').post('/v2/clients', {
				client: { kind: 'company', name: 'Old name', email: rows[1].email, currency: 'EUR', locale: 'fr', billing_address: { street_address: '1 rue Ancienne', city: 'Ancienne', zip_code: '75001', country_code: 'FR' } },
			});
			expect(existing.status).toBe(201);
			await clearRequestLog(sandbox);

			workflowId = await n8n.importWorkflow(withCredential(example, credential));
			const execution = await n8n.execute(workflowId);
			expect(execution.run?.raw.data.resultData.error).toBeUndefined();
			expect(execution.code).toBe(0);
			expect(execution.run?.allItems('Create client').map((client) => client.email)).toEqual([rows[0].email, rows[2].email]);
			expect(execution.run?.allItems('Update client').map((client) => client.id)).toEqual([existing.data.client.id]);

			// What reached the sandbox (read before the checks below add their own requests).
			const lookups = await requestsTo(sandbox, 'GET', '/v2/clients');
			expect(lookups.map((request) => request.query['filter[email]'])).toEqual(rows.map((row) => row.email));
			expect(lookups.map((request) => request.query.per_page)).toEqual(rows.map(() => '1'));
			expect(await requestsTo(sandbox, 'POST', '/v2/clients')).toHaveLength(2);
			expect((await requestsTo(sandbox, 'PATCH', '/v2/clients/*')).map((request) => request.path)).toEqual([`/v2/clients/${existing.data.client.id}`]);

			for (const row of rows) {
				const found = await clientsByEmail(row.email);
				expect(found).toHaveLength(1);
				expect(found[0]).toMatchObject({
					name: row.name,
					vat_number: row.vat_number,
					currency: row.currency,
					locale: row.locale,
					billing_address: expect.objectContaining({ city: row.city, zip_code: row.zip_code, country_code: row.country_code }),
				});
			}
			expect((await clientsByEmail(rows[1].email))[0].id).toBe(existing.data.client.id);
		});

		it('a second run updates every row and creates no duplicate', async () => {
			if (!workflowId) throw new Error('the first run did not happen');
			await clearRequestLog(sandbox);
			const execution = await n8n.execute(workflowId);
			expect(execution.code).toBe(0);
			expect(execution.run?.runs('Create client')).toBe(0);
			expect(execution.run?.allItems('Update client')).toHaveLength(rows.length);
			expect(await requestsTo(sandbox, 'POST', '/v2/clients')).toHaveLength(0);
			expect(await requestsTo(sandbox, 'PATCH', '/v2/clients/*')).toHaveLength(rows.length);
			for (const row of rows) expect(await clientsByEmail(row.email)).toHaveLength(1);
		});
	});
});
