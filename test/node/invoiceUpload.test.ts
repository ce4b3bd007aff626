import { existsSync, mkdtempSync, readdirSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { Container } from '@n8n/di';
import { BinaryDataConfig, BinaryDataService } from 'n8n-core';
import type { INodeParameters } from 'n8n-workflow';
import { PDFDocument } from 'pdf-lib';

import { SEED } from '../../sandbox/core/seed';
import { invoiceState } from '../../sandbox/modules/invoices/state';
import { renderDuePdf } from '../../sandbox/modules/invoices/documents';
import { UPLOAD_MAX_BYTES } from '../../nodes/shared/schemas/invoice';
import { runFileInto } from '../helpers/fileNode';
import { useTestSandbox } from '../helpers/sandbox';
import { createClient, createParameters } from './invoiceFixtures';



// Engine runs on a loaded machine: the first one of a file also loads n8n-core.
jest.setTimeout(30_000);
describe('Client Invoice › Upload and Create with an attached PDF, from filesystem binary data', () => {
	const sandbox = useTestSandbox();
	const storage = mkdtempSync(join(tmpdir(), 'n8n-binary-filesystem-'));
	let pdf: Uint8Array;

	beforeAll(async () => {
		// n8n's filesystem binary mode: files live in `storage`, items carry only an id.
		const config = Container.get(BinaryDataConfig);
		config.mode = 'filesystem';
		config.localStoragePath = storage;
		await Container.get(BinaryDataService).init();
		const document = await PDFDocument.create();
		document.addPage([595, 842]).drawText('Invoice F-2026-101, as the accounting system printed it');
		pdf = await document.save();
	});
	afterAll(() => rmSync(storage, { recursive: true, force: true }));
	beforeEach(() => sandbox.ctx.requests.clear());

	const uploads = () => invoiceState(sandbox.ctx).uploads.list(SEED.organizations.fr);

	const run = (bytes: Uint8Array, fileName: string, mimeType: string, parameters: Record<string, unknown>) =>
		runFileInto(sandbox, { bytes, fileName, mimeType }, parameters as INodeParameters);

	it('uploads the PDF the previous node stored on disk; the bytes arrive intact, as multipart', async () => {
		const { outputs, error } = await run(pdf, 'F-2026-101.pdf', 'application/pdf', { resource: 'clientInvoice', operation: 'upload', binaryPropertyName: 'invoicePdf' });
		expect(error).toBeUndefined();
		// Filesystem mode: the item holds a reference, the file is in the storage folder.
		const binary = outputs.File[0].binary!.invoicePdf;
		expect(binary.id).toMatch(/^filesystem(-v2)?:/);
		expect(binary.data).not.toBe(Buffer.from(pdf).toString('base64'));
		expect(readdirSync(storage, { recursive: true }).length).toBeGreaterThan(0);

		const [upload] = uploads();
		expect(outputs['Business Banking'][0].json).toEqual({ id: upload.id, file_name: 'F-2026-101.pdf', file_size: pdf.length, content_type: 'application/pdf', created_at: expect.any(String) });
		expect(Buffer.from(upload.bytes).equals(Buffer.from(pdf))).toBe(true);
		const [request] = sandbox.ctx.requests.find('POST', '/v2/client_invoices/uploads');
		expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
		expect(request.headers.authorization).toBe('Bearer [redacted]');
	});

	it('creates an invoice carrying the uploaded PDF in one step (Attach PDF From Binary Property)', async () => {
		const clientId = await createClient(sandbox);
		const parameters = createParameters(clientId, { additionalFields: { number: 'F-2026-101', attachPdfBinaryProperty: 'invoicePdf' } });
		sandbox.ctx.requests.clear();
		const { outputs, error } = await run(pdf, 'F-2026-101.pdf', 'application/pdf', parameters);
		expect(error).toBeUndefined();
		const [upload] = uploads();
		expect(outputs['Business Banking'][0].json).toMatchObject({ number: 'F-2026-101', upload_id: upload.id });
		expect(sandbox.ctx.requests.all().map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v2/client_invoices/uploads', 'POST /v2/client_invoices']);
		expect(sandbox.ctx.requests.find('POST', '/v2/client_invoices')[0].body).toMatchObject({ client_invoice: { upload_id: upload.id } });
		// The invoice's own PDF is the uploaded one: its page and text come from the upload.
		const invoice = outputs['Business Banking'][0].json as { attachment_id: string };
		// PDFs are drawn on first use (a download or an attachment lookup).
		await renderDuePdf(invoiceState(sandbox.ctx), invoice.attachment_id);
		const attachment = invoiceState(sandbox.ctx).attachments.get(SEED.organizations.fr, invoice.attachment_id);
		expect((await PDFDocument.load(attachment!.bytes)).getPage(0).getSize()).toEqual({ width: 595, height: 842 });
	});

	it('refuses a file that is not a PDF before any request, naming the item and the field', async () => {
		const clientId = await createClient(sandbox);
		sandbox.ctx.requests.clear();
		const text = Buffer.from('Invoice F-2026-101\nTotal: 240.00 EUR\n');
		const upload = await run(text, 'invoice.txt', 'text/plain', { resource: 'clientInvoice', operation: 'upload', binaryPropertyName: 'invoicePdf' });
		expect(upload.error).toMatchObject({
			name: 'NodeOperationError',
			message: 'Item 0: the binary field "invoicePdf" (invoice.txt) is not a PDF: its content does not start with %PDF- (type text/plain)',
		});
		const create = await run(text, 'invoice.txt', 'text/plain', createParameters(clientId, { additionalFields: { attachPdfBinaryProperty: 'invoicePdf' } }));
		expect(create.error?.message).toBe(upload.error?.message);
		expect(sandbox.ctx.requests.all()).toEqual([]);
		expect(uploads()).toEqual([]);
	});

	it('refuses a PDF over 15 MB and a missing binary field before any request', async () => {
		const large = new Uint8Array(UPLOAD_MAX_BYTES + 1);
		large.set(Buffer.from('%PDF-1.7\n'));
		const tooLarge = await run(large, 'scan.pdf', 'application/pdf', { resource: 'clientInvoice', operation: 'upload', binaryPropertyName: 'invoicePdf' });
		expect(tooLarge.error?.message).toBe('Item 0: the binary field "invoicePdf" (scan.pdf) is 15728641 bytes; uploads are limited to 15 MB (15728640 bytes)');
		const missing = await run(pdf, 'F-2026-101.pdf', 'application/pdf', { resource: 'clientInvoice', operation: 'upload', binaryPropertyName: 'attachment' });
		expect(missing.error?.message).toContain("'attachment'");
		expect(missing.error?.message).toContain('[item 0]');
		expect(sandbox.ctx.requests.all()).toEqual([]);
		expect(existsSync(storage)).toBe(true);
	});
});
