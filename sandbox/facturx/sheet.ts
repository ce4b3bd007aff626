import { rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';

/** A4 pages written top-down: a cursor (`y`, the next baseline), text helpers and page breaks. */

export const A4: [number, number] = [595.28, 841.89];
export const LEFT = 42;
export const RIGHT = A4[0] - 42;
export const TOP = A4[1] - 42;

export const INK = rgb(0.1, 0.1, 0.12);
export const GREY = rgb(0.4, 0.4, 0.43);
export const RULE = rgb(0.78, 0.78, 0.8);
export const FILL = rgb(0.94, 0.94, 0.95);
export const ACCENT = rgb(0.75, 0.12, 0.12);

export interface TextStyle {
	font: PDFFont;
	size: number;
	color?: RGB;
}

export type Align = 'left' | 'right' | 'center';

/** Splits `text` into lines no wider than `width`: at spaces, or inside a word too long for a line. */
export function wrap(text: string, style: TextStyle, width: number): string[] {
	const fits = (candidate: string) => style.font.widthOfTextAtSize(candidate, style.size) <= width;
	const lines: string[] = [];
	for (const paragraph of text.split(/\r?\n/)) {
		let line = '';
		for (const word of paragraph.split(/\s+/).filter(Boolean)) {
			const candidate = line ? `${line} ${word}` : word;
			if (fits(candidate)) {
				line = candidate;
				continue;
			}
			if (line) lines.push(line);
			line = word;
			while (!fits(line)) {
				let cut = line.length - 1;
				while (cut > 1 && !fits(line.slice(0, cut))) cut -= 1;
				lines.push(line.slice(0, cut));
				line = line.slice(cut);
			}
		}
		lines.push(line);
	}
	return lines;
}

export class Sheet {
	readonly pages: PDFPage[] = [];
	page!: PDFPage;
	y = TOP;

	constructor(
		private readonly doc: PDFDocument,
		/** The lowest baseline content may use (the footer lives below). */
		readonly bottom: number,
		/** Draws what every following page starts with (a continuation header, the table head). */
		private readonly onNewPage: (sheet: Sheet) => void = () => undefined,
	) {
		this.page = doc.addPage(A4);
		this.pages.push(this.page);
	}

	addPage(): void {
		this.page = this.doc.addPage(A4);
		this.pages.push(this.page);
		this.y = TOP;
		this.onNewPage(this);
	}

	/** Starts a new page unless `height` more points fit above the bottom. */
	ensure(height: number): void {
		if (this.y - height < this.bottom) this.addPage();
	}

	text(text: string, x: number, style: TextStyle, align: Align = 'left', y = this.y, page = this.page): void {
		if (!text) return;
		const width = style.font.widthOfTextAtSize(text, style.size);
		const left = align === 'right' ? x - width : align === 'center' ? x - width / 2 : x;
		page.drawText(text, { x: left, y, size: style.size, font: style.font, color: style.color ?? INK });
	}

	rule(from: number, to: number, y = this.y, thickness = 0.5): void {
		this.page.drawLine({ start: { x: from, y }, end: { x: to, y }, thickness, color: RULE });
	}

	box(x: number, top: number, width: number, height: number, color = FILL): void {
		this.page.drawRectangle({ x, y: top - height, width, height, color });
	}
}
