import { PdfFormatError, isDict, nameOf, type PdfDict, type PdfObject, type PdfStream } from './objects';
import { concatBytes } from './text';

/** zlib inflate with the Web Streams global (no node:zlib in n8n Cloud nodes). */
export async function inflate(data: Uint8Array, format: 'deflate' | 'deflate-raw' = 'deflate'): Promise<Uint8Array> {
	const decompressor = new DecompressionStream(format);
	const writer = decompressor.writable.getWriter();
	// The reader below reports a corrupt stream; these promises would only repeat it.
	writer.write(data as Uint8Array<ArrayBuffer>).catch(() => undefined);
	writer.close().catch(() => undefined);
	const reader = decompressor.readable.getReader();
	const chunks: Uint8Array[] = [];
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		chunks.push(value);
	}
	return concatBytes(chunks);
}

/** FlateDecode, tolerant of the end-of-line some writers count into /Length. */
async function flateDecode(data: Uint8Array): Promise<Uint8Array> {
	let end = data.length;
	while (end > 0 && (data[end - 1] === 0x0a || data[end - 1] === 0x0d || data[end - 1] === 0x20)) end--;
	const attempts = end === data.length ? [data] : [data, data.subarray(0, end)];
	let failure = '';
	for (const attempt of attempts) {
		const result = await inflate(attempt).then(
			(bytes) => ({ bytes }),
			(error: Error) => ({ error }),
		);
		if ('bytes' in result) return result.bytes;
		failure = result.error.message;
	}
	throw new PdfFormatError(`FlateDecode failed: ${failure || 'corrupt data'}`);
}

/** Undoes the PNG (10–15) predictors of /DecodeParms (§7.4.4.4), as xref streams often use. */
export function unpredict(data: Uint8Array, params: PdfDict | undefined): Uint8Array {
	const predictor = (params?.get('Predictor') as number | undefined) ?? 1;
	if (predictor === 1) return data;
	if (predictor < 10) throw new PdfFormatError(`Unsupported predictor ${predictor}`);
	const colors = (params?.get('Colors') as number | undefined) ?? 1;
	const bits = (params?.get('BitsPerComponent') as number | undefined) ?? 8;
	const columns = (params?.get('Columns') as number | undefined) ?? 1;
	const bytesPerPixel = Math.max(1, Math.ceil((colors * bits) / 8));
	const rowLength = Math.ceil((colors * bits * columns) / 8);
	const rows = Math.floor(data.length / (rowLength + 1));
	const out = new Uint8Array(rows * rowLength);
	for (let row = 0; row < rows; row++) {
		const type = data[row * (rowLength + 1)];
		const input = row * (rowLength + 1) + 1;
		const at = row * rowLength;
		for (let i = 0; i < rowLength; i++) {
			const raw = data[input + i];
			const left = i >= bytesPerPixel ? out[at + i - bytesPerPixel] : 0;
			const up = row > 0 ? out[at - rowLength + i] : 0;
			const upLeft = row > 0 && i >= bytesPerPixel ? out[at - rowLength + i - bytesPerPixel] : 0;
			let value: number;
			if (type === 0) value = raw;
			else if (type === 1) value = raw + left;
			else if (type === 2) value = raw + up;
			else if (type === 3) value = raw + ((left + up) >> 1);
			else if (type === 4) value = raw + paeth(left, up, upLeft);
			else throw new PdfFormatError(`Unknown PNG row filter ${type}`);
			out[at + i] = value & 0xff;
		}
	}
	return out;
}

function paeth(left: number, up: number, upLeft: number): number {
	const estimate = left + up - upLeft;
	const toLeft = Math.abs(estimate - left);
	const toUp = Math.abs(estimate - up);
	const toUpLeft = Math.abs(estimate - upLeft);
	if (toLeft <= toUp && toLeft <= toUpLeft) return left;
	return toUp <= toUpLeft ? up : upLeft;
}

const asList = <T>(value: T | T[] | undefined | null): T[] => (value == null ? [] : Array.isArray(value) ? value : [value]);

/**
 * The decoded bytes of a stream. `resolve` follows indirect /Filter or /DecodeParms entries.
 * Only the filters a Factur-X PDF uses for its XML and cross-references are supported.
 */
export async function decodeStream(stream: PdfStream, resolve: (value: PdfObject | undefined) => PdfObject | undefined): Promise<Uint8Array> {
	const filters = asList(resolve(stream.dict.get('Filter')) as PdfObject | PdfObject[]).map((filter) => nameOf(resolve(filter)));
	const params = asList(resolve(stream.dict.get('DecodeParms') ?? stream.dict.get('DP')) as PdfObject | PdfObject[]).map((entry) => {
		const value = resolve(entry);
		return isDict(value) ? value : undefined;
	});
	let data = stream.raw;
	for (const [index, filter] of filters.entries()) {
		if (filter === 'FlateDecode' || filter === 'Fl') data = unpredict(await flateDecode(data), params[index]);
		else throw new PdfFormatError(`Unsupported stream filter ${filter ?? '(not a name)'}`);
	}
	return data;
}
