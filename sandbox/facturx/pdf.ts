import { randomBytes } from 'crypto';
import { deflateSync } from 'zlib';

import Big from 'big.js';
import { AFRelationship, PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

import type { ClientInvoiceResponse } from '../../nodes/BusinessBanking/schemas/invoice';
import { buildSrgbIccProfile, ICC_DESCRIPTION } from './icc';
import { buildFacturxXmp, FACTURX_FILE_NAME } from './xmp';

/**
 * The invoice PDFs: a readable one-page rendering (drafts get it as is), and the Factur-X
 * PDF/A-3 variant with the CII XML embedded as `factur-x.xml`.
 */

const PRODUCER = 'Business banking sandbox (pdf-lib)';
const A4: [number, number] = [595.28, 841.89];

/** Helvetica (WinAnsi) cannot encode every character: anything else prints as '?'. */
function printable(text: string, font: PDFFont): string {
	// Printable ASCII always encodes; only other text pays for the per-character check.
	if (/^[\x20-\x7E]*$/.test(text)) return text;
	return [...text]
		.map((char) => {
			try {
				font.encodeText(char);
				return char;
			} catch {
				return '?';
			}
		})
		.join('');
}

class Writer {
	private y = A4[1] - 56;
	constructor(
		private readonly page: PDFPage,
		private readonly font: PDFFont,
		private readonly bold: PDFFont,
	) {}

	line(text: string, options: { size?: number; bold?: boolean; x?: number; gap?: number } = {}): void {
		const font = options.bold ? this.bold : this.font;
		const size = options.size ?? 10;
		this.page.drawText(printable(text, font), { x: options.x ?? 50, y: this.y, size, font });
		this.y -= options.gap ?? size + 5;
	}

	row(columns: Array<[number, string]>, bold = false): void {
		for (const [x, text] of columns) this.page.drawText(printable(text, bold ? this.bold : this.font), { x, y: this.y, size: 9, font: bold ? this.bold : this.font });
		this.y -= 14;
	}

	space(points: number): void {
		this.y -= points;
	}
}

/** The invoice rendered on one A4 page (long item lists are cut; the file is for humans only). */
export async function renderInvoicePdf(invoice: ClientInvoiceResponse, at: Date): Promise<PDFDocument> {
	const doc = await PDFDocument.create();
	const page = doc.addPage(A4);
	const writer = new Writer(page, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
	const org = invoice.organization as Record<string, string | null>;
	const client = invoice.client as Record<string, string | null>;
	const title = `Invoice ${invoice.number}`;

	writer.line(invoice.status === 'draft' ? `${title} (draft)` : title, { size: 18, bold: true, gap: 28 });
	writer.line(org.legal_name ?? '', { bold: true });
	writer.line([org.address_line_1, org.address_zipcode, org.address_city].filter(Boolean).join(', '));
	if (org.vat_number) writer.line(`VAT ${org.vat_number}`);
	writer.space(12);
	writer.line('Billed to', { bold: true });
	writer.line(client.name ?? '');
	if (client.vat_number) writer.line(`VAT ${client.vat_number}`);
	writer.space(12);
	writer.line(`Issue date ${invoice.issue_date}    Due date ${invoice.due_date}`);
	if (invoice.purchase_order) writer.line(`Purchase order ${invoice.purchase_order}`);
	if (invoice.header) writer.line(invoice.header);
	writer.space(12);
	writer.row([[50, 'Item'], [300, 'Qty'], [350, 'Unit price'], [430, 'VAT'], [480, 'Total']], true);
	for (const item of invoice.items.slice(0, 30)) {
		writer.row([
			[50, item.title.slice(0, 45)],
			[300, item.quantity],
			[350, item.unit_price.value],
			[430, item.total_vat.value],
			[480, item.total_amount.value],
		]);
	}
	writer.space(12);
	const money = (label: string, value: string) => writer.line(`${label} ${value} ${invoice.currency}`, { x: 350 });
	if (invoice.discount) money('Discount', `-${invoice.discount.amount.value}`);
	const excludingVat = invoice.items.reduce((acc, item) => acc.plus(item.total_amount.value).minus(item.total_vat.value), new Big(0));
	money('Total excl. VAT', excludingVat.toFixed(2));
	money('VAT', invoice.vat_amount.value);
	if (invoice.stamp_duty_amount) money('Stamp duty', invoice.stamp_duty_amount);
	if (invoice.withholding_tax) money('Withholding tax', `-${invoice.withholding_tax.amount}`);
	writer.line(`Total ${invoice.total_amount.value} ${invoice.currency}`, { x: 350, bold: true });
	writer.space(12);
	for (const method of invoice.payment_methods) writer.line(`Pay by transfer to ${method.iban}${method.bic ? ` (BIC ${method.bic})` : ''}`);
	if (invoice.footer) writer.line(invoice.footer);

	setInfo(doc, title, org.legal_name ?? '', at);
	return doc;
}

function setInfo(doc: PDFDocument, title: string, author: string, at: Date): void {
	doc.setTitle(title);
	doc.setAuthor(author);
	doc.setProducer(PRODUCER);
	doc.setCreator(PRODUCER);
	doc.setCreationDate(at);
	doc.setModificationDate(at);
}

export interface FacturxOptions {
	xml: string;
	title: string;
	author: string;
	at: Date;
}

/**
 * Turns a PDF into a Factur-X PDF/A-3 style file: XMP with the Factur-X properties, `factur-x.xml`
 * embedded (Flate-compressed) with AFRelationship /Data, listed in the catalog's /AF array and the
 * EmbeddedFiles name tree, an sRGB OutputIntent, and a document ID in the trailer. Not strictly
 * PDF/A: the standard 14 fonts pdf-lib draws with are not embedded.
 */
export async function embedFacturx(doc: PDFDocument, options: FacturxOptions): Promise<Uint8Array> {
	setInfo(doc, options.title, options.author, options.at);
	await doc.attach(new TextEncoder().encode(options.xml), FACTURX_FILE_NAME, {
		mimeType: 'text/xml',
		description: 'Factur-X invoice (EN 16931)',
		creationDate: options.at,
		modificationDate: options.at,
		afRelationship: AFRelationship.Data,
	});
	const xmp = buildFacturxXmp({ title: options.title, author: options.author, producer: PRODUCER, creator: PRODUCER, createdAt: options.at, modifiedAt: options.at });
	// UTF-8 bytes: a string would be written one byte per character (the xpacket BOM and accents break).
	const xmpBytes = new TextEncoder().encode(xmp);
	const metadata = doc.context.stream(xmpBytes, { Type: 'Metadata', Subtype: 'XML', Length: xmpBytes.length });
	doc.catalog.set(PDFName.of('Metadata'), doc.context.register(metadata));
	addOutputIntent(doc);
	const id = PDFHexString.of(randomBytes(16).toString('hex'));
	doc.context.trailerInfo.ID = doc.context.obj([id, id]);
	// Object streams would hide the embedded file's dictionary from simple readers; PDF/A-3 allows either.
	return doc.save({ useObjectStreams: false });
}

/** Built and compressed once: every Factur-X PDF carries the same profile. */
const ICC_PROFILE_DEFLATED = new Uint8Array(deflateSync(buildSrgbIccProfile()));

/** PDF/A wants an output intent: the sRGB-like ICC profile built in icc.ts. */
function addOutputIntent(doc: PDFDocument): void {
	const profile = doc.context.stream(ICC_PROFILE_DEFLATED, { N: 3, Filter: 'FlateDecode', Length: ICC_PROFILE_DEFLATED.length });
	const intent = doc.context.obj({
		Type: 'OutputIntent',
		S: 'GTS_PDFA1',
		OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
		Info: PDFString.of(ICC_DESCRIPTION),
		DestOutputProfile: doc.context.register(profile),
	});
	doc.catalog.set(PDFName.of('OutputIntents'), doc.context.obj([doc.context.register(intent)]));
}

/** Saves a plain (draft) PDF. */
export function savePlainPdf(doc: PDFDocument): Promise<Uint8Array> {
	return doc.save({ useObjectStreams: false });
}
