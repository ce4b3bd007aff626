import type { AxiosInstance } from 'axios';

import { invoiceState } from '../../sandbox/modules/invoices/state';
import { createClient, frCompanyClient } from '../helpers/fixtures';
import { useTestSandbox } from '../helpers/sandbox';
import { readPdf } from './facturx-reader';
import { invoiceBody } from './invoices-fixtures';

// Long enough that the first download right after finalize still sees the draft PDF on a busy machine.
const DELAY_MS = 3000;
// Two tests wait out the delay; leave room on a loaded machine.
jest.setTimeout(30_000);

describe('invoice PDFs and the delayed Factur-X swap', () => {
	const sandbox = useTestSandbox({ facturxDelayMs: DELAY_MS }, { resetEachTest: false });
	let api: AxiosInstance;
	let clientId: string;

	beforeAll(async () => {
		api = sandbox.api('fr');
		clientId = await createClient(api, frCompanyClient);
	});

	/** GET the attachment and download its pre-signed URL (no bearer token, as a browser would). */
	async function download(attachmentId: string) {
		const attachment = await api.get(`/v2/attachments/${attachmentId}`);
		expect(attachment.status).toBe(200);
		const file = await sandbox.http.get(attachment.data.attachment.url.replace(sandbox.url, ''), { responseType: 'arraybuffer' });
		expect(file.status).toBe(200);
		expect(file.headers['content-type']).toBe('application/pdf');
		const bytes = new Uint8Array(file.data as ArrayBuffer);
		expect(bytes.length).toBe(attachment.data.attachment.file_size);
		return { attachment: attachment.data.attachment, bytes, facts: await readPdf(bytes) };
	}

	/** The spec's download procedure: poll until updated_at is later than finalized_at (bounded). */
	async function waitForFacturx(attachmentId: string, finalizedAt: string) {
		for (let attempt = 0; attempt < 100; attempt += 1) {
			const attachment = (await api.get(`/v2/attachments/${attachmentId}`)).data.attachment;
			if (Date.parse(attachment.updated_at) > Date.parse(finalizedAt)) return download(attachmentId);
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
		throw new Error('the Factur-X PDF never replaced the draft PDF');
	}

	it('gives a draft a plain PDF at creation: no embedded file, no Factur-X XMP', async () => {
		const draft = (await api.post('/v2/client_invoices', invoiceBody(clientId, { status: 'draft' }))).data.client_invoice;
		const { attachment, facts } = await download(draft.attachment_id);
		expect(attachment).toMatchObject({ id: draft.attachment_id, content_type: 'application/pdf', updated_at: draft.created_at });
		expect(attachment.file_name).toBe(`invoice-${draft.number}.pdf`);
		expect(facts.pageCount).toBe(1);
		expect(facts.embedded).toEqual([]);
		expect(facts.xmp).toBeNull();
		expect(facts.outputIntent).toBeNull();
	});

	it('after finalize serves the draft PDF first, then a PDF/A-3 with factur-x.xml and a later updated_at', async () => {
		const draft = (await api.post('/v2/client_invoices', invoiceBody(clientId, { status: 'draft' }))).data.client_invoice;
		const finalized = (await api.post(`/v2/client_invoices/${draft.id}/finalize`)).data.client_invoice;
		expect(finalized.attachment_id).toBe(draft.attachment_id);

		const before = await download(finalized.attachment_id);
		expect(before.facts.embedded).toEqual([]);
		expect(Date.parse(before.attachment.updated_at)).toBeLessThan(Date.parse(finalized.finalized_at));

		const after = await waitForFacturx(finalized.attachment_id, finalized.finalized_at);
		expect(Date.parse(after.attachment.updated_at)).toBeGreaterThan(Date.parse(finalized.finalized_at));
		expect(after.facts.embedded).toHaveLength(1);
		const [file] = after.facts.embedded;
		expect(file).toMatchObject({ name: 'factur-x.xml', subtype: 'text/xml', filter: 'FlateDecode', afRelationship: 'Data', inAfArray: true });

		const xml = await sandbox.http.get(`/sandbox/client_invoices/${draft.id}/facturx.xml`, { responseType: 'arraybuffer' });
		expect(xml.status).toBe(200);
		expect(Buffer.compare(file.bytes, Buffer.from(xml.data as ArrayBuffer))).toBe(0);
		expect(file.bytes.toString('utf8')).toContain(`<ram:ID>${draft.number}</ram:ID>`);

		const xmp = after.facts.xmp as string;
		expect(xmp.startsWith('<?xpacket begin="\uFEFF"')).toBe(true);
		expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
		expect(xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
		expect(xmp).toContain('xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"');
		expect(xmp).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
		expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
		expect(xmp).toContain('<fx:Version>1.0</fx:Version>');
		expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
		expect(xmp).toContain('<pdfaSchema:prefix>fx</pdfaSchema:prefix>');
		expect(xmp).toContain('Atelier Lumière SAS');
		expect(after.facts.outputIntent).toEqual({ subtype: 'GTS_PDFA1', components: 3, iccSignature: 'acsp' });

		// Still one page, and paying the invoice keeps the Factur-X PDF.
		expect(after.facts.pageCount).toBe(1);
		await sandbox.http.post(`/sandbox/client_invoices/${draft.id}/pay`);
		expect((await download(finalized.attachment_id)).facts.embedded).toHaveLength(1);
	});

	it('gives an invoice created unpaid its Factur-X PDF after the delay as well', async () => {
		const invoice = (await api.post('/v2/client_invoices', invoiceBody(clientId))).data.client_invoice;
		expect(invoice.finalized_at).toBe(invoice.created_at);
		const first = await download(invoice.attachment_id);
		expect(first.facts.embedded).toEqual([]);
		const after = await waitForFacturx(invoice.attachment_id, invoice.finalized_at);
		expect(after.facts.embedded.map((f) => f.name)).toEqual(['factur-x.xml']);
	});

	it('regenerates the draft PDF on update (newer updated_at)', async () => {
		const draft = (await api.post('/v2/client_invoices', invoiceBody(clientId, { status: 'draft' }))).data.client_invoice;
		sandbox.ctx.clock.advance(1000);
		await api.patch(`/v2/client_invoices/${draft.id}`, { footer: 'Nouveau pied de page' });
		const { attachment } = await download(draft.attachment_id);
		expect(Date.parse(attachment.updated_at)).toBeGreaterThan(Date.parse(draft.created_at));
		sandbox.ctx.clock.reset();
	});

	it('checks the file URL signature and expiry, and needs attachments.read for the attachment', async () => {
		const invoice = (await api.post('/v2/client_invoices', invoiceBody(clientId, { status: 'draft' }))).data.client_invoice;
		const url: string = (await api.get(`/v2/attachments/${invoice.attachment_id}`)).data.attachment.url;
		const path = url.replace(sandbox.url, '');
		expect(path).toMatch(/^\/sandbox-files\/[0-9a-f-]+\?expires=\d+&signature=[0-9a-f]{64}$/);
		expect((await sandbox.http.get(path.replace(/signature=.{4}/, 'signature=0000'))).status).toBe(403);
		expect((await sandbox.http.get(path.replace(/expires=(\d+)/, (_m, e) => `expires=${Number(e) + 1}`))).status).toBe(403);
		// The invoice_url is signed without expiry.
		expect((await sandbox.http.get(invoice.invoice_url.replace(sandbox.url, ''))).status).toBe(200);

		const fresh = sandbox.api('fr');
		sandbox.ctx.clock.advance(31 * 60 * 1000);
		const expired = await sandbox.http.get(path);
		expect(expired.status).toBe(403);
		expect(expired.data.errors[0].code).toBe('expired');
		sandbox.ctx.clock.reset();
		expect((await fresh.get(`/v2/attachments/${invoice.attachment_id}`)).status).toBe(200);

		expect((await sandbox.api('fr', ['client_invoices.read']).get(`/v2/attachments/${invoice.attachment_id}`)).status).toBe(403);
		expect((await sandbox.api('de').get(`/v2/attachments/${invoice.attachment_id}`)).status).toBe(404);
	});

	it('cancels pending Factur-X timers on reset', async () => {
		const invoice = (await api.post('/v2/client_invoices', invoiceBody(clientId))).data.client_invoice;
		const state = invoiceState(sandbox.ctx);
		expect(state.timers.has(invoice.id)).toBe(true);
		sandbox.reset();
		expect(state.timers.size).toBe(0);
		expect(state.invoices.size).toBe(0);
	});
});
