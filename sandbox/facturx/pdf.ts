import { randomBytes } from 'crypto';
import { deflateSync } from 'zlib';

import { AFRelationship, PDFHexString, PDFName, PDFString, type PDFDocument } from 'pdf-lib';

import type { ClientInvoiceResponse } from '../../nodes/shared/schemas/invoice';
import { buildSrgbIccProfile, ICC_DESCRIPTION } from './icc';
import { drawInvoice } from './invoicePage';
import { buildFacturxXmp, FACTURX_FILE_NAME } from './xmp';

/**
 * The invoice PDFs: a readable rendering with embedded fonts (drafts get it as is), and the
 * Factur-X PDF/A-3 variant with the CII XML embedded as `factur-x.xml`.
 */

const PRODUCER = 'Business banking sandbox (pdf-lib)';

/** The invoice rendered for people (invoicePage.ts), in the client's language, on as many A4 pages as its lines need. */
export async function renderInvoicePdf(invoice: ClientInvoiceResponse, at: Date): Promise<PDFDocument> {
	const { doc, title } = await drawInvoice(invoice);
	setInfo(doc, title, (invoice.organization as { legal_name?: string }).legal_name ?? '', at);
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
 * EmbeddedFiles name tree, an sRGB OutputIntent, and a document ID in the trailer. The sandbox's
 * own pages use embedded fonts only (fonts.ts); an uploaded PDF keeps the fonts it came with.
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
