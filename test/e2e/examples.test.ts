// The example workflows of examples/, imported into a real n8n as they are (only the credential id is
// pointed at this run's credential) and, for those started by hand, executed with `n8n execute`.
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

		it('runs as imported: one finalized invoice per row, numbered as the rows say, each with its Factur-X PDF and XML', async () => {
			const example = readExample('invoices-batch-facturx.json');
			const workflowId = await n8n.importWorkflow(withCredential(example, credential));
			await clearRequestLog(sandbox);
			const execution = await n8n.execute(workflowId);
			expect(execution.run?.raw.data.resultData.error).toBeUndefined();
			expect(execution.code).toBe(0);

			const created = execution.run?.allItems('Create invoice') ?? [];
			expect(created).toHaveLength(2);
			expect(created.map((invoice) => invoice.number)).toEqual([expect.stringMatching(/^BATCH-\d{8}-1$/), expect.stringMatching(/^BATCH-\d{8}-2$/)]);
			expect(await requestsTo(sandbox, 'POST', '/v2/client_invoices')).toHaveLength(2);
			for (const invoice of created) {
				const stored = await sandbox.api('fr').get(`/v2/client_invoices/${String(invoice.id)}`);
				expect(stored.data.client_invoice).toMatchObject({ number: invoice.number, status: 'unpaid' });
			}
			// 3 × 19.99 at 20 % VAT, and 1.5 × 400.00 less 10 % at 20 %: decimal totals, no float drift.
			expect(created.map((invoice) => (invoice.total_amount as { value: string }).value)).toEqual(['71.96', '648.00']);

			const downloads = execution.run?.raw.data.resultData.runData['Download Factur-X']?.[0]?.data?.main[0] as unknown as Array<{ json: { id: string }; binary?: Record<string, { mimeType: string; fileName: string }> }>;
			expect(downloads.map((item) => item.json.id)).toEqual(created.map((invoice) => invoice.id));
			for (const item of downloads) {
				const files = Object.values(item.binary ?? {});
				expect(files).toHaveLength(2);
				expect(files.map((file) => file.mimeType)).toEqual(expect.arrayContaining(['application/pdf', expect.stringMatching(/xml/)]));
			}
			firstRun = created;
		});

		it('run again the same day (a batch that stopped halfway, finished by running it again): completes, creates nothing, still downloads every Factur-X', async () => {
			expect(firstRun).toHaveLength(2);
			const workflowId = await n8n.importWorkflow(withCredential(readExample('invoices-batch-facturx.json'), credential));
			await clearRequestLog(sandbox);
			const execution = await n8n.execute(workflowId);
			expect(execution.run?.raw.data.resultData.error).toBeUndefined();
			expect(execution.code).toBe(0);

			expect(await requestsTo(sandbox, 'POST', '/v2/client_invoices')).toHaveLength(0);
			const lookups = await requestsTo(sandbox, 'GET', '/v2/client_invoices');
			// Items run at once under the pacer: the lookups may arrive in any order.
			expect(lookups.map((request) => request.query['filter[number]']).sort()).toEqual(firstRun.map((invoice) => invoice.number).sort());
			const again = execution.run?.allItems('Create invoice') ?? [];
			expect(again.map((invoice) => [invoice.id, invoice._existing])).toEqual(firstRun.map((invoice) => [invoice.id, true]));
			const downloads = execution.run?.raw.data.resultData.runData['Download Factur-X']?.[0]?.data?.main[0] as unknown as Array<{ json: { id: string }; binary?: Record<string, unknown> }>;
			expect(downloads.map((item) => [item.json.id, Object.keys(item.binary ?? {}).length])).toEqual(firstRun.map((invoice) => [invoice.id, 2]));
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
