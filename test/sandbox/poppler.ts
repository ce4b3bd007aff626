// poppler-utils (pdffonts, pdftotext, pdftoppm): what a person's PDF tools see in the sandbox's PDFs.
import { execFileSync } from 'child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { hasCommand, missingPackagesMessage } from '../../tools/n8n/apt';

/** Fails, saying what to install, unless Debian's poppler-utils are there (.ci/debian-packages installs them). */
export function requirePoppler(): void {
	if (hasCommand('pdffonts') && hasCommand('pdftotext') && hasCommand('pdftoppm')) return;
	throw new Error(missingPackagesMessage(['poppler-utils'], 'the invoice PDF rendering tests (pdffonts, pdftotext, pdftoppm)'));
}

/** Runs a poppler tool on the PDF written to a temporary file; `output` names a file it writes there. */
function withPdfFile<T>(bytes: Uint8Array, run: (path: string, dir: string) => T): T {
	const dir = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
	try {
		const path = join(dir, 'invoice.pdf');
		writeFileSync(path, bytes);
		return run(path, dir);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

export interface PdfFont {
	name: string;
	type: string;
	embedded: boolean;
	subset: boolean;
	unicode: boolean;
}

/** `pdffonts`: every font of the document, with its emb / sub / uni columns. */
export function pdfFonts(bytes: Uint8Array): PdfFont[] {
	const out = withPdfFile(bytes, (path) => execFileSync('pdffonts', [path], { encoding: 'utf8' }));
	// name type encoding emb sub uni object ID: the last five columns are fixed words.
	return out
		.split('\n')
		.slice(2)
		.filter((line) => line.trim())
		.map((line) => {
			const words = line.trim().split(/\s+/);
			const [emb, sub, uni] = words.slice(-5, -2);
			return { name: words[0], type: words.slice(1, -6).join(' '), embedded: emb === 'yes', subset: sub === 'yes', unicode: uni === 'yes' };
		});
}

/** `pdftotext -layout`: the text as laid out on the pages (form feed between pages). */
export function pdfText(bytes: Uint8Array): string {
	return withPdfFile(bytes, (path) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }));
}

/** `pdftoppm`: the first page as a PNG at `dpi`. */
export function pdfFirstPagePng(bytes: Uint8Array, dpi: number): Buffer {
	return withPdfFile(bytes, (path, dir) => {
		execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', path, join(dir, 'page')]);
		return readFileSync(join(dir, 'page.png'));
	});
}
