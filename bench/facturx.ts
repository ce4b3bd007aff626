import { performance } from 'perf_hooks';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString, StandardFonts, decodePDFRawStream } from 'pdf-lib';

import { extractFacturXml } from '../nodes/BusinessBanking/facturx';
import { startTestSandbox, type TestSandbox } from '../test/helpers/sandbox';
import { frCompanyClient } from '../test/helpers/fixtures';
import { createClient, createParameters } from '../test/node/invoiceFixtures';
import { runNode } from '../test/helpers/engine/runNode';
import { RUNS } from './settings';
import { median, printTable } from './table';

/** A PDF of `pages` pages of text, as a scanned or exported invoice uploaded to the service might be. */
async function bulkyPdf(pages: number): Promise<Uint8Array> {
	const document = await PDFDocument.create();
	const font = await document.embedFont(StandardFonts.Helvetica);
	for (let page = 0; page < pages; page++) {
		const sheet = document.addPage();
		for (let line = 0; line < 40; line++) sheet.drawText(`Page ${page + 1}, line ${line + 1}: delivery note and terms`, { x: 40, y: 800 - line * 18, size: 10, font });
	}
	return await document.save();
}

/**
 * A real Factur-X PDF: created (on an uploaded PDF of `uploadPages` pages when given), finalized and
 * downloaded by the node from the sandbox, with the XML the node extracted.
 */
export async function facturxPdfFromSandbox(sandbox: TestSandbox, lines: number, uploadPages = 0): Promise<{ pdf: Buffer; xml: Buffer }> {
	const clientId = await createClient(sandbox, { ...frCompanyClient, name: `Bench PDF ${lines}-${uploadPages}` });
	const additionalFields: Record<string, string> = { number: `BENCH-PDF-${lines}-${uploadPages}-${Date.now()}` };
	if (uploadPages > 0) {
		const form = new FormData();
		form.append('file', new Blob([Buffer.from(await bulkyPdf(uploadPages))], { type: 'application/pdf' }), 'scan.pdf');
		const upload = await sandbox.api().post('/v2/client_invoices/uploads', form);
		if (upload.status !== 201) throw new Error(`upload failed: ${upload.status}`);
		additionalFields.uploadId = upload.data.upload.id;
	}
	const items = Array.from({ length: lines }, (_, index) => ({ title: `Line ${index}`, quantity: '1', unitPrice: '10.00', vatRate: '0.2', discountType: 'none' }));
	const created = await runNode({ sandbox, node: { parameters: createParameters(clientId, { status: 'draft', items: { item: items }, additionalFields }) } });
	if (created.error) throw new Error(created.error.message);
	const id = (created.items[0].json as { id: string }).id;
	const downloaded = await runNode({
		sandbox,
		node: { parameters: { resource: 'clientInvoice', operation: 'downloadFacturX', invoiceId: { __rl: true, mode: 'id', value: id }, options: { pollIntervalMs: 20 } } },
	});
	if (downloaded.error) throw new Error(downloaded.error.message);
	const binary = downloaded.items[0].binary!;
	return { pdf: Buffer.from(binary.data.data, 'base64'), xml: Buffer.from(binary.facturx.data, 'base64') };
}

/** Baseline: the same job with pdf-lib, a full PDF library (parses every object of the file). */
export async function extractWithPdfLib(pdf: Uint8Array): Promise<Uint8Array | undefined> {
	const document = await PDFDocument.load(pdf, { updateMetadata: false });
	const names = document.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
	const tree = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
	const pairs = tree?.lookupMaybe(PDFName.of('Names'), PDFArray);
	if (!pairs) return undefined;
	for (let i = 0; i + 1 < pairs.size(); i += 2) {
		const key = pairs.lookup(i);
		const name = key instanceof PDFHexString || key instanceof PDFString ? key.decodeText() : '';
		if (name !== 'factur-x.xml') continue;
		const spec = pairs.lookup(i + 1, PDFDict);
		const stream = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'));
		if (!(stream instanceof PDFRawStream)) return undefined;
		return decodePDFRawStream(stream).decode();
	}
	return undefined;
}

/** Median time of `task` over `runs` runs, after a few warm-up runs. */
export async function timePerRun(task: () => Promise<unknown>, runs: number): Promise<number> {
	for (let i = 0; i < 3; i++) await task();
	const timings: number[] = [];
	for (let i = 0; i < runs; i++) {
		const start = performance.now();
		await task();
		timings.push(performance.now() - start);
	}
	return median(timings);
}

/** Section 6 of `npm run bench`: the node's Factur-X reader against pdf-lib on real invoices (an in-process sandbox); prints its table. */
export async function benchFacturx(): Promise<void> {
	const sandbox = await startTestSandbox({ facturxDelayMs: 20 });
	try {
		const rows: string[][] = [];
		for (const [lines, uploadPages] of [[1, 0], [200, 0], [3, 300]]) {
			const { pdf, xml } = await facturxPdfFromSandbox(sandbox, lines, uploadPages);
			const ours = await extractFacturXml(pdf);
			const theirs = await extractWithPdfLib(pdf);
			if (!ours || !Buffer.from(ours.data).equals(xml) || !theirs || !Buffer.from(theirs).equals(xml)) {
				throw new Error('the two readers disagree on the embedded XML');
			}
			const baselineMs = await timePerRun(() => extractWithPdfLib(pdf), RUNS);
			const oursMs = await timePerRun(() => extractFacturXml(pdf), RUNS);
			rows.push([
				`${lines} line${lines > 1 ? 's' : ''}${uploadPages ? `, on a ${uploadPages}-page upload` : ''}`,
				`${(pdf.length / 1024).toFixed(0)} KiB`,
				`${(xml.length / 1024).toFixed(1)} KiB`,
				baselineMs.toFixed(2),
				oursMs.toFixed(2),
				`${(baselineMs / oursMs).toFixed(2)}x`,
			]);
		}
		printTable(
			`6. Factur-X XML extraction (median of ${RUNS} runs): the node's reader vs pdf-lib as baseline; same bytes out`,
			['invoice', 'PDF size', 'XML size', 'pdf-lib ms', 'node ms', 'speed-up'],
			rows,
		);
	} finally {
		await sandbox.close();
	}
}
