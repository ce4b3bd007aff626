import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { binaryPropertyField, readPdfBinary, uploadPdf } from './pdfUpload';
import type { OperationDescriptor } from '../types';

export const description: INodeProperties[] = [{ ...binaryPropertyField, displayOptions: { show: { resource: ['clientInvoice'], operation: ['upload'] } } }];

/**
 * Uploads the PDF of the input item's binary field (POST /v2/client_invoices/uploads, multipart).
 * Outputs the upload: id, file_name, file_size, content_type, created_at; its id goes in an
 * invoice's Upload ID. Not retried after a 5xx: the API gives uploads no idempotency key.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const property = String(this.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim();
	const pdf = await readPdfBinary.call(this, itemIndex, property);
	return [{ json: await uploadPdf.call(this, itemIndex, pdf) }];
}

export const descriptor: OperationDescriptor = {
	class: 'write',
	toolDescription:
		'Uploads a PDF already in the workflow (a binary field of the input item, named by the workflow) as an invoice document. Returns the upload id, which Client Invoice › Create can attach.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 1,
};
