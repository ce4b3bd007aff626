import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { apiRequest, makeOnce, memoryFields, writeKey } from '../../transport';
import { runsAsAiTool } from '../../n8n/toolVariant';
import { createOnce } from '../common/createOnce';
import { batchConcurrency } from './batch';
import { buildCreateBody } from './body';
import { invoiceLookup, skipExistingInvoiceField } from './existing';
import { batchOptionsField, currencyOptions, italySpainField, itemsFields, optionalInvoiceFields, settingsField } from './fields';
import { createAdditionalFieldsV2, ibanLocator, itemsFieldsV2 } from './fieldsV2';
import { clientLocator } from './locators';
import { foreignIbanRefusal, requireOwnIbanField } from './ownIban';
import { attachPdf, attachPdfField, pdfToAttach } from './pdfUpload';
import type { OperationDescriptor } from '../types';

const operations = ['create'];
const show = { show: { resource: ['clientInvoice'], operation: operations } };

const clientField = clientLocator('clientId', show, true);
const issueDateField: INodeProperties = { displayName: 'Issue Date', name: 'issueDate', type: 'dateTime', default: '', required: true, displayOptions: show };
const dueDateField: INodeProperties = { displayName: 'Due Date', name: 'dueDate', type: 'dateTime', default: '', required: true, displayOptions: show };
const currencyField: INodeProperties = {
	displayName: 'Currency',
	name: 'currency',
	type: 'options',
	options: currencyOptions,
	default: 'EUR',
	required: true,
	displayOptions: show,
};
const STATUS_OPTIONS = [
	{ name: 'Unpaid (Finalized)', value: 'unpaid', description: 'Issue the invoice now' },
	{ name: 'Draft', value: 'draft', description: 'Keep it editable; finalize it later' },
];
const statusField: INodeProperties = { displayName: 'Status', name: 'status', type: 'options', default: 'unpaid', options: STATUS_OPTIONS, displayOptions: show };

export const description: INodeProperties[] = [
	clientField,
	issueDateField,
	dueDateField,
	currencyField,
	{
		displayName: 'IBAN',
		name: 'iban',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. FR7630006000011234567890189',
		description: 'Account the client pays to',
		displayOptions: show,
	},
	statusField,
	requireOwnIbanField(operations),
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
	batchOptionsField(operations, [skipExistingInvoiceField, ...memoryFields]),
];

/**
 * Version 2: the IBAN picked among the organization's accounts, a draft unless Status says otherwise
 * (one test run makes no numbered invoice), invoice lines and rates as a finance user writes them.
 * After the lines, one Additional Fields (version 1's Additional Fields, Settings Overrides and
 * Italy / Spain Only, the country's fields offered once the country is chosen), the two re-run
 * choices in Options, and the developer's switches under Advanced (actions/advanced/rule.ts).
 */
export const descriptionV2: INodeProperties[] = [
	clientField,
	issueDateField,
	dueDateField,
	currencyField,
	ibanLocator(show, true),
	{
		...statusField,
		default: 'draft',
		options: [...STATUS_OPTIONS].reverse(),
		description: 'A draft can still be changed; an issued invoice gets its number and is final',
	},
	requireOwnIbanField(operations),
	...itemsFieldsV2(operations, 'create'),
	createAdditionalFieldsV2(show, [attachPdfField]),
	batchOptionsField(operations, [skipExistingInvoiceField, ...memoryFields]),
];

/**
 * Creates one invoice per input item, uploading its PDF first when asked (the file is checked
 * before any request; it is uploaded only when the invoice is really created). The API takes no idempotency key here, so the transport
 * retries only a 429 (nothing was created). With "Skip If It Already Exists" the invoice is looked
 * up by the user's reference first, and again after a create whose answer was lost, which makes
 * a re-run of the same input safe.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const body = buildCreateBody.call(this, itemIndex);
	const refused = await foreignIbanRefusal.call(this, itemIndex, () => ({ ibans: [String((body.payment_methods as IDataObject).iban)], written: body }));
	if (refused) return refused;
	// As a tool, issuing needs the author's own leave: otherwise the invoice is a draft a person finalizes.
	const draftedForAgent = runsAsAiTool(this) && body.status !== 'draft' && this.getNodeParameter('allowAiAgentIssuing', itemIndex, false) !== true;
	if (draftedForAgent) body.status = 'draft';
	const pdf = await pdfToAttach.call(this, itemIndex, body);
	const create = async () => {
		await attachPdf.call(this, itemIndex, body, pdf);
		const response = await apiRequest.call(this, 'POST', '/v2/client_invoices', { body: { client_invoice: body } as IDataObject, itemIndex, creates: CREATES });
		return (response.client_invoice ?? response) as IDataObject;
	};
	const lookup = invoiceLookup.call(this, itemIndex, body);
	// The API takes no key for invoices: the node's memory stands in for one (the same content, the same invoice).
	const json = await makeOnce.call(this, itemIndex, {
		key: writeKey.call(this, itemIndex, 'clientInvoice.create', { body, pdf: pdf ? 'attached' : undefined }, { what: 'client invoice', sameFields: 'content', allowSameInRun: true }),
		...CREATES,
		// With the lookup, a create whose answer was lost is looked up before it is sent again.
		sendAgainWithin: lookup ? Infinity : 0,
		create: async () => (lookup ? await createOnce.call(this, itemIndex, { what: 'client invoice', ...lookup, create }) : await create()),
		// A repeat in another execution (the node keeps no ids there) outputs the invoice its reference finds.
		find: lookup?.find,
		current: async ([id]) => {
			const response = await apiRequest.call(this, 'GET', `/v2/client_invoices/${encodeURIComponent(id)}`, { itemIndex });
			return (response.client_invoice ?? response) as IDataObject;
		},
	});
	return [{ json: draftedForAgent ? { ...json, note: DRAFTED_FOR_AGENT } : json }];
}

const DRAFTED_FOR_AGENT =
	'Created as a draft, not issued: this workflow’s author has not allowed an AI agent to issue invoices. A person can finalize it (Client Invoice › Finalize).';

const CREATES = {
	what: 'client invoice',
	howToFind: 'Client Invoice › Get Many. Options › Skip If It Already Exists makes running the same input again safe.',
};

export const descriptor: OperationDescriptor = {
	// It decides who gets the client's money (its IBAN) and may issue at once: money-moving.
	class: 'moneyMoving',
	toolDescription:
		'Creates an invoice to a client, as a draft unless the workflow’s author allowed issuing. Needs the client id (from Client › Get Many), issue and due dates (YYYY-MM-DD), the currency (e.g. EUR), the IBAN to be paid on (one of the organization’s own accounts, from Business Account › Get Many) and the lines: title, quantity, unit price as a decimal string ("120.50") and VAT rate as a fraction ("0.2" is 20 %). Returns the invoice with its id, status and totals.',
	toolDescriptionV2:
		'Creates an invoice to a client, as a draft unless the workflow’s author allowed issuing. Needs the client id (from Client › Get Many), issue and due dates (YYYY-MM-DD), the currency (e.g. EUR), the IBAN to be paid on (one of the organization’s own accounts, from Business Account › Get Many) and the lines: title, quantity, unit price as a decimal string ("120.50") and VAT rate as a percentage ("20" is 20 %). Returns the invoice with its id, status and totals.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: true,
	concurrency: batchConcurrency,
};
