import { decodeStream } from './filters';
import { PdfFormatError, PdfRef, PdfStream, isDict, nameOf, type PdfDict, type PdfObject } from './objects';
import { PdfParser } from './parser';
import { indexOfAscii, lastIndexOfAscii, latin1 } from './text';

/** Where an object lives: at a byte offset, or as the n-th object of an object stream (§7.5.7). */
type XrefEntry = { kind: 'offset'; offset: number } | { kind: 'compressed'; streamNum: number; index: number } | { kind: 'free' };

/**
 * A parsed PDF file: its cross-reference data (classic tables, cross-reference streams, hybrid
 * files and incremental updates) and lazy access to any object, including objects stored in
 * object streams. A file whose cross-references are broken is indexed by scanning for `N G obj`.
 */
export class PdfDocument {
	private readonly xref = new Map<number, XrefEntry>();
	private readonly cache = new Map<number, PdfObject>();
	private readonly objectStreams = new Map<number, { data: Uint8Array; offsets: Map<number, number> }>();
	private readonly loading = new Set<number>();
	trailer: PdfDict = new Map();

	private constructor(readonly bytes: Uint8Array) {}

	static async load(bytes: Uint8Array): Promise<PdfDocument> {
		if (indexOfAscii(bytes.subarray(0, 1024), '%PDF-') < 0) throw new PdfFormatError('The file is not a PDF (no %PDF- header)');
		const document = new PdfDocument(bytes);
		// Damaged cross-references (whatever went wrong reading them): index the file by scanning.
		const readable = await document.readCrossReferences().then(
			() => document.trailer.has('Root'),
			() => false,
		);
		if (!readable) {
			document.xref.clear();
			document.cache.clear();
			document.objectStreams.clear();
			document.trailer = new Map();
			await document.reconstructByScanning();
		}
		if (document.trailer.get('Encrypt')) throw new PdfFormatError('Encrypted PDFs are not supported');
		return document;
	}

	/** Follows a reference (once); returns direct objects unchanged. */
	resolve = (value: PdfObject | undefined): PdfObject | undefined => {
		if (!(value instanceof PdfRef)) return value;
		return this.getObject(value.num);
	};

	getObject(num: number): PdfObject {
		if (this.cache.has(num)) return this.cache.get(num) as PdfObject;
		const entry = this.xref.get(num);
		// A free entry stays in the map so that an older section cannot revive the object.
		if (!entry || entry.kind === 'free') return null;
		if (this.loading.has(num)) throw new PdfFormatError(`Object ${num} refers to itself`);
		this.loading.add(num);
		try {
			let value: PdfObject;
			if (entry.kind === 'offset') {
				value = this.readAt(entry.offset, num);
			} else {
				const objectStream = this.objectStreams.get(entry.streamNum);
				if (!objectStream) throw new PdfFormatError(`Object stream ${entry.streamNum} was not loaded`);
				const offset = objectStream.offsets.get(num);
				if (offset === undefined) throw new PdfFormatError(`Object ${num} is missing from object stream ${entry.streamNum}`);
				value = new PdfParser(objectStream.data, offset, this.lengthOf).readObject();
			}
			this.cache.set(num, value);
			return value;
		} finally {
			this.loading.delete(num);
		}
	}

	/**
	 * Object streams must be inflated (asynchronously) before their objects can be read; this
	 * loads every one the cross-references name, so that `getObject` stays synchronous.
	 */
	private async loadObjectStreams(): Promise<void> {
		const streamNums = new Set<number>();
		for (const entry of this.xref.values()) if (entry.kind === 'compressed') streamNums.add(entry.streamNum);
		for (const streamNum of streamNums) {
			if (this.objectStreams.has(streamNum)) continue;
			const stream = this.getObject(streamNum);
			if (!(stream instanceof PdfStream) || nameOf(stream.dict.get('Type')) !== 'ObjStm') {
				throw new PdfFormatError(`Object ${streamNum} is not an object stream`);
			}
			const data = await decodeStream(stream, this.resolve);
			const first = this.resolve(stream.dict.get('First'));
			const count = this.resolve(stream.dict.get('N'));
			if (typeof first !== 'number' || typeof count !== 'number') throw new PdfFormatError(`Object stream ${streamNum} lacks /First or /N`);
			const header = new PdfParser(data, 0);
			const offsets = new Map<number, number>();
			for (let i = 0; i < count; i++) {
				const num = header.readInteger();
				offsets.set(num, first + header.readInteger());
			}
			this.objectStreams.set(streamNum, { data, offsets });
		}
	}

