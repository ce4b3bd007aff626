import { XMLParser } from 'fast-xml-parser';
import type { INodeParameters } from 'n8n-workflow';
import { PDFDocument } from 'pdf-lib';

import { runNode } from '../helpers/engine/runNode';
import { uniqueNumber } from '../helpers/fixtures';
import { useTestSandbox } from '../helpers/sandbox';
import { embeddedFilesOf } from '../../nodes/BusinessBanking/facturx';
import { createClient, createParameters, out } from './invoiceFixtures';

const sandbox = useTestSandbox({ facturxDelayMs: 300 }, { resetEachTest: false });
let clientId: string;

beforeAll(async () => {
	clientId = await createClient(sandbox);
});

async function run(parameters: INodeParameters, typeVersion = 1) {
	const seqBefore = sandbox.ctx.requests.all().at(-1)?.seq ?? 0;
	const result = await runNode({ sandbox, node: { parameters, typeVersion } });
	return { ...result, sent: sandbox.ctx.requests.all().filter((r) => r.seq > seqBefore) };
}

async function createInvoice(status: 'draft' | 'unpaid', number = uniqueNumber('FX')) {
	const { items, error } = await run(
		createParameters(clientId, {
			status,
			items: {
				item: [
					{ title: 'Pain de campagne', quantity: '12', unitPrice: '3.35', vatRate: '0.055', discountType: 'none' },
					{ title: 'Livraison', quantity: '1', unitPrice: '15.00', vatRate: '0.2', discountType: 'percentage', discountValue: '0.1' },
				],
			},
			additionalFields: { number },
		}),
	);
	expect(error).toBeUndefined();
	return out(items[0]);
}

const download = (invoiceId: string, extra: Record<string, unknown> = {}) =>
	run({
		resource: 'clientInvoice',
		operation: 'downloadFacturX',
		invoiceId: { __rl: true, mode: 'id', value: invoiceId },
		options: { pollIntervalMs: 50, timeoutSeconds: 20 },
		...extra,
	});

/** Binary data kept in memory (n8n's default mode) is base64 in `data`. */
const binaryBytes = async (binary: { data: string }): Promise<Buffer> => Buffer.from(binary.data, 'base64');

