import { inflateSync } from 'zlib';

import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFRef, PDFString } from 'pdf-lib';

/** What a Factur-X reader looks at in a PDF: embedded files, the /AF array and the XMP packet. */
export interface EmbeddedFile {
	name: string;
	subtype: string | undefined;
	filter: string | undefined;
	afRelationship: string | undefined;
	inAfArray: boolean;
	bytes: Buffer;
}

export interface PdfFacts {
	embedded: EmbeddedFile[];
	xmp: string | null;
	pageCount: number;
	/** The first OutputIntent: its /S and the 4 bytes at offset 36 of its ICC profile ('acsp'). */
	outputIntent: { subtype: string | undefined; components: number; iccSignature: string } | null;
}

const nameOf = (value: unknown) => (value instanceof PDFName ? value.decodeText() : undefined);

export async function readPdf(bytes: Uint8Array): Promise<PdfFacts> {
	const doc = await PDFDocument.load(bytes, { updateMetadata: false });
	const catalog = doc.catalog;
	const af = catalog.lookupMaybe(PDFName.of('AF'), PDFArray);
	const afRefs = af ? af.asArray().map((ref) => (ref as PDFRef).toString()) : [];
	const embedded: EmbeddedFile[] = [];
	const names = catalog.lookupMaybe(PDFName.of('Names'), PDFDict)?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict)?.lookupMaybe(PDFName.of('Names'), PDFArray);
	for (let i = 0; names && i < names.size(); i += 2) {
		const key = names.lookup(i) as PDFString | PDFHexString;
		const specRef = names.get(i + 1);
		const spec = names.lookup(i + 1, PDFDict);
		const stream = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F')) as PDFRawStream;
		const filter = nameOf(stream.dict.get(PDFName.of('Filter')));
		embedded.push({
			name: key.decodeText(),
			subtype: nameOf(stream.dict.get(PDFName.of('Subtype'))),
			filter,
			afRelationship: nameOf(spec.get(PDFName.of('AFRelationship'))),
			inAfArray: afRefs.includes(specRef.toString()),
			bytes: filter === 'FlateDecode' ? inflateSync(stream.contents) : Buffer.from(stream.contents),
		});
	}
	const metadata = catalog.lookup(PDFName.of('Metadata')) as PDFRawStream | undefined;
	const intents = catalog.lookupMaybe(PDFName.of('OutputIntents'), PDFArray);
	let outputIntent: PdfFacts['outputIntent'] = null;
	if (intents && intents.size() > 0) {
		const intent = intents.lookup(0, PDFDict);
		const profile = intent.lookup(PDFName.of('DestOutputProfile')) as PDFRawStream;
		const icc = nameOf(profile.dict.get(PDFName.of('Filter'))) === 'FlateDecode' ? inflateSync(profile.contents) : Buffer.from(profile.contents);
		outputIntent = {
			subtype: nameOf(intent.get(PDFName.of('S'))),
			components: Number(profile.dict.get(PDFName.of('N'))?.toString()),
			iccSignature: icc.subarray(36, 40).toString('latin1'),
		};
	}
	return { outputIntent, embedded, xmp: metadata ? Buffer.from(metadata.contents).toString('utf8') : null, pageCount: doc.getPageCount() };
}
