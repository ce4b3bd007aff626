import { PdfDocument } from './document';
import { listEmbeddedFiles, type EmbeddedFile } from './embeddedFiles';

export { PdfFormatError } from './objects';
export type { EmbeddedFile };

/** The name Factur-X (and ZUGFeRD 2.1+) gives its XML inside the PDF/A-3. */
export const FACTURX_FILE_NAME = 'factur-x.xml';

/** Names and types of every embedded file of a PDF. */
export async function embeddedFilesOf(pdf: Uint8Array): Promise<EmbeddedFile[]> {
	return listEmbeddedFiles(await PdfDocument.load(pdf));
}

/**
 * The bytes of the embedded `factur-x.xml` of a Factur-X PDF, exactly as embedded, or undefined
 * when the PDF carries none (a draft's PDF, or a non-French invoice). Throws `PdfFormatError` for
 * a file that is not a readable PDF.
 */
export async function extractFacturXml(pdf: Uint8Array): Promise<{ fileName: string; data: Uint8Array } | undefined> {
	const files = await embeddedFilesOf(pdf);
	const file = files.find((candidate) => candidate.name.trim().toLowerCase() === FACTURX_FILE_NAME);
	if (!file) return undefined;
	return { fileName: file.name, data: await file.data() };
}
