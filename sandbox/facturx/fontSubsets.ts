import { deflateSync } from 'zlib';

import type { PDFContext, PDFDocument, PDFFont, PDFRawStream, PDFRef } from 'pdf-lib';

/**
 * Keeps per-invoice fonts cheap. Building and compressing a font subset was most of an invoice
 * PDF's cost (tens of ms), paid again for every draft save. So every subset starts with the same
 * glyphs, those of Western European text: a document that needs nothing else has a font program
 * identical to the last one's, which is encoded and compressed once per process. A document with
 * other characters (Greek, Cyrillic…) simply gets its own, larger subset, as before.
 *
 * The hooks sit on pdf-lib 1.17 internals (a PDFFont's embedder and its fontkit subset, a context's
 * flateStream), on this document's objects only; the PDF tests (pdffonts, pdftotext) fail if they
 * stop working.
 */

const codePoints = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index));

/** ASCII, Latin-1, Latin Extended-A, typographic punctuation, €, ™ and −. */
const BASE_TEXT = [
	...codePoints(0x21, 0x7e),
	...codePoints(0xa1, 0xff),
	...codePoints(0x100, 0x17f),
	...codePoints(0x2010, 0x2026),
	'\u2030',
	'\u2039',
	'\u203a',
	'\u20ac',
	'\u2122',
	'\u2212',
].join(' ');

/** The parts of pdf-lib's subset embedder (and of fontkit's subset in it) these hooks use. */
interface SubsetEmbedder {
	subset: { glyphs: number[]; mapping: Record<number, number> };
	glyphs: unknown[];
	glyphIdMap: Map<number, number>;
	glyphCache: { invalidate(): void };
	serializeFont(): Promise<Uint8Array>;
	embedUnicodeCmap(context: PDFContext): PDFRef;
}

/** The subset state right after the base text, per font: copied into each new document's subset. */
interface BaseState {
	glyphs: number[];
	mapping: Record<number, number>;
	embedderGlyphs: unknown[];
	glyphIdMap: Map<number, number>;
}

const MAX_KEPT = 32;
const baseStates = new Map<string, BaseState>();
/** Encoded font programs by font and glyph list (in subset order). */
const programs = new Map<string, Promise<Uint8Array>>();
/** Compressed ToUnicode CMaps, by the same key. */
const cmaps = new Map<string, Uint8Array>();
/** Compressed font programs, for the very arrays `programs` hands out. */
const compressed = new WeakMap<Uint8Array, Uint8Array>();

function remember<T>(cache: Map<string, T>, key: string, value: T): T {
	if (cache.size >= MAX_KEPT) cache.clear();
	cache.set(key, value);
	return value;
}

/** Starts the subset of `font` (named `name`) with the base glyphs, and reuses identical subsets' bytes. */
export function shareSubsets(font: PDFFont, name: string): void {
	const embedder = (font as unknown as { embedder: SubsetEmbedder }).embedder;
	const base = baseStates.get(name);
	if (base) {
		// Laying out and adding the base text again would cost more than the rest of the page.
		embedder.subset.glyphs = [...base.glyphs];
		embedder.subset.mapping = { ...base.mapping };
		embedder.glyphs = [...base.embedderGlyphs];
		embedder.glyphIdMap = new Map(base.glyphIdMap);
		embedder.glyphCache.invalidate();
	} else {
		font.encodeText(BASE_TEXT);
		baseStates.set(name, {
			glyphs: [...embedder.subset.glyphs],
			mapping: { ...embedder.subset.mapping },
			embedderGlyphs: [...embedder.glyphs],
			glyphIdMap: new Map(embedder.glyphIdMap),
		});
	}
	const keyOf = () => `${name}:${embedder.subset.glyphs.join(',')}`;

	const serialize = embedder.serializeFont.bind(embedder);
	embedder.serializeFont = () => {
		const key = keyOf();
		const known = programs.get(key);
		if (known) return known;
		const program = remember(programs, key, serialize());
		// A failed encoding is not kept: the next document tries again.
		program.catch(() => programs.delete(key));
		return program;
	};

	const embedCmap = embedder.embedUnicodeCmap.bind(embedder);
	embedder.embedUnicodeCmap = (context) => {
		const key = keyOf();
		const known = cmaps.get(key);
		if (known) return context.register(context.stream(known, { Filter: 'FlateDecode' }));
		const ref = embedCmap(context);
		remember(cmaps, key, (context.lookup(ref) as PDFRawStream).contents);
		return ref;
	};
}

/** The document's Flate streams through Node's zlib (native, several times pako's speed), font programs compressed once. */
export function deflateNatively(doc: PDFDocument): void {
	const context = doc.context;
	context.flateStream = (contents, dict = {}) => {
		// Strings as pdf-lib reads them: one byte per character (CMaps are ASCII).
		const bytes = typeof contents === 'string' ? new Uint8Array(Buffer.from(contents, 'latin1')) : contents;
		let deflated = compressed.get(bytes);
		if (!deflated) {
			deflated = new Uint8Array(deflateSync(bytes));
			compressed.set(bytes, deflated);
		}
		return context.stream(deflated, { ...dict, Filter: 'FlateDecode' });
	};
}
