import { PDFDocument } from 'pdf-lib';

import { SEED } from '../../sandbox/core/seed';
import { invoiceState } from '../../sandbox/modules/invoices/state';
import { runFileInto } from '../helpers/fileNode';
import { useTestSandbox } from '../helpers/sandbox';

describe('Client Invoice › Upload from binary data in memory (n8n’s default mode)', () => {
	const sandbox = useTestSandbox();

	it('uploads the PDF the previous node kept in the item itself', async () => {
		const document = await PDFDocument.create();
		document.addPage();
		const pdf = await document.save();
		const { outputs, error } = await runFileInto(sandbox, { bytes: pdf, fileName: 'memo.pdf', mimeType: 'application/pdf' }, {
			resource: 'clientInvoice',
			operation: 'upload',
			binaryPropertyName: 'invoicePdf',
		});
		expect(error).toBeUndefined();
		expect(outputs.File[0].binary!.invoicePdf).toMatchObject({ data: Buffer.from(pdf).toString('base64') });
		expect(outputs.File[0].binary!.invoicePdf.id).toBeUndefined();
		const [upload] = invoiceState(sandbox.ctx).uploads.list(SEED.organizations.fr);
		expect(outputs['Business Banking'][0].json).toMatchObject({ id: upload.id, file_name: 'memo.pdf', file_size: pdf.length });
		expect(Buffer.from(upload.bytes).equals(Buffer.from(pdf))).toBe(true);
	});
});
