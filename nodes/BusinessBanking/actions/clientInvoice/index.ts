import type { Resource } from '../types';
import * as create from './create.operation';
import * as downloadFacturX from './downloadFacturX.operation';
import * as finalize from './finalize.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';
import * as upload from './upload.operation';

/** Client invoices: drafts, finalizing, listing, PDF uploads, and the Factur-X PDF with its XML. */
export const clientInvoice: Resource = {
	operationPicker: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['clientInvoice'] } },
		options: [
			{ name: 'Create', value: 'create', action: 'Create a client invoice', description: 'Create a draft or issued invoice' },
			{
				name: 'Download Factur-X',
				value: 'downloadFacturX',
				// n8n's sentence-case rule (its scanner ignores eslint comments) would write the standard's name "factur x": said in words.
				action: 'Download the PDF and embedded XML of a client invoice',
				description: 'Finalize if needed, wait for the Factur-X PDF, download it and extract its XML',
			},
			{ name: 'Finalize', value: 'finalize', action: 'Finalize a client invoice', description: 'Turn a draft into an issued (unpaid) invoice' },
			{ name: 'Get', value: 'get', action: 'Get a client invoice' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many client invoices' },
			{ name: 'Update', value: 'update', action: 'Update a draft client invoice' },
			{
				name: 'Upload',
				value: 'upload',
				action: 'Upload a PDF for a client invoice',
				description: 'Upload a PDF from a binary field; its ID attaches it to an invoice',
			},
		],
		default: 'create',
	},
	operations: { create, update, get, getMany, finalize, downloadFacturX, upload },
};
