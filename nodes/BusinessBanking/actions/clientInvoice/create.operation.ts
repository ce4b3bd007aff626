import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { batchConcurrency } from './batch';
import { buildCreateBody } from './body';
import { batchOptionsField, currencyOptions, italySpainField, itemsFields, optionalInvoiceFields, settingsField } from './fields';
import { clientLocator } from './locators';
import { attachBinaryPdf, attachPdfField } from './pdfUpload';

const operations = ['create'];
const show = { show: { resource: ['clientInvoice'], operation: operations } };

export const description: INodeProperties[] = [
	clientLocator('clientId', show, true),
	{ displayName: 'Issue Date', name: 'issueDate', type: 'dateTime', default: '', required: true, displayOptions: show },
	{ displayName: 'Due Date', name: 'dueDate', type: 'dateTime', default: '', required: true, displayOptions: show },
	{
		displayName: 'Currency',
		name: 'currency',
		type: 'options',
		options: currencyOptions,
		default: 'EUR',
		required: true,
		displayOptions: show,
	},
	{
		displayName: 'IBAN',
		name: 'iban',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. FR7630006000011234567890189',
		description: 'Account the client pays to (payment_methods.iban)',
		displayOptions: show,
	},
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		default: 'unpaid',
		options: [
			{ name: 'Unpaid (Finalized)', value: 'unpaid', description: 'Issue the invoice now' },
			{ name: 'Draft', value: 'draft', description: 'Keep it editable; finalize it later' },
		],
		displayOptions: show,
	},
	...itemsFields(operations, 'create'),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show,
		options: [attachPdfField, ...optionalInvoiceFields],
	},
	settingsField(operations),
	italySpainField(operations),
	batchOptionsField(operations),
];

/**
 * Creates one invoice per input item (uploading its PDF first when asked). Creation is not idempotent in the API, so no idempotency key
 * is sent and the transport retries only a 429 (nothing was created), never a 5xx.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const body = buildCreateBody.call(this, itemIndex);
	await attachBinaryPdf.call(this, itemIndex, body);
	const response = (await apiRequest.call(this, 'POST', '/v2/client_invoices', { body: { client_invoice: body } as IDataObject, itemIndex })) as IDataObject;
	return [{ json: (response.client_invoice ?? response) as IDataObject }];
}

export const concurrency = batchConcurrency;
