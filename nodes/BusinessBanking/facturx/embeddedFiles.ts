import type { PdfDocument } from './document';
import { decodeStream } from './filters';
import { PdfStream, PdfString, isDict, nameOf, type PdfDict, type PdfObject } from './objects';
import { decodeTextString } from './text';

/** A file embedded in a PDF (§7.11.4) as a reader finds it. */
export interface EmbeddedFile {
	/** The file specification's /UF, else /F, else its key in the EmbeddedFiles name tree. */
	name: string;
	/** /AFRelationship of PDF/A-3 associated files (Factur-X: Data, Source or Alternative). */
	relationship?: string;
	/** /Subtype of the embedded file stream, e.g. text/xml. */
	mimeType?: string;
	/** The decoded bytes, exactly as embedded. */
	data(): Promise<Uint8Array>;
}

/**
 * Every embedded file of the document: those in the catalog's EmbeddedFiles name tree and those
 * listed only as associated files (/AF) of the catalog; a file listed in both appears once.
 */
export function listEmbeddedFiles(document: PdfDocument): EmbeddedFile[] {
	const { resolve } = document;
	const catalog = resolve(document.trailer.get('Root'));
	if (!isDict(catalog)) return [];
	const specs: Array<{ key?: string; spec: PdfDict }> = [];
	const names = resolve(catalog.get('Names'));
	if (isDict(names)) collectNameTree(document, resolve(names.get('EmbeddedFiles')), specs, new Set(), 0);
	const associated = resolve(catalog.get('AF'));
	if (Array.isArray(associated)) {
		for (const entry of associated) {
			const spec = resolve(entry);
			if (isDict(spec)) specs.push({ spec });
		}
	}
	const seen = new Set<PdfDict>();
	const files: EmbeddedFile[] = [];
	for (const { key, spec } of specs) {
		if (seen.has(spec)) continue;
		seen.add(spec);
		const file = toEmbeddedFile(document, spec, key);
		if (file) files.push(file);
	}
	return files;
}

/** Walks a name tree (§7.9.6): leaves hold `/Names [key value …]`, inner nodes `/Kids`. */
function collectNameTree(
	document: PdfDocument,
	node: PdfObject | undefined,
	out: Array<{ key?: string; spec: PdfDict }>,
	visited: Set<PdfDict>,
	depth: number,
): void {
	if (!isDict(node) || visited.has(node) || depth > 32) return;
	visited.add(node);
	const pairs = document.resolve(node.get('Names'));
	if (Array.isArray(pairs)) {
		for (let i = 0; i + 1 < pairs.length; i += 2) {
			const key = document.resolve(pairs[i]);
			const spec = document.resolve(pairs[i + 1]);
			if (isDict(spec)) out.push({ key: key instanceof PdfString ? decodeTextString(key.bytes) : undefined, spec });
		}
	}
	const kids = document.resolve(node.get('Kids'));
	if (Array.isArray(kids)) for (const kid of kids) collectNameTree(document, document.resolve(kid), out, visited, depth + 1);
}

function toEmbeddedFile(document: PdfDocument, spec: PdfDict, key: string | undefined): EmbeddedFile | undefined {
	const { resolve } = document;
	const ef = resolve(spec.get('EF'));
	if (!isDict(ef)) return undefined;
	const stream = resolve(ef.get('UF') ?? ef.get('F'));
	if (!(stream instanceof PdfStream)) return undefined;
	const text = (value: PdfObject | undefined) => {
		const resolved = resolve(value);
		return resolved instanceof PdfString ? decodeTextString(resolved.bytes) : undefined;
	};
	const name = text(spec.get('UF')) ?? text(spec.get('F')) ?? key ?? '';
	return {
		name,
		relationship: nameOf(resolve(spec.get('AFRelationship'))),
		mimeType: nameOf(resolve(stream.dict.get('Subtype'))),
		data: () => decodeStream(stream, resolve),
	};
}
