import { PdfFormatError, PdfName, PdfRef, PdfStream, PdfString, type PdfDict, type PdfObject } from './objects';
import { indexOfAscii, latin1 } from './text';

const isWhitespace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
const isDelimiter = (byte: number) =>
	byte === 0x28 || byte === 0x29 || byte === 0x3c || byte === 0x3e || byte === 0x5b || byte === 0x5d ||
	byte === 0x7b || byte === 0x7d || byte === 0x2f || byte === 0x25;
const isRegular = (byte: number) => !isWhitespace(byte) && !isDelimiter(byte);
const hexValue = (byte: number) =>
	byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : byte >= 0x61 && byte <= 0x66 ? byte - 0x57 : byte >= 0x41 && byte <= 0x46 ? byte - 0x37 : -1;

/** Reads a stream's /Length when it is an indirect object (§7.3.8.2). */
export type LengthResolver = (value: PdfObject) => number | undefined;

/** A reader of PDF syntax (§7.2–7.3) over the file's bytes, from a position it moves. */
export class PdfParser {
	constructor(
		readonly bytes: Uint8Array,
		public pos = 0,
		private readonly resolveLength: LengthResolver = (value) => (typeof value === 'number' ? value : undefined),
	) {}

	skipWhitespace(): void {
		const { bytes } = this;
		while (this.pos < bytes.length) {
			const byte = bytes[this.pos];
			if (isWhitespace(byte)) this.pos++;
			else if (byte === 0x25) {
				while (this.pos < bytes.length && bytes[this.pos] !== 0x0a && bytes[this.pos] !== 0x0d) this.pos++;
			} else break;
		}
	}

	/** A bare keyword or number as text (`obj`, `R`, `123`), without consuming it when `peek`. */
	readWord(peek = false): string {
		this.skipWhitespace();
		const start = this.pos;
		let end = start;
		while (end < this.bytes.length && isRegular(this.bytes[end])) end++;
		if (!peek) this.pos = end;
		return latin1(this.bytes, start, end);
	}

	expectWord(word: string): void {
		const at = this.pos;
		const found = this.readWord();
		if (found !== word) throw new PdfFormatError(`Expected "${word}" at byte ${at}, found "${found.slice(0, 20)}"`);
	}

	readInteger(): number {
		const at = this.pos;
		const word = this.readWord();
		if (!/^[+-]?\d+$/.test(word)) throw new PdfFormatError(`Expected an integer at byte ${at}, found "${word.slice(0, 20)}"`);
		return Number(word);
	}

