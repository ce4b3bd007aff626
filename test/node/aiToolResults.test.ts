// What an AI agent's model reads back from Business Banking run as its tool, in n8n's engine: no
// file bytes (a line naming each file instead), the fields it reasons with first, long texts cut, the
// whole answer bounded with a note of what was left out. The regular node's output is untouched.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { BusinessBanking } from '../../nodes/BusinessBanking/BusinessBanking.node';
import { MAX_RESULT_CHARACTERS, MAX_TEXT_CHARACTERS, resultForModel } from '../../nodes/BusinessBanking/actions/aiTool/resultForModel';
import { registerNodeType } from '../helpers/engine/nodeTypes';
import { runNode } from '../helpers/engine/runNode';
import { uniqueNumber } from '../helpers/fixtures';
import { useTestSandbox } from '../helpers/sandbox';
import { createClient, createParameters } from './invoiceFixtures';

const TOOL_TYPE = 'n8n-nodes-business-banking.businessBankingTool';
registerNodeType(TOOL_TYPE, new BusinessBanking());

describe('resultForModel', () => {
	const item = (json: IDataObject, index = 0): INodeExecutionData => ({ json, pairedItem: { item: index } });

	it('puts the fields a model reasons with first, keeps the rest in the API’s order', () => {
		const [trimmed] = resultForModel([item({ vat_number: 'FR1', created_at: 'x', status: 'unpaid', id: 'inv-1', number: 'F-1' })]);
		expect(Object.keys(trimmed.json)).toEqual(['id', 'number', 'status', 'vat_number', 'created_at']);
	});

	it('cuts a long text at any depth, saying how much was left out', () => {
		const long = 'x'.repeat(MAX_TEXT_CHARACTERS + 250);
		const [trimmed] = resultForModel([item({ id: 'a', lines: [{ description: long }] })]);
		expect((trimmed.json.lines as Array<{ description: string }>)[0].description).toBe(`${'x'.repeat(MAX_TEXT_CHARACTERS)}… (250 more characters)`);
	});

	it('keeps items while they fit, then one note with the count; each item keeps its pairing', () => {
		const items = Array.from({ length: 400 }, (_, index) => item({ id: `c-${index}`, name: 'n'.repeat(200) }, index));
		const trimmed = resultForModel(items);
		const note = trimmed.at(-1)!;
		expect(note.json).toMatchObject({ truncated: true, total: 400, shown: trimmed.length - 1 });
		expect(note.pairedItem).toEqual({ item: trimmed.length - 1 });
		expect(JSON.stringify(trimmed.map((entry) => entry.json)).length).toBeLessThanOrEqual(MAX_RESULT_CHARACTERS + 300);
		expect(trimmed.slice(0, -1).map((entry) => entry.pairedItem)).toEqual(items.slice(0, trimmed.length - 1).map((entry) => entry.pairedItem));
	});

	it('leaves a small answer whole, with no note', () => {
		const items = [item({ id: 'a' }), item({ id: 'b' }, 1)];
		expect(resultForModel(items)).toEqual(items);
	});
});

describe('a tool’s answer, in n8n’s engine', () => {
	const sandbox = useTestSandbox({ facturxDelayMs: 50 });
	let clientId: string;
	beforeEach(async () => {
		clientId = await createClient(sandbox);
	});

	async function invoice(status: 'draft' | 'unpaid'): Promise<string> {
		const { items, error } = await runNode({ sandbox, node: { parameters: createParameters(clientId, { status, additionalFields: { number: uniqueNumber('AI') } }) } });
		expect(error).toBeUndefined();
		return String(items[0].json.id);
	}

	const download = (id: string) => ({ resource: 'clientInvoice', operation: 'downloadFacturX', invoiceId: { __rl: true, mode: 'id', value: id }, options: { pollIntervalMs: 20, timeoutSeconds: 20 } });

	it('Download Factur-X: no file bytes reach the model, a line names each file; the regular node still outputs both files', async () => {
		const id = await invoice('unpaid');
		const asTool = await runNode({ sandbox, node: { type: TOOL_TYPE, parameters: download(id) } });
		expect(asTool.error).toBeUndefined();
		const [answer] = asTool.items;
		expect(answer.binary).toBeUndefined();
		expect(Object.keys(answer.json)[0]).toBe('id');
		expect(answer.json.files).toEqual([
			{ field: 'data', fileName: expect.stringMatching(/\.pdf$/), mimeType: 'application/pdf', size: expect.any(String) },
			{ field: 'facturx', fileName: 'factur-x.xml', mimeType: 'text/xml', size: expect.any(String) },
		]);

		const regular = await runNode({ sandbox, node: { parameters: download(id) } });
		expect(Object.keys(regular.items[0].binary ?? {})).toEqual(['data', 'facturx']);
		expect(regular.items[0].json).not.toHaveProperty('files');
	}, 30_000); // two PDFs drawn with their Factur-X XML: ~3 s alone, more beside other work

	it('Download Factur-X of a draft: an agent is refused (finalizing cannot be undone), the draft stays a draft', async () => {
		const id = await invoice('draft');
		sandbox.ctx.requests.clear();
		const { items, error } = await runNode({ sandbox, node: { type: TOOL_TYPE, parameters: download(id) } });
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({ refused: true, reason: expect.stringMatching(new RegExp(`^Refused: invoice ${id} is a draft, and downloading it would finalize it`)) });
		expect(sandbox.ctx.requests.find(undefined, '/v2/*').filter((request) => request.method !== 'GET')).toEqual([]);
		const stored = await sandbox.api('fr').get(`/v2/client_invoices/${id}`);
		expect(stored.data.client_invoice.status).toBe('draft');
	});

	it('Get Many with every page: the model gets what fits and a note of the total; the regular node gets them all', async () => {
		for (let index = 0; index < 60; index++) await createClient(sandbox, { kind: 'company', name: `Client ${index} ${'with a long trading name '.repeat(8)}`, email: `c${index}@example.com`, currency: 'EUR', locale: 'fr' });
		const parameters = { resource: 'client', operation: 'getMany', returnAll: true };
		const regular = await runNode({ sandbox, node: { parameters } });
		const total = regular.items.length;
		expect(total).toBeGreaterThan(60);

		const asTool = await runNode({ sandbox, node: { type: TOOL_TYPE, parameters } });
		const note = asTool.items.at(-1)!.json;
		expect(note).toMatchObject({ truncated: true, total, shown: asTool.items.length - 1, note: expect.stringContaining('Ask for fewer') });
		expect(asTool.items.slice(0, -1).map((item) => item.json.id)).toEqual(regular.items.slice(0, asTool.items.length - 1).map((item) => item.json.id));
		expect(JSON.stringify(asTool.items.map((item) => item.json)).length).toBeLessThanOrEqual(MAX_RESULT_CHARACTERS + 300);
	});
});
