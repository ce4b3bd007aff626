/** The values of the PDF object model that the Factur-X reader needs (ISO 32000-1 §7.3). */

export class PdfName {
	constructor(readonly name: string) {}
}

/** A literal or hex string, kept as raw bytes: text strings may be UTF-16BE. */
export class PdfString {
	constructor(readonly bytes: Uint8Array) {}
}

export class PdfRef {
	constructor(
		readonly num: number,
		readonly gen: number,
	) {}
}

export type PdfDict = Map<string, PdfObject>;

/** A stream with its dictionary and its still-encoded bytes. */
export class PdfStream {
	constructor(
		readonly dict: PdfDict,
		readonly raw: Uint8Array,
	) {}
}

export type PdfObject = null | boolean | number | PdfName | PdfString | PdfRef | PdfStream | PdfDict | PdfObject[];

export const isDict = (value: unknown): value is PdfDict => value instanceof Map;

export const nameOf = (value: PdfObject | undefined): string | undefined =>
	value instanceof PdfName ? value.name : undefined;

/** A malformed or unsupported PDF; the message says what was expected where. */
export class PdfFormatError extends Error {}