	/** Any direct object; `N G R` becomes a reference. */
	readObject(depth = 0): PdfObject {
		if (depth > 100) throw new PdfFormatError('Objects nested too deeply');
		this.skipWhitespace();
		const { bytes } = this;
		if (this.pos >= bytes.length) throw new PdfFormatError('Unexpected end of file');
		const byte = bytes[this.pos];
		if (byte === 0x2f) return this.readName();
		if (byte === 0x28) return this.readLiteralString();
		if (byte === 0x3c) {
			if (bytes[this.pos + 1] === 0x3c) return this.readDict(depth);
			return this.readHexString();
		}
		if (byte === 0x5b) {
			this.pos++;
			const items: PdfObject[] = [];
			for (;;) {
				this.skipWhitespace();
				if (this.pos >= bytes.length) throw new PdfFormatError('Unterminated array');
				if (bytes[this.pos] === 0x5d) {
					this.pos++;
					return items;
				}
				items.push(this.readObject(depth + 1));
			}
		}
		const at = this.pos;
		const word = this.readWord();
		if (word === 'true') return true;
		if (word === 'false') return false;
		if (word === 'null') return null;
		if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) {
			if (/^\d+$/.test(word)) {
				const reference = this.tryReference(Number(word));
				if (reference) return reference;
			}
			return Number(word);
		}
		throw new PdfFormatError(`Unexpected "${word.slice(0, 20) || String.fromCharCode(byte)}" at byte ${at}`);
	}

	/** After an integer: `G R` makes it a reference; otherwise nothing is consumed. */
	private tryReference(num: number): PdfRef | undefined {
		const save = this.pos;
		const gen = this.readWord();
		if (/^\d+$/.test(gen) && this.readWord() === 'R') return new PdfRef(num, Number(gen));
		this.pos = save;
		return undefined;
	}

	private readName(): PdfName {
		const { bytes } = this;
		this.pos++;
		let name = '';
		while (this.pos < bytes.length && isRegular(bytes[this.pos])) {
			const byte = bytes[this.pos];
			if (byte === 0x23 && hexValue(bytes[this.pos + 1]) >= 0 && hexValue(bytes[this.pos + 2]) >= 0) {
				name += String.fromCharCode(hexValue(bytes[this.pos + 1]) * 16 + hexValue(bytes[this.pos + 2]));
				this.pos += 3;
			} else {
				name += String.fromCharCode(byte);
				this.pos++;
			}
		}
		return new PdfName(name);
	}

	private readLiteralString(): PdfString {
		const { bytes } = this;
		const out: number[] = [];
		let nesting = 1;
		this.pos++;
		while (this.pos < bytes.length) {
			const byte = bytes[this.pos++];
			if (byte === 0x28) nesting++;
			else if (byte === 0x29 && --nesting === 0) return new PdfString(Uint8Array.from(out));
			if (byte === 0x5c) {
				const next = bytes[this.pos++];
				const simple: Record<number, number> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c, 0x28: 0x28, 0x29: 0x29, 0x5c: 0x5c };
				if (next in simple) out.push(simple[next]);
				else if (next >= 0x30 && next <= 0x37) {
					let code = next - 0x30;
					for (let i = 0; i < 2 && bytes[this.pos] >= 0x30 && bytes[this.pos] <= 0x37; i++) code = code * 8 + bytes[this.pos++] - 0x30;
					out.push(code & 0xff);
				} else if (next === 0x0d) {
					if (bytes[this.pos] === 0x0a) this.pos++;
				} else if (next !== 0x0a) out.push(next);
				continue;
			}
			if (byte === 0x0d) {
				// An end of line inside a string reads as a single LF (§7.3.4.2).
				if (bytes[this.pos] === 0x0a) this.pos++;
				out.push(0x0a);
			} else out.push(byte);
		}
		throw new PdfFormatError('Unterminated string');
	}

	private readHexString(): PdfString {
		const { bytes } = this;
		const out: number[] = [];
		let high = -1;
		this.pos++;
		while (this.pos < bytes.length) {
			const byte = bytes[this.pos++];
			if (byte === 0x3e) {
				if (high >= 0) out.push(high << 4);
				return new PdfString(Uint8Array.from(out));
			}
			const value = hexValue(byte);
			if (value < 0) continue;
			if (high < 0) high = value;
			else {
				out.push((high << 4) | value);
				high = -1;
			}
		}
		throw new PdfFormatError('Unterminated hex string');
	}

	private readDict(depth: number): PdfDict | PdfStream {
		const { bytes } = this;
		const dict: PdfDict = new Map();
		this.pos += 2;
		for (;;) {
			this.skipWhitespace();
			if (this.pos >= bytes.length) throw new PdfFormatError('Unterminated dictionary');
			if (bytes[this.pos] === 0x3e && bytes[this.pos + 1] === 0x3e) {
				this.pos += 2;
				break;
			}
			const key = this.readObject(depth + 1);
			if (!(key instanceof PdfName)) throw new PdfFormatError(`Dictionary key expected at byte ${this.pos}`);
			dict.set(key.name, this.readObject(depth + 1));
		}
		const save = this.pos;
		if (this.readWord() === 'stream') return this.readStreamBody(dict);
		this.pos = save;
		return dict;
	}

	/** The bytes after `stream` and its end of line, /Length long, or up to `endstream` if that is wrong. */
	private readStreamBody(dict: PdfDict): PdfStream {
		const { bytes } = this;
		if (bytes[this.pos] === 0x0d) this.pos++;
		if (bytes[this.pos] === 0x0a) this.pos++;
		const start = this.pos;
		const length = this.resolveLength(dict.get('Length') ?? null);
		if (length !== undefined && length >= 0 && start + length <= bytes.length) {
			const after = new PdfParser(bytes, start + length);
			if (after.readWord() === 'endstream') {
				this.pos = after.pos;
				return new PdfStream(dict, bytes.subarray(start, start + length));
			}
		}
		const end = indexOfAscii(bytes, 'endstream', start);
		if (end < 0) throw new PdfFormatError(`Stream at byte ${start} has no endstream`);
		let dataEnd = end;
		if (bytes[dataEnd - 1] === 0x0a) dataEnd--;
		if (bytes[dataEnd - 1] === 0x0d) dataEnd--;
		this.pos = end + 'endstream'.length;
		return new PdfStream(dict, bytes.subarray(start, Math.max(start, dataEnd)));
	}

	/** `N G obj … endobj` at the current position; checks the object number when given. */
	readIndirectObject(expectedNum?: number): { num: number; gen: number; value: PdfObject } {
		const at = this.pos;
		const num = this.readInteger();
		const gen = this.readInteger();
		this.expectWord('obj');
		if (expectedNum !== undefined && num !== expectedNum) {
			throw new PdfFormatError(`Object ${expectedNum} expected at byte ${at}, found object ${num}`);
		}
		return { num, gen, value: this.readObject() };
	}
}


