import { PDFDocument } from 'pdf-lib';

import { SEED } from '../../sandbox/core/seed';
import { invoiceState } from '../../sandbox/modules/invoices/state';
import { connectedCredential } from '../helpers/engine/connectedCredential';
import { CredentialStore } from '../helpers/engine/credentialStore';
import { runFileInto } from '../helpers/fileNode';
import { useTestSandbox } from '../helpers/sandbox';


// Engine runs on a loaded machine: the first one of a file also loads n8n-core.
jest.setTimeout(30_000);
describe('Client Invoice › Upload from binary data in memory (n8n’s default mode)', () => {
	const sandbox = useTestSandbox();
	let pdf: Uint8Array;
	beforeAll(async () => {
		const document = await PDFDocument.create();
		document.addPage();
		pdf = await document.save();
	});
	beforeEach(() => sandbox.ctx.requests.clear());
	const upload = { resource: 'clientInvoice', operation: 'upload', binaryPropertyName: 'invoicePdf' };

	it('uploads the PDF the previous node kept in the item itself', async () => {
		const { outputs, error } = await runFileInto(sandbox, { bytes: pdf, fileName: 'memo.pdf', mimeType: 'application/pdf' }, upload);
		expect(error).toBeUndefined();
		expect(outputs.File[0].binary!.invoicePdf).toMatchObject({ data: Buffer.from(pdf).toString('base64') });
		expect(outputs.File[0].binary!.invoicePdf.id).toBeUndefined();
		const [stored] = invoiceState(sandbox.ctx).uploads.list(SEED.organizations.fr);
		expect(outputs['Business Banking'][0].json).toMatchObject({ id: stored.id, file_name: 'memo.pdf', file_size: pdf.length });
		expect(Buffer.from(stored.bytes).equals(Buffer.from(pdf))).toBe(true);
	});

	it('sends the multipart body again, whole, after n8n refreshes an expired access token', async () => {
		const credential = new CredentialStore(connectedCredential(sandbox));
		sandbox.ctx.clock.advance(3601 * 1000);
		const { error } = await runFileInto(sandbox, { bytes: pdf, fileName: 'memo.pdf', mimeType: 'application/pdf' }, upload, credential);
		expect(error).toBeUndefined();
		expect(sandbox.ctx.requests.find('POST', '/v2/client_invoices/uploads').map((r) => r.status)).toEqual([401, 201]);
		expect(credential.tokenWrites).toBe(1);
		const stored = invoiceState(sandbox.ctx).uploads.list(SEED.organizations.fr);
		expect(stored).toHaveLength(1);
		expect(Buffer.from(stored[0].bytes).equals(Buffer.from(pdf))).toBe(true);
	});
});
