import { AFRelationship, PDFDocument } from 'pdf-lib';
import { deflateSync } from 'zlib';

import { embeddedFilesOf, extractFacturXml, PdfFormatError } from '../../nodes/BusinessBanking/facturx';
import { inflate, unpredict } from '../../nodes/BusinessBanking/facturx/filters';
import { classicPdf, flateStream, stream, xrefStreamPdf } from './facturxPdfBuilder';

// An XML with multi-byte UTF-8, CRLF line ends and PDF keywords inside: all must survive byte for byte.
const XML = Buffer.from(
	'<?xml version="1.0" encoding="UTF-8"?>\r\n<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">' +
		'<!-- endstream endobj 7 0 obj trailer -->\r\n<ram:Name>Société Générale – Œuvre ✓</ram:Name>\n</rsm:CrossIndustryInvoice>\n',
	'utf8',
);

async function pdfLibFacturX(options: { useObjectStreams: boolean; name?: string }): Promise<Uint8Array> {
	const document = await PDFDocument.create();
	document.addPage();
	await document.attach(Buffer.from('other'), 'notes.txt', { mimeType: 'text/plain' });
	await document.attach(XML, options.name ?? 'factur-x.xml', { mimeType: 'text/xml', afRelationship: AFRelationship.Data });
	return await document.save({ useObjectStreams: options.useObjectStreams });
}