	/**
	 * The object at its cross-reference offset; when that offset is wrong (writers that edit files in
	 * place get them off by a few bytes), wherever the file last defines `num G obj`.
	 */
	private readAt(offset: number, num: number): PdfObject {
		const attempt = (at: number): { ok: true; value: PdfObject } | { ok: false; error: Error } => {
			try {
				return { ok: true, value: this.parserAt(at).readIndirectObject(num).value };
			} catch (error) {
				return { ok: false, error: error as Error };
			}
		};
		const first = attempt(offset);
		if (first.ok) return first.value;
		const found = this.definitionsByScan().get(num);
		if (found === undefined || found === offset) throw first.error;
		const second = attempt(found);
		if (second.ok) return second.value;
		throw second.error;
	}

	private scanned: Map<number, number> | undefined;

	/** Where each `N G obj` is defined in the file (the last definition wins), found once on demand. */
	private definitionsByScan(): Map<number, number> {
		if (this.scanned) return this.scanned;
		this.scanned = new Map();
		const text = latin1(this.bytes);
		const objectPattern = /(?:^|[\s>\]])(\d+)\s+(\d+)\s+obj\b/g;
		for (let match = objectPattern.exec(text); match; match = objectPattern.exec(text)) {
			this.scanned.set(Number(match[1]), match.index + match[0].indexOf(match[1]));
		}
		return this.scanned;
	}

	private lengthOf = (value: PdfObject): number | undefined => {
		if (typeof value === 'number') return value;
		if (value instanceof PdfRef) {
			const resolved = this.getObject(value.num);
			return typeof resolved === 'number' ? resolved : undefined;
		}
		return undefined;
	};

	private parserAt(offset: number): PdfParser {
		return new PdfParser(this.bytes, offset, this.lengthOf);
	}

	/** From the last `startxref` back through every /Prev (and /XRefStm of hybrid files). */
	private async readCrossReferences(): Promise<void> {
		const marker = lastIndexOfAscii(this.bytes, 'startxref');
		if (marker < 0) throw new PdfFormatError('No startxref');
		const parser = new PdfParser(this.bytes, marker + 'startxref'.length);
		let offset: number | undefined = parser.readInteger();
		const seen = new Set<number>();
		while (offset !== undefined) {
			if (seen.has(offset) || offset < 0 || offset >= this.bytes.length) {
				throw new PdfFormatError(`Bad cross-reference offset ${offset}`);
			}
			seen.add(offset);
			const section = await this.readSection(offset);
			// The newest section is read first: its trailer keys and entries win.
			for (const [key, value] of section.trailer) if (!this.trailer.has(key)) this.trailer.set(key, value);
			const hybrid = section.trailer.get('XRefStm');
			if (typeof hybrid === 'number' && !seen.has(hybrid)) {
				seen.add(hybrid);
				await this.readSection(hybrid);
			}
			const previous = section.trailer.get('Prev');
			offset = typeof previous === 'number' ? previous : undefined;
		}
		await this.loadObjectStreams();
	}

	private async readSection(offset: number): Promise<{ trailer: PdfDict }> {
		const parser = this.parserAt(offset);
		if (parser.readWord(true) === 'xref') return this.readTable(parser);
		const { value } = parser.readIndirectObject();
		if (!(value instanceof PdfStream) || nameOf(value.dict.get('Type')) !== 'XRef') {
			throw new PdfFormatError(`No cross-reference table or stream at byte ${offset}`);
		}
		await this.readXrefStream(value);
		return { trailer: value.dict };
	}

	private readTable(parser: PdfParser): { trailer: PdfDict } {
		parser.expectWord('xref');
		for (;;) {
			const word = parser.readWord(true);
			if (word === 'trailer') break;
			const start = parser.readInteger();
			const count = parser.readInteger();
			for (let i = 0; i < count; i++) {
				const offset = parser.readInteger();
				parser.readInteger();
				const type = parser.readWord();
				if (this.xref.has(start + i)) continue;
				this.xref.set(start + i, type === 'n' ? { kind: 'offset', offset } : { kind: 'free' });
			}
		}
		parser.expectWord('trailer');
		const trailer = parser.readObject();
		if (!isDict(trailer)) throw new PdfFormatError('The trailer is not a dictionary');
		return { trailer };
	}

	private async readXrefStream(stream: PdfStream): Promise<void> {
		const widths = stream.dict.get('W');
		if (!Array.isArray(widths) || widths.length < 3 || !widths.every((w) => typeof w === 'number')) {
			throw new PdfFormatError('Cross-reference stream without a valid /W');
		}
		const [typeWidth, fieldWidth, thirdWidth] = widths as number[];
		const size = stream.dict.get('Size') as number;
		const index = (stream.dict.get('Index') as number[] | undefined) ?? [0, size];
		const data = await decodeStream(stream, this.resolve);
		const rowWidth = typeWidth + fieldWidth + thirdWidth;
		const field = (at: number, width: number) => {
			let value = 0;
			for (let i = 0; i < width; i++) value = value * 256 + data[at + i];
			return value;
		};
		let row = 0;
		for (let pair = 0; pair + 1 < index.length; pair += 2) {
			for (let i = 0; i < index[pair + 1]; i++, row++) {
				const at = row * rowWidth;
				if (at + rowWidth > data.length) throw new PdfFormatError('Cross-reference stream is shorter than its /Index');
				const num = index[pair] + i;
				const type = typeWidth === 0 ? 1 : field(at, typeWidth);
				if (this.xref.has(num)) continue;
				const second = field(at + typeWidth, fieldWidth);
				const third = field(at + typeWidth + fieldWidth, thirdWidth);
				if (type === 1) this.xref.set(num, { kind: 'offset', offset: second });
				else if (type === 2) this.xref.set(num, { kind: 'compressed', streamNum: second, index: third });
				else if (type === 0) this.xref.set(num, { kind: 'free' });
			}
		}
	}

	/** Recovery for damaged files: every `N G obj` in file order (later wins) and the last trailer. */
	private async reconstructByScanning(): Promise<void> {
		for (const [num, offset] of this.definitionsByScan()) this.xref.set(num, { kind: 'offset', offset });
		// Objects inside object streams of the damaged file.
		for (const num of [...this.xref.keys()]) {
			const value = this.safeGet(num);
			if (value instanceof PdfStream && nameOf(value.dict.get('Type')) === 'ObjStm') {
				const data = await decodeStream(value, this.resolve);
				const header = new PdfParser(data, 0);
				const first = value.dict.get('First') as number;
				for (let i = 0; i < (value.dict.get('N') as number); i++) {
					const child = header.readInteger();
					const offset = header.readInteger();
					if (!this.xref.has(child) || this.xref.get(child)?.kind === 'compressed') {
						this.xref.set(child, { kind: 'compressed', streamNum: num, index: i });
						this.cache.delete(child);
					}
					const loaded = this.objectStreams.get(num) ?? { data, offsets: new Map<number, number>() };
					loaded.offsets.set(child, first + offset);
					this.objectStreams.set(num, loaded);
				}
			}
			if (value instanceof PdfStream && nameOf(value.dict.get('Type')) === 'XRef' && value.dict.get('Root')) {
				this.trailer = value.dict;
			}
		}
		const trailerAt = lastIndexOfAscii(this.bytes, 'trailer');
		if (trailerAt >= 0) {
			const parser = this.parserAt(trailerAt + 'trailer'.length);
			const trailer = parser.readObject();
			if (isDict(trailer) && trailer.get('Root')) this.trailer = trailer;
		}
		if (!this.trailer.get('Root')) {
			for (const num of this.xref.keys()) {
				const value = this.safeGet(num);
				if (isDict(value) && nameOf(value.get('Type')) === 'Catalog') this.trailer = new Map([['Root', new PdfRef(num, 0)]]);
			}
		}
		if (!this.trailer.get('Root')) throw new PdfFormatError('No document catalog found');
	}

	/** While recovering, an unreadable object is skipped: the catalog may still be found. */
	private safeGet(num: number): PdfObject {
		try {
			return this.getObject(num);
		} catch {
			return null;
		}
	}
}
