import type { AxiosInstance } from 'axios';
import { PDFDocument } from 'pdf-lib';

import { invoiceState } from '../../sandbox/modules/invoices/state';
import { createClient, frCompanyClient } from '../helpers/fixtures';
import { useTestSandbox } from '../helpers/sandbox';
import { readPdf } from './facturx-reader';
import { invoiceBody, pointers } from './invoices-fixtures';

/** A two-page PDF, so that an invoice built on it is recognisable by its page count. */
async function twoPagePdf(): Promise<Uint8Array> {
	const doc = await PDFDocument.create();
	doc.addPage();
	doc.addPage();
	return doc.save();
}

function form(bytes: Uint8Array | string, type: string, name = 'file', fileName = 'my-invoice.pdf'): FormData {
	const body = new FormData();
	body.append(name, new Blob([bytes as BlobPart], { type }), fileName);
	return body;
}

describe('POST /v2/client_invoices/uploads and invoices built on an upload', () => {
	const sandbox = useTestSandbox({ facturxDelayMs: 200 }, { resetEachTest: false });
	let api: AxiosInstance;
	let clientId: string;

	beforeAll(async () => {
		api = sandbox.api('fr');
		clientId = await createClient(api, frCompanyClient);
	});

	it('stores a PDF (201) and answers the upload shape', async () => {
		const bytes = await twoPagePdf();
		const response = await api.post('/v2/client_invoices/uploads', form(bytes, 'application/pdf'));
		expect(response.status).toBe(201);
		expect(response.data.upload).toEqual({
			id: expect.stringMatching(/^[0-9a-f-]{36}$/),
			file_name: 'my-invoice.pdf',
			file_size: bytes.length,
			content_type: 'application/pdf',
			created_at: expect.any(String),
		});
	});

	it.each([
		['a text file', 'hello', 'text/plain'],
		['a non-PDF sent as application/pdf', 'not a pdf at all', 'application/pdf'],
		['a PDF header with garbage after it', '%PDF-1.7 garbage', 'application/pdf'],
	])('refuses %s with a 422 on /upload/file', async (_label, bytes, type) => {
		const response = await api.post('/v2/client_invoices/uploads', form(bytes, type));
		expect(response.status).toBe(422);
		expect(pointers(response.data)).toEqual(['/upload/file']);
	});

	it('refuses a file over 15 MB', async () => {
		const big = new Uint8Array(15 * 1024 * 1024 + 1);
		big.set(new TextEncoder().encode('%PDF-1.7\n'));
		const response = await api.post('/v2/client_invoices/uploads', form(big, 'application/pdf'));
		expect(response.status).toBe(422);
		expect(response.data.errors[0]).toMatchObject({ code: 'too_large', source: { pointer: '/upload/file' } });
	}, 30_000);

	it.each([
		['without a boundary', 'multipart/form-data', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7'],
		['cut short inside the file part', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7 and no end'],
		['that is not multipart at all', 'multipart/form-data; boundary=x', 'garbage'],
	])('answers a malformed multipart body (%s) with 400 and the error body, storing nothing', async (_label, contentType, body) => {
		const uploadsBefore = invoiceState(sandbox.ctx).uploads.size;
		const response = await api.post('/v2/client_invoices/uploads', body, { headers: { 'Content-Type': contentType }, transformRequest: [(data) => data] });
		expect(response.status).toBe(400);
		expect(response.data).toEqual({ errors: [{ code: 'malformed_multipart', detail: expect.stringMatching(/^The multipart body could not be read: /) }] });
		expect(invoiceState(sandbox.ctx).uploads.size).toBe(uploadsBefore);
		// Still serving uploads.
		expect((await api.post('/v2/client_invoices/uploads', form(await twoPagePdf(), 'application/pdf'))).status).toBe(201);
	});

	it('wants one part named file, multipart only, and client_invoices.write', async () => {
		const wrongPart = await api.post('/v2/client_invoices/uploads', form(await twoPagePdf(), 'application/pdf', 'document'));
		expect(wrongPart.status).toBe(422);
		expect((await api.post('/v2/client_invoices/uploads', { file: 'x' })).status).toBe(400);
		const readOnly = sandbox.api('fr', ['client_invoices.read']);
		expect((await readOnly.post('/v2/client_invoices/uploads', form(await twoPagePdf(), 'application/pdf'))).status).toBe(403);
	});

	it('uses the uploaded PDF as the invoice attachment, and embeds factur-x.xml into it at finalization', async () => {
		const bytes = await twoPagePdf();
		const upload = (await api.post('/v2/client_invoices/uploads', form(bytes, 'application/pdf'))).data.upload;
		const draft = await api.post('/v2/client_invoices', invoiceBody(clientId, { status: 'draft', upload_id: upload.id }));
		expect(draft.status).toBe(201);
		expect(draft.data.client_invoice.upload_id).toBe(upload.id);

		const attachment = (await api.get(`/v2/attachments/${draft.data.client_invoice.attachment_id}`)).data.attachment;
		const plain = await sandbox.http.get(attachment.url.replace(sandbox.url, ''), { responseType: 'arraybuffer' });
		expect((await readPdf(new Uint8Array(plain.data))).pageCount).toBe(2);

		const finalized = (await api.post(`/v2/client_invoices/${draft.data.client_invoice.id}/finalize`)).data.client_invoice;
		let facts = await readPdf(new Uint8Array(plain.data));
		for (let attempt = 0; attempt < 100 && facts.embedded.length === 0; attempt += 1) {
			await new Promise((resolve) => setTimeout(resolve, 50));
			const current = (await api.get(`/v2/attachments/${finalized.attachment_id}`)).data.attachment;
			const file = await sandbox.http.get(current.url.replace(sandbox.url, ''), { responseType: 'arraybuffer' });
			facts = await readPdf(new Uint8Array(file.data));
		}
		expect(facts.pageCount).toBe(2);
		expect(facts.embedded.map((f) => f.name)).toEqual(['factur-x.xml']);
	});

	it('refuses another organization\'s upload as upload_id', async () => {
		const upload = (await api.post('/v2/client_invoices/uploads', form(await twoPagePdf(), 'application/pdf'))).data.upload;
		const de = sandbox.api('de');
		const response = await de.post('/v2/client_invoices', invoiceBody('00000000-0000-4000-8000-000000000000', { upload_id: upload.id, payment_methods: { iban: 'DE89370400440532013000' } }));
		expect(response.status).toBe(422);
		expect(pointers(response.data)).toContain('/client_invoice/upload_id');
	});
});
