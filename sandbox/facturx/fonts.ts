import { randomInt } from 'crypto';
import { readFileSync } from 'fs';
import { dirname, join } from 'path';

import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

import { shareSubsets } from './fontSubsets';

/**
 * DejaVu Sans (an open font, npm `dejavu-fonts-ttf`), embedded as a subset in every invoice PDF:
 * PDF/A wants every font embedded, and the standard 14 fonts cannot print most of Europe's text.
 * The files are read and parsed once per process; subsets are shared when they can be (fontSubsets.ts).
 */

const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

type ParsedFont = ReturnType<typeof fontkit.create>;

interface FontFiles {
	regular: Uint8Array;
	bold: Uint8Array;
}

let files: FontFiles | undefined;
const parsed = new Map<Uint8Array, ParsedFont>();

function fontFiles(): FontFiles {
	files ??= {
		regular: new Uint8Array(readFileSync(join(FONT_DIR, 'DejaVuSans.ttf'))),
		bold: new Uint8Array(readFileSync(join(FONT_DIR, 'DejaVuSans-Bold.ttf'))),
	};
	return files;
}

/** Glyph runs kept per font: labels, dates and amounts recur on every invoice. */
const LAYOUT_CACHE_SIZE = 4000;

/**
 * pdf-lib reads only the glyphs of fontkit's layout, never its positions, so the shaping it asks
 * for (kerning from GPOS, ligatures from GSUB) is work thrown away, and it was most of the drawing
 * time. Glyphs straight from the font's character map draw European text the same way (DejaVu's
 * ligatures are optional), and a run is only read, so one can be shared between documents.
 */
function mapGlyphsDirectly(font: ParsedFont): ParsedFont {
	const runs = new Map<string, ReturnType<ParsedFont['layout']>>();
	const question = font.glyphForCodePoint(0x3f);
	font.layout = (text) => {
		let run = runs.get(text);
		if (!run) {
			if (runs.size >= LAYOUT_CACHE_SIZE) runs.clear();
			// A character the font lacks prints as '?': PDF/A forbids showing the .notdef glyph (id 0).
			const glyphs = font.glyphsForString(text).map((glyph) => (glyph.id === 0 ? question : glyph));
			run = { glyphs } as ReturnType<ParsedFont['layout']>;
			runs.set(text, run);
		}
		return run;
	};
	return font;
}

/** fontkit for pdf-lib, remembering each parsed font: pdf-lib would parse the file again per document. */
const cachingFontkit = {
	create(bytes: Uint8Array, postscriptName?: string): ParsedFont {
		const known = parsed.get(bytes);
		if (known) return known;
		const font = mapGlyphsDirectly(fontkit.create(bytes, postscriptName));
		parsed.set(bytes, font);
		return font;
	},
};

export interface InvoiceFonts {
	regular: PDFFont;
	bold: PDFFont;
}

/** A subset's name starts with a tag of six capital letters (ISO 32000-1, 9.6.4): readers then know it is one. */
const subsetName = (postscriptName: string) => `${Array.from({ length: 6 }, () => String.fromCharCode(65 + randomInt(26))).join('')}+${postscriptName}`;

/** DejaVu Sans regular and bold, subset to the glyphs the document uses. */
export async function embedInvoiceFonts(doc: PDFDocument): Promise<InvoiceFonts> {
	doc.registerFontkit(cachingFontkit);
	const { regular, bold } = fontFiles();
	const fonts = {
		regular: await doc.embedFont(regular, { subset: true, customName: subsetName('DejaVuSans') }),
		bold: await doc.embedFont(bold, { subset: true, customName: subsetName('DejaVuSans-Bold') }),
	};
	shareSubsets(fonts.regular, 'DejaVuSans');
	shareSubsets(fonts.bold, 'DejaVuSans-Bold');
	return fonts;
}
