import { updateDisplayOptions, type IExecuteFunctions, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';

import { markAsPaidSchema } from '../../../shared/schemas/supplierInvoice';
import { apiRequest } from '../../transport';
import { validateBody } from '../common/validation';
import { dayParameter, uuidParameter } from '../common/parameters';
import { supplierInvoiceIdField } from './fields';
import type { OperationDescriptor } from '../types';

const properties: INodeProperties[] = [
	supplierInvoiceIdField,
	{
		displayName: 'Payment Date',
		name: 'paymentDate',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'The day the invoice was paid: today or earlier. Only the day counts.',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['supplierInvoice'], operation: ['markAsPaid'] } }, properties);

/** POST /v2/supplier_invoices/{id}/mark_as_paid; outputs the invoice (now paid), which the API sends unwrapped. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = uuidParameter.call(this, 'supplierInvoiceId', 'Supplier Invoice', itemIndex);
	const body = validateBody.call(this, markAsPaidSchema, { payment_date: dayParameter.call(this, 'paymentDate', itemIndex, 'Payment Date') }, itemIndex, {
		payment_date: 'Payment Date',
	});
	const invoice = await apiRequest.call(this, 'POST', `/v2/supplier_invoices/${id}/mark_as_paid`, { body: { supplier_invoice: body }, itemIndex });
	return [{ json: invoice }];
}

export const descriptor: OperationDescriptor = {
	class: 'moneyMoving',
	toolDescription:
		'Records a supplier invoice as paid on a date (YYYY-MM-DD), e.g. paid outside the bank. Needs the supplier invoice id (from Supplier Invoice › Get Many). Returns the updated invoice.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 1,
};
