import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { buildUpdateBody } from './body';
import { italySpainField, itemsFields, optionalInvoiceFields, settingsField } from './fields';
import { fetchInvoice, invoiceIdOf } from './invoiceId';
import { clientLocator, invoiceLocator } from './locators';
import { foreignIbanRefusal, requireOwnIbanField } from './ownIban';
import type { OperationDescriptor } from '../types';

const operations = ['update'];
const show = { show: { resource: ['clientInvoice'], operation: operations } };

export const description: INodeProperties[] = [
	{
		...invoiceLocator(operations),
		description: 'The draft invoice to change (only drafts can be updated)',
	},
	...itemsFields(operations, 'update'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show,
		options: ([
			clientLocator('clientId', undefined, false),
			{ displayName: 'Due Date', name: 'dueDate', type: 'dateTime', default: '' },
			{ displayName: 'IBAN', name: 'iban', type: 'string', default: '', description: 'Account the client pays to' },
			{ displayName: 'Issue Date', name: 'issueDate', type: 'dateTime', default: '' },
			...optionalInvoiceFields,
		] as INodeProperties[]).sort((a, b) => a.displayName.localeCompare(b.displayName)),
	},
	settingsField(operations),
	italySpainField(operations),
	requireOwnIbanField(operations),
];

/** PATCH of a draft: only the fields given are sent; items, when given, replace all lines. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = invoiceIdOf.call(this, itemIndex);
	const body = await buildUpdateBody.call(this, itemIndex, async () => String((await fetchInvoice.call(this, id, itemIndex)).currency));
	const newIban = (body.payment_methods as IDataObject | undefined)?.iban;
	const refused = await foreignIbanRefusal.call(this, itemIndex, () => ({ ibans: newIban === undefined ? [] : [String(newIban)], written: body }));
	if (refused) return refused;
	const response = (await apiRequest.call(this, 'PATCH', `/v2/client_invoices/${id}`, { body: { client_invoice: body } as IDataObject, itemIndex })) as IDataObject;
	return [{ json: (response.client_invoice ?? response) as IDataObject }];
}

export const descriptor: OperationDescriptor = {
	// It can change the IBAN the client pays into, which the next Finalize issues: money-moving.
	class: 'moneyMoving',
	toolDescription:
		'Changes a draft invoice: lines, dates (YYYY-MM-DD), client, the IBAN to be paid on (only one of the organization’s own accounts), notes. Needs the invoice id (from Client Invoice › Get Many). Only drafts can change. Returns the updated invoice.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 1,
};
