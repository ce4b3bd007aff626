/** Byte and text helpers that need no Buffer (n8n Cloud nodes run without Node-only APIs). */

/** Bytes 0–255 as characters one to one (PDF syntax is ASCII; binary stays lossless). */
export function latin1(bytes: Uint8Array, start = 0, end = bytes.length): string {
	let text = '';
	for (let i = start; i < end; i += 8192) {
		text += String.fromCharCode.apply(null, Array.from(bytes.subarray(i, Math.min(end, i + 8192))));
	}
	return text;
}

/**
 * A PDF text string (§7.9.2.2): UTF-16BE with a byte order mark, UTF-8 with one (PDF 2.0), or
 * PDFDocEncoding, which matches Latin-1 for the characters file names use.
 */
export function decodeTextString(bytes: Uint8Array): string {
	if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
		let text = '';
		for (let i = 2; i + 1 < bytes.length; i += 2) text += String.fromCharCode((bytes[i] << 8) | bytes[i + 1]);
		return text;
	}
	if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
		return new TextDecoder('utf-8').decode(bytes.subarray(3));
	}
	return latin1(bytes);
}

export function concatBytes(chunks: Uint8Array[]): Uint8Array {
	const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
	const out = new Uint8Array(total);
	let offset = 0;
	for (const chunk of chunks) {
		out.set(chunk, offset);
		offset += chunk.length;
	}
	return out;
}

/** Index of `needle` (ASCII) in `bytes` at or after `from`, or -1. */
export function indexOfAscii(bytes: Uint8Array, needle: string, from = 0): number {
	const first = needle.charCodeAt(0);
	outer: for (let i = Math.max(0, from); i <= bytes.length - needle.length; i++) {
		if (bytes[i] !== first) continue;
		for (let j = 1; j < needle.length; j++) if (bytes[i + j] !== needle.charCodeAt(j)) continue outer;
		return i;
	}
	return -1;
}

/** Last index of `needle` (ASCII) in `bytes` that starts before `before`, or -1. */
export function lastIndexOfAscii(bytes: Uint8Array, needle: string, before = bytes.length): number {
	const first = needle.charCodeAt(0);
	outer: for (let i = Math.min(before, bytes.length - needle.length); i >= 0; i--) {
		if (bytes[i] !== first) continue;
		for (let j = 1; j < needle.length; j++) if (bytes[i + j] !== needle.charCodeAt(j)) continue outer;
		return i;
	}
	return -1;
}
