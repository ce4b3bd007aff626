import { NodeOperationError, type IBinaryData, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { UPLOAD_MAX_BYTES } from '../../../shared/schemas/invoice';
import { apiRequest } from '../../transport';

/** The first bytes of every PDF file. */
const PDF_MAGIC = '%PDF-';

/** "Input Binary Field": which binary property of the input item holds the PDF. */
export const binaryPropertyField: INodeProperties = {
	displayName: 'Input Binary Field',
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	required: true,
	placeholder: 'e.g. data',
	hint: 'The name of the input binary field containing the PDF to upload',
	description: 'A PDF of at most 15 MB, e.g. from a Read Files, HTTP Request or e-mail node',
};

/**
 * The file's size without reading it: n8n 2.x records it as `bytes`; filesystem and database modes
 * know it from their metadata; in memory mode it follows from the base64 text.
 */
async function declaredSize(context: IExecuteFunctions, binary: IBinaryData): Promise<number> {
	if (typeof binary.bytes === 'number') return binary.bytes;
	if (binary.id) return (await context.helpers.getBinaryMetadata(binary.id)).fileSize;
	const base64 = binary.data.replace(/\s+/g, '');
	return Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
}

/** A PDF of the input item, checked (present, at most 15 MB, starts with %PDF-) before anything is sent. */
export interface PdfFile {
	fileName: string;
	bytes: Buffer;
}

/**
 * Reads the PDF in binary property `property` of item `itemIndex` through n8n's binary helpers, so
 * that memory, filesystem and database binary modes all work; too large or not a PDF stops the item.
 */
export async function readPdfBinary(this: IExecuteFunctions, itemIndex: number, property: string): Promise<PdfFile> {
	const binary = this.helpers.assertBinaryData(itemIndex, property);
	const fileName = binary.fileName ?? `${property}.pdf`;
	const refuse = (problem: string) =>
		new NodeOperationError(this.getNode(), `Item ${itemIndex}: the binary field "${property}" (${fileName}) ${problem}`, {
			itemIndex,
			description: 'Nothing was sent to the API.',
		});
	const tooLarge = (size: number) => refuse(`is ${size} bytes; uploads are limited to 15 MB (${UPLOAD_MAX_BYTES} bytes)`);
	const declared = await declaredSize(this, binary);
	if (declared > UPLOAD_MAX_BYTES) throw tooLarge(declared);
	const bytes = await this.helpers.getBinaryDataBuffer(itemIndex, property);
	if (bytes.length > UPLOAD_MAX_BYTES) throw tooLarge(bytes.length);
	if (bytes.subarray(0, PDF_MAGIC.length).toString('latin1') !== PDF_MAGIC) {
		throw refuse(`is not a PDF: its content does not start with ${PDF_MAGIC}${binary.mimeType ? ` (type ${binary.mimeType})` : ''}`);
	}
	return { fileName, bytes };
}

/** POST /v2/client_invoices/uploads: the PDF as the multipart `file` part; answers the upload (its id is an invoice's upload_id). */
export async function uploadPdf(this: IExecuteFunctions, itemIndex: number, pdf: PdfFile): Promise<IDataObject> {
	const response = await apiRequest.call(this, 'POST', '/v2/client_invoices/uploads', {
		file: { field: 'file', fileName: pdf.fileName, contentType: 'application/pdf', bytes: pdf.bytes },
		itemIndex,
	});
	return (response.upload ?? response) as IDataObject;
}

/** Create's option: the PDF to attach, uploaded in the same step. */
export const attachPdfField: INodeProperties = {
	displayName: 'Attach PDF From Binary Property',
	name: 'attachPdfBinaryProperty',
	type: 'string',
	default: 'data',
	placeholder: 'e.g. data',
	description: 'The input binary field holding a PDF to upload and attach to the invoice, in one step (instead of an Upload ID)',
};

/**
 * Create's "Attach PDF From Binary Property", in two steps so that nothing is sent for a bad file:
 * `pdfToAttach` reads and checks the item's PDF before any request (undefined when the option is
 * empty); `attachPdf` uploads it and puts the upload's id in `upload_id`, only once per body.
 */
export async function pdfToAttach(this: IExecuteFunctions, itemIndex: number, body: Record<string, unknown>): Promise<PdfFile | undefined> {
	const property = String(this.getNodeParameter('additionalFields.attachPdfBinaryProperty', itemIndex, '') ?? '').trim();
	if (!property) return undefined;
	if (body.upload_id !== undefined) {
		throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: give either Upload ID or Attach PDF From Binary Property, not both`, { itemIndex });
	}
	return await readPdfBinary.call(this, itemIndex, property);
}

export async function attachPdf(this: IExecuteFunctions, itemIndex: number, body: Record<string, unknown>, pdf: PdfFile | undefined): Promise<void> {
	if (pdf && body.upload_id === undefined) body.upload_id = (await uploadPdf.call(this, itemIndex, pdf)).id;
}
