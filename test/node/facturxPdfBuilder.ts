import { deflateSync } from 'zlib';

/**
 * Builds small PDFs byte by byte for the Factur-X reader's tests: the shapes real writers produce
 * that pdf-lib does not (classic tables with incremental updates, PNG-predicted cross-reference
 * streams, object streams, indirect /Length, literal-string names, damaged offsets).
 */
export type RawObject = { num: number; body: Buffer | string };

export const stream = (dict: string, data: Buffer | string): Buffer =>
	Buffer.concat([Buffer.from(`<< ${dict} /Length ${Buffer.byteLength(data)} >>\nstream\n`, 'latin1'), Buffer.from(data as Buffer), Buffer.from('\nendstream', 'latin1')]);

export const flateStream = (dict: string, data: Buffer | string): Buffer =>
	stream(`${dict} /Filter /FlateDecode`, deflateSync(Buffer.from(data as Buffer)));

function serialize(objects: RawObject[], start: number): { body: Buffer; offsets: Map<number, number> } {
	const offsets = new Map<number, number>();
	const parts: Buffer[] = [];
	let at = start;
	for (const object of objects) {
		const bytes = Buffer.concat([Buffer.from(`${object.num} 0 obj\n`), Buffer.from(object.body as Buffer), Buffer.from('\nendobj\n')]);
		offsets.set(object.num, at);
		parts.push(bytes);
		at += bytes.length;
	}
	return { body: Buffer.concat(parts), offsets };
}

const header = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');

/** A file with a classic `xref` table; `previous` appends it as an incremental update. */
export function classicPdf(objects: RawObject[], trailer: string, previous?: Buffer): Buffer {
	const base = previous ?? header;
	const { body, offsets } = serialize(objects, base.length);
	const xrefAt = base.length + body.length;
	const lines = ['xref'];
	const nums = [...offsets.keys()].sort((a, b) => a - b);
	if (!previous) lines.push(`0 1`, '0000000000 65535 f\r');
	for (const num of nums) lines.push(`${num} 1`, `${String(offsets.get(num)).padStart(10, '0')} 00000 n\r`);
	const prev = previous ? ` /Prev ${lastStartXref(previous)}` : '';
	const size = Math.max(...nums) + 1;
	const tail = `${lines.join('\n')}\ntrailer\n<< /Size ${size} ${trailer}${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
	return Buffer.concat([base, body, Buffer.from(tail, 'latin1')]);
}

function lastStartXref(pdf: Buffer): number {
	const text = pdf.toString('latin1');
	return Number(/startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf('startxref')))?.[1]);
}

/**
 * A file whose objects `packed` live in one object stream and whose cross-references are a
 * FlateDecode stream with the PNG Up predictor (what Acrobat and many libraries write).
 */
export function xrefStreamPdf(loose: RawObject[], packed: RawObject[], trailer: string): Buffer {
	const objStmNum = Math.max(...[...loose, ...packed].map((o) => o.num)) + 1;
	const xrefNum = objStmNum + 1;
	const headerParts: string[] = [];
	const bodies: Buffer[] = [];
	let offset = 0;
	for (const object of packed) {
		headerParts.push(`${object.num} ${offset}`);
		const body = Buffer.concat([Buffer.from(object.body as Buffer), Buffer.from('\n')]);
		bodies.push(body);
		offset += body.length;
	}
	const objHeader = Buffer.from(`${headerParts.join(' ')}\n`);
	const objStm = flateStream(`/Type /ObjStm /N ${packed.length} /First ${objHeader.length}`, Buffer.concat([objHeader, ...bodies]));
	const { body, offsets } = serialize([...loose, { num: objStmNum, body: objStm }], header.length);
	const xrefAt = header.length + body.length;
	const size = xrefNum + 1;
	const rows: number[][] = [];
	for (let num = 0; num < size; num++) {
		const packedIndex = packed.findIndex((o) => o.num === num);
		if (num === xrefNum) rows.push([1, xrefAt, 0]);
		else if (offsets.has(num)) rows.push([1, offsets.get(num) as number, 0]);
		else if (packedIndex >= 0) rows.push([2, objStmNum, packedIndex]);
		else rows.push([0, 0, 65535]);
	}
	// W [1 4 2]: 7 bytes a row, PNG Up predicted (Predictor 12, Columns 7).
	const raw = rows.map(([type, second, third]) => Buffer.from([type, second >>> 24, (second >>> 16) & 255, (second >>> 8) & 255, second & 255, third >>> 8, third & 255]));
	const predicted: Buffer[] = [];
	raw.forEach((row, index) => {
		const previousRow = index > 0 ? raw[index - 1] : Buffer.alloc(7);
		predicted.push(Buffer.concat([Buffer.from([2]), Buffer.from(row.map((byte, i) => (byte - previousRow[i]) & 255))]));
	});
	const xref = stream(
		`/Type /XRef /Size ${size} /W [1 4 2] /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 7 >> ${trailer}`,
		deflateSync(Buffer.concat(predicted)),
	);
	const xrefObject = Buffer.concat([Buffer.from(`${xrefNum} 0 obj\n`), xref, Buffer.from('\nendobj\n')]);
	return Buffer.concat([header, body, xrefObject, Buffer.from(`startxref\n${xrefAt}\n%%EOF\n`)]);
}
