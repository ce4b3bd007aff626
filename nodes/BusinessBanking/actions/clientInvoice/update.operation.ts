import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { buildUpdateBody } from './body';
import { italySpainField, itemsFields, optionalInvoiceFields, settingsField } from './fields';
import { fetchInvoice, invoiceIdOf } from './invoiceId';
import { ibanLocator, italySpainFieldV2, itemsFieldsV2, optionalInvoiceFieldsV2 } from './fieldsV2';
import { clientLocator, invoiceLocator } from './locators';
import { foreignIbanRefusal, requireOwnIbanField } from './ownIban';
import type { OperationDescriptor } from '../types';

const operations = ['update'];
const show = { show: { resource: ['clientInvoice'], operation: operations } };

const invoiceField: INodeProperties = { ...invoiceLocator(operations), description: 'The draft invoice to change (only drafts can be updated)' };

/** "Update Fields" with `iban` and `optional` as the version's IBAN and optional invoice fields. */
function updateFieldsField(iban: INodeProperties, optional: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show,
		options: ([
			clientLocator('clientId', undefined, false),
			{ displayName: 'Due Date', name: 'dueDate', type: 'dateTime', default: '' },
			iban,
			{ displayName: 'Issue Date', name: 'issueDate', type: 'dateTime', default: '' },
			...optional,
		] as INodeProperties[]).sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

export const description: INodeProperties[] = [
	invoiceField,
	...itemsFields(operations, 'update'),
	updateFieldsField({ displayName: 'IBAN', name: 'iban', type: 'string', default: '', description: 'Account the client pays to' }, optionalInvoiceFields),
	settingsField(operations),
	italySpainField(operations),
	requireOwnIbanField(operations),
];

/** Version 2: the new IBAN picked among the organization's accounts; lines and rates as on Create. */
export const descriptionV2: INodeProperties[] = [
	invoiceField,
	...itemsFieldsV2(operations, 'update'),
	updateFieldsField(ibanLocator(undefined, false), optionalInvoiceFieldsV2),
	settingsField(operations),
	italySpainFieldV2(operations),
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