describe('Client Invoice: Download Factur-X', () => {
	test('a draft is finalized, the regenerated PDF is awaited and downloaded, and its XML extracted byte for byte', async () => {
		const draft = await createInvoice('draft');
		const { items, error, sent } = await download(draft.id);
		expect(error).toBeUndefined();

		// The spec's procedure, in order: read, finalize, attachment until newer than finalized_at, file.
		const calls = sent.map((r) => `${r.method} ${r.path}`);
		expect(calls[0]).toBe(`GET /v2/client_invoices/${draft.id}`);
		expect(calls[1]).toBe(`POST /v2/client_invoices/${draft.id}/finalize`);
		const attachmentCalls = calls.filter((c) => c === `GET /v2/attachments/${draft.attachment_id}`);
		expect(attachmentCalls.length).toBeGreaterThanOrEqual(2); // the draft PDF first, then the Factur-X one
		const fileCall = sent.at(-1)!;
		expect(fileCall.path).toBe(`/sandbox-files/${draft.attachment_id}`);
		expect(fileCall.headers.authorization).toBeUndefined(); // a pre-signed URL: no bearer token travels there

		const [item] = items;
		expect(item.json).toMatchObject({ id: draft.id, status: 'unpaid', attachment: { id: draft.attachment_id } });
		expect(Date.parse(out(item).attachment.updated_at)).toBeGreaterThan(Date.parse(out(item).finalized_at));

		const pdfBinary = item.binary!.data;
		expect(pdfBinary).toMatchObject({ fileName: `${draft.number}.pdf`, mimeType: 'application/pdf' });
		const pdf = await binaryBytes(pdfBinary);
		await PDFDocument.load(pdf); // a readable PDF
		expect((await embeddedFilesOf(pdf)).map((f) => f.name)).toContain('factur-x.xml');

		const xmlBinary = item.binary!.facturx;
		expect(xmlBinary).toMatchObject({ fileName: 'factur-x.xml', mimeType: 'text/xml' });
		const xml = await binaryBytes(xmlBinary);
		const control = await sandbox.http.get(`/sandbox/client_invoices/${draft.id}/facturx.xml`, { responseType: 'arraybuffer' });
		expect(control.status).toBe(200);
		expect(xml.equals(Buffer.from(control.data))).toBe(true);

		// The XML is a CII invoice that says what the invoice says.
		// 12 × 3.35 = 40.20, VAT 5.5 % = 2.21; 15.00 − 1.50 = 13.50, VAT 20 % = 2.70; total 53.70 + 4.91 = 58.61.
		const parsed = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false }).parse(xml.toString('utf8'));
		const document = parsed.CrossIndustryInvoice;
		expect(document.ExchangedDocument.ID).toBe(draft.number);
		const settlement = document.SupplyChainTradeTransaction.ApplicableHeaderTradeSettlement;
		expect(settlement.InvoiceCurrencyCode).toBe('EUR');
		const summation = settlement.SpecifiedTradeSettlementHeaderMonetarySummation;
		expect(summation.LineTotalAmount).toBe('53.70');
		expect(summation.TaxBasisTotalAmount).toBe('53.70');
		expect(summation.TaxTotalAmount['#text']).toBe('4.91');
		expect(summation.GrandTotalAmount).toBe('58.61');
		expect(summation.DuePayableAmount).toBe('58.61');
		expect(item.json).toMatchObject({ total_amount: { value: '58.61' }, vat_amount: { value: '4.91' } });
		expect(document.SupplyChainTradeTransaction.ApplicableHeaderTradeAgreement.BuyerTradeParty.Name).toBe('Boulangerie Dupain SARL');
	});

	test('an invoice created unpaid is not finalized again; property names are options', async () => {
		const invoice = await createInvoice('unpaid');
		const { items, error, sent } = await download(invoice.id, {
			options: { pollIntervalMs: 50, timeoutSeconds: 20, binaryProperty: 'pdf', xmlBinaryProperty: 'xml' },
		});
		expect(error).toBeUndefined();
		expect(sent.some((r) => r.path.endsWith('/finalize'))).toBe(false);
		expect(Object.keys(items[0].binary!).sort()).toEqual(['pdf', 'xml']);
		const control = await sandbox.http.get(`/sandbox/client_invoices/${invoice.id}/facturx.xml`, { responseType: 'arraybuffer' });
		expect((await binaryBytes(items[0].binary!.xml)).equals(Buffer.from(control.data))).toBe(true);
	});

	test('Extract XML off: only the PDF', async () => {
		const invoice = await createInvoice('unpaid');
		const { items, error } = await download(invoice.id, { extractXml: false });
		expect(error).toBeUndefined();
		expect(Object.keys(items[0].binary!)).toEqual(['data']);
	});

	test('a draft with "Finalize Draft First" off is refused and stays a draft', async () => {
		const draft = await createInvoice('draft');
		const { error, sent } = await download(draft.id, { finalizeDraft: false });
		expect(error?.message).toBe(`Invoice ${draft.id} is a draft: it has no Factur-X PDF`);
		expect(sent.map((r) => r.method)).toEqual(['GET']);
		expect((await sandbox.api().get(`/v2/client_invoices/${draft.id}`)).data.client_invoice.status).toBe('draft');
	});

	test('the time limit: a PDF that is not regenerated in time is a clear error, not an endless wait', async () => {
		sandbox.ctx.options.facturxDelayMs = 120_000;
		try {
			const draft = await createInvoice('draft');
			const { error, sent } = await download(draft.id, { options: { pollIntervalMs: 100, timeoutSeconds: 1 } });
			expect(error?.message).toBe(`The Factur-X PDF of invoice ${draft.id} was not ready within 1 s (still waiting for the regenerated PDF)`);
			expect(error?.description).toMatch(/Time Limit/);
			// It kept asking for the attachment and never downloaded the draft PDF.
			expect(sent.filter((r) => r.path.startsWith('/v2/attachments/')).length).toBeGreaterThanOrEqual(2);
			expect(sent.some((r) => r.path.startsWith('/sandbox-files/'))).toBe(false);
		} finally {
			sandbox.ctx.options.facturxDelayMs = 300;
		}
	});

	test('version 2: the polling switches are read from Advanced, and the error points there', async () => {
		sandbox.ctx.options.facturxDelayMs = 120_000;
		try {
			const draft = await createInvoice('draft');
			const parameters = { resource: 'clientInvoice', operation: 'downloadFacturX', invoiceId: { __rl: true, mode: 'id', value: draft.id }, advanced: { pollIntervalMs: 100, timeoutSeconds: 1 } };
			const { error } = await run(parameters, 2);
			expect(error?.message).toBe(`The Factur-X PDF of invoice ${draft.id} was not ready within 1 s (still waiting for the regenerated PDF)`);
			expect(error?.description).toMatch(/Raise Advanced › Time Limit \(Seconds\)/);
		} finally {
			sandbox.ctx.options.facturxDelayMs = 300;
		}
	});

	test('a stalled file download counts against the same time limit', async () => {
		const invoice = await createInvoice('unpaid');
		const fault = await sandbox.http.post('/sandbox/faults', { method: 'GET', path: '/sandbox-files/*', kind: 'latency', latencyMs: 4000, count: 1 });
		expect(fault.status).toBe(201);
		const { error, sent } = await download(invoice.id, { options: { pollIntervalMs: 50, timeoutSeconds: 2 } });
		expect(error?.message).toBe(`The Factur-X PDF of invoice ${invoice.id} was not downloaded within 2 s`);
		expect(sent.some((r) => r.path.startsWith('/sandbox-files/'))).toBe(true);
	});
});