/** The catalog, pages and a file spec whose name tree has an intermediate /Kids level. */
function basicObjects(embedded: Buffer, nameLiteral = '(factur-x.xml)') {
	return [
		{ num: 1, body: '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 5 0 R >> >>' },
		{ num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
		{ num: 3, body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>' },
		{ num: 5, body: '<< /Kids [6 0 R] >>' },
		{ num: 6, body: `<< /Limits [${nameLiteral} ${nameLiteral}] /Names [${nameLiteral} 7 0 R] >>` },
		{ num: 7, body: `<< /Type /Filespec /F ${nameLiteral} /EF << /F 8 0 R >> /AFRelationship /Alternative >>` },
		{ num: 8, body: embedded },
	];
}

describe('Factur-X reader: finds factur-x.xml and returns its bytes exactly', () => {
	test('pdf-lib output with object streams and a cross-reference stream (its default)', async () => {
		const pdf = await pdfLibFacturX({ useObjectStreams: true });
		expect(Buffer.from(pdf).toString('latin1')).toContain('/ObjStm');
		const files = await embeddedFilesOf(pdf);
		expect(files.map((f) => [f.name, f.relationship, f.mimeType])).toEqual([
			['notes.txt', undefined, 'text/plain'],
			['factur-x.xml', 'Data', 'text/xml'],
		]);
		const found = await extractFacturXml(pdf);
		expect(found?.fileName).toBe('factur-x.xml');
		expect(Buffer.from(found!.data).equals(XML)).toBe(true);
	});

	test('pdf-lib output with a classic cross-reference table', async () => {
		const pdf = await pdfLibFacturX({ useObjectStreams: false });
		expect(Buffer.from(pdf).toString('latin1')).not.toContain('/ObjStm');
		expect(Buffer.from((await extractFacturXml(pdf))!.data).equals(XML)).toBe(true);
	});

	test('classic table, literal-string name, name tree with /Kids, unfiltered stream', async () => {
		const pdf = classicPdf(basicObjects(stream('/Type /EmbeddedFile /Subtype /text#2Fxml', XML)), '/Root 1 0 R');
		const [file] = await embeddedFilesOf(pdf);
		expect([file.name, file.relationship, file.mimeType]).toEqual(['factur-x.xml', 'Alternative', 'text/xml']);
		expect(Buffer.from(await file.data()).equals(XML)).toBe(true);
	});

	test('indirect /Length and a UTF-16BE hex name', async () => {
		const utf16 = `<FEFF${Buffer.from('factur-x.xml', 'utf16le').swap16().toString('hex')}>`;
		const compressed = deflateSync(XML);
		const embedded = Buffer.concat([Buffer.from('<< /Type /EmbeddedFile /Filter [/FlateDecode] /Length 9 0 R >>\nstream\r\n'), compressed, Buffer.from('\r\nendstream')]);
		const objects = [...basicObjects(embedded, utf16), { num: 9, body: String(compressed.length) }];
		const found = await extractFacturXml(classicPdf(objects, '/Root 1 0 R'));
		expect(Buffer.from(found!.data).equals(XML)).toBe(true);
	});

	test('object stream plus PNG-predicted cross-reference stream', async () => {
		const [catalog, pages, page, tree, leaf, spec, embedded] = basicObjects(flateStream('/Type /EmbeddedFile', XML));
		const pdf = xrefStreamPdf([embedded], [catalog, pages, page, tree, leaf, spec], '/Root 1 0 R');
		const found = await extractFacturXml(pdf);
		expect(Buffer.from(found!.data).equals(XML)).toBe(true);
	});

	test('an incremental update that replaces the XML: the newest version wins', async () => {
		const original = classicPdf(basicObjects(flateStream('/Type /EmbeddedFile', '<old/>')), '/Root 1 0 R');
		const updated = classicPdf([{ num: 8, body: flateStream('/Type /EmbeddedFile', XML) }], '/Root 1 0 R', original);
		expect(Buffer.from((await extractFacturXml(original))!.data).toString()).toBe('<old/>');
		expect(Buffer.from((await extractFacturXml(updated))!.data).equals(XML)).toBe(true);
	});

	test('a file listed only as an associated file (/AF) of the catalog', async () => {
		const objects = [
			{ num: 1, body: '<< /Type /Catalog /Pages 2 0 R /AF [7 0 R] >>' },
			{ num: 2, body: '<< /Type /Pages /Kids [] /Count 0 >>' },
			{ num: 7, body: '<< /Type /Filespec /F (FACTUR-X.XML) /UF (factur-x.xml) /EF << /F 8 0 R >> >>' },
			{ num: 8, body: flateStream('/Type /EmbeddedFile', XML) },
		];
		const found = await extractFacturXml(classicPdf(objects, '/Root 1 0 R'));
		expect(Buffer.from(found!.data).equals(XML)).toBe(true);
	});

	test('damaged cross-reference offsets: the reader recovers by scanning the objects', async () => {
		const pdf = Buffer.from(classicPdf(basicObjects(flateStream('/Type /EmbeddedFile', XML)), '/Root 1 0 R'));
		const text = pdf.toString('latin1');
		const damaged = Buffer.from(text.replace(/startxref\n\d+/, 'startxref\n12'), 'latin1');
		expect(Buffer.from((await extractFacturXml(damaged))!.data).equals(XML)).toBe(true);
	});

	test('cross-reference offsets a few bytes off: each object is found where the file defines it', async () => {
		const pdf = classicPdf(basicObjects(flateStream('/Type /EmbeddedFile', XML)), '/Root 1 0 R').toString('latin1');
		// Shift every in-use offset of the table by 3 bytes, as a careless in-place editor would.
		const shifted = pdf.replace(/^(\d{10}) 00000 n/gm, (_line, offset: string) => `${String(Number(offset) + 3).padStart(10, '0')} 00000 n`);
		expect(shifted).not.toBe(pdf);
		expect(Buffer.from((await extractFacturXml(Buffer.from(shifted, 'latin1')))!.data).equals(XML)).toBe(true);
	});
});

describe('Factur-X reader: what it refuses or does not find', () => {
	test('a PDF without embedded files, or with another name only, has no Factur-X XML', async () => {
		const plain = await PDFDocument.create();
		plain.addPage();
		expect(await extractFacturXml(await plain.save())).toBeUndefined();
		expect(await extractFacturXml(await pdfLibFacturX({ useObjectStreams: true, name: 'zugferd-invoice.xml' }))).toBeUndefined();
	});

	test('bytes that are not a PDF are a PdfFormatError', async () => {
		await expect(extractFacturXml(Buffer.from('<html>not a pdf</html>'))).rejects.toBeInstanceOf(PdfFormatError);
	});

	test('an encrypted PDF is refused with a clear message', async () => {
		const pdf = classicPdf(basicObjects(stream('', XML)), '/Root 1 0 R /Encrypt << /Filter /Standard >>');
		await expect(extractFacturXml(pdf)).rejects.toThrow('Encrypted PDFs are not supported');
	});

	test('an unsupported filter on the XML stream names the filter', async () => {
		const pdf = classicPdf(basicObjects(stream('/Filter /LZWDecode', XML)), '/Root 1 0 R');
		await expect(extractFacturXml(pdf)).rejects.toThrow('Unsupported stream filter LZWDecode');
	});
});

describe('Factur-X reader: filters', () => {
	test('inflate uses the zlib format and rejects corrupt data', async () => {
		expect(Buffer.from(await inflate(deflateSync(XML))).equals(XML)).toBe(true);
		await expect(inflate(Buffer.from('not deflate data'))).rejects.toThrow();
	});

	test('PNG predictors Sub, Up, Average and Paeth invert their encodings', () => {
		const rows = [Buffer.from([10, 20, 30]), Buffer.from([11, 25, 29]), Buffer.from([200, 3, 250]), Buffer.from([1, 2, 3])];
		const params = new Map([['Predictor', 12], ['Columns', 3]]) as Map<string, number>;
		const encode = (type: number, row: Buffer, previous: Buffer | undefined) =>
			Buffer.from([type, ...row.map((byte, i) => {
				const left = i > 0 ? row[i - 1] : 0;
				const up = previous ? previous[i] : 0;
				const upLeft = previous && i > 0 ? previous[i - 1] : 0;
				const p = left + up - upLeft;
				const paeth = Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft) ? left : Math.abs(p - up) <= Math.abs(p - upLeft) ? up : upLeft;
				const predicted = [0, left, up, (left + up) >> 1, paeth][type];
				return (byte - predicted) & 255;
			})]);
		const encoded = Buffer.concat(rows.map((row, index) => encode(index + 1, row, rows[index - 1])));
		expect(Buffer.from(unpredict(encoded, params))).toEqual(Buffer.concat(rows));
	});
});
