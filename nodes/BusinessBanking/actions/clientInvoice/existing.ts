import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import type { CreateOnce } from '../common/createOnce';

/** Options › Skip If It Already Exists of Client Invoice › Create. */
export const skipExistingInvoiceField: INodeProperties = {
	displayName: 'Skip If It Already Exists',
	name: 'skipExisting',
	type: 'options',
	default: 'no',
	description:
		'Makes running the same input again safe (a retried or repeated execution): looks for the invoice by a reference from your source system first, and outputs the one found, marked _existing: true, instead of creating another. Costs one extra GET per item. Without it, running the same input again creates the invoices again.',
	options: [
		{ name: 'No (Always Create)', value: 'no', description: 'Running the same input again creates the invoices again' },
		{
			name: 'Same Number',
			value: 'number',
			description: 'Looks for an invoice with this Number (Additional Fields › Number); not for organizations that number invoices themselves',
		},
		{
			name: 'Same Purchase Order and Client',
			value: 'purchaseOrderAndClient',
			description: 'Looks for an invoice of this client with this Purchase Order (Additional Fields › Purchase Order)',
		},
		{ name: 'Same Purchase Order (Any Client)', value: 'purchaseOrder', description: 'Looks for any invoice with this Purchase Order' },
	],
};

type SkipMode = 'no' | 'number' | 'purchaseOrderAndClient' | 'purchaseOrder';

/**
 * How to find the invoice `body` would create, per the option; undefined when the option is off.
 * The reference must be in the body: an item without it stops before any request.
 */
export function invoiceLookup(this: IExecuteFunctions, itemIndex: number, body: Record<string, unknown>): Pick<CreateOnce, 'reference' | 'find'> | undefined {
	const mode = this.getNodeParameter('options.skipExisting', itemIndex, 'no') as SkipMode;
	if (mode === 'no') return undefined;
	const byNumber = mode === 'number';
	const value = String((byNumber ? body.number : body.purchase_order) ?? '').trim();
	const label = byNumber ? 'Number' : 'Purchase Order';
	if (!value) {
		throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: ${label} is empty; "Skip If It Already Exists" looks invoices up by it`, {
			itemIndex,
			description: `Nothing was sent. Set Additional Fields › ${label} (a reference from your source system), or choose another way to look the invoice up.`,
		});
	}
	const qs: IDataObject = { [byNumber ? 'filter[number]' : 'filter[purchase_order]']: value, sort_by: 'created_at:asc', per_page: 1 };
	if (mode === 'purchaseOrderAndClient') qs['filter[client_id]'] = body.client_id as string;
	return {
		reference: `${byNumber ? 'number' : 'purchase order'} ${value}${mode === 'purchaseOrderAndClient' ? ` of client ${String(body.client_id)}` : ''}`,
		find: async () => {
			const page = await apiRequest.call(this, 'GET', '/v2/client_invoices', { qs, itemIndex });
			return (page.client_invoices as IDataObject[] | undefined)?.[0];
		},
	};
}
