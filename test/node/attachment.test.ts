import { runNode } from '../helpers/engine/runNode';
import { uniqueNumber } from '../helpers/fixtures';
import { useTestSandbox } from '../helpers/sandbox';
import { createClient, createParameters, out, type Out } from './invoiceFixtures';

const sandbox = useTestSandbox({}, { resetEachTest: false });
let invoice: Out;

beforeAll(async () => {
	const clientId = await createClient(sandbox);
	const { items } = await runNode({ sandbox, node: { parameters: createParameters(clientId, { status: 'draft', additionalFields: { number: uniqueNumber('A') } }) } });
	invoice = out(items[0]);
});

async function run(parameters: Record<string, unknown>) {
	const seqBefore = sandbox.ctx.requests.all().at(-1)?.seq ?? 0;
	const result = await runNode({ sandbox, node: { parameters: { resource: 'attachment', operation: 'get', ...parameters } } });
	return { ...result, sent: sandbox.ctx.requests.all().filter((r) => r.seq > seqBefore) };
}

describe('Attachment: Get', () => {
	test("metadata only: the invoice PDF's id, pre-signed url, updated_at and file name; no download", async () => {
		const { items, error, sent } = await run({ attachmentId: invoice.attachment_id });
		expect(error).toBeUndefined();
		expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v2/attachments/${invoice.attachment_id}`]);
		expect(items[0].json).toMatchObject({ id: invoice.attachment_id, content_type: 'application/pdf', file_name: expect.stringContaining('.pdf') });
		expect(String(out(items[0]).url)).toMatch(/^http:\/\/.+signature=/);
		expect(Date.parse(out(items[0]).updated_at)).not.toBeNaN();
		expect(items[0].binary).toBeUndefined();
	});

	test('with Download File: the bytes the pre-signed URL serves, as binary, without a bearer token', async () => {
		const { items, error, sent } = await run({ attachmentId: invoice.attachment_id, download: true, binaryProperty: 'invoicePdf' });
		expect(error).toBeUndefined();
		const file = sent.at(-1)!;
		expect(file.path).toBe(`/sandbox-files/${invoice.attachment_id}`);
		expect(file.headers.authorization).toBeUndefined();
		const binary = items[0].binary!.invoicePdf;
		expect(binary).toMatchObject({ mimeType: 'application/pdf', fileName: out(items[0]).file_name });
		const served = await sandbox.http.get(out(items[0]).url, { responseType: 'arraybuffer' });
		expect(Buffer.from(binary.data, 'base64').equals(Buffer.from(served.data))).toBe(true);
		expect(Buffer.from(binary.data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
	});

	test('a malformed ID is refused before any request; an unknown one shows the API 404', async () => {
		const bad = await run({ attachmentId: 'nope' });
		expect(bad.error?.message).toBe('Item 0: Attachment ID (attachmentId) must be an ID (a UUID), got "nope"');
		expect(bad.sent).toHaveLength(0);
		const unknown = await run({ attachmentId: '00000000-0000-4000-8000-000000000000' });
		expect(unknown.error?.name).toBe('NodeApiError');
		expect(`${unknown.error?.message} ${unknown.error?.description}`).toMatch(/Attachment not found/);
	});
});
