import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { batchConcurrency } from './batch';
import { batchOptionsField } from './fields';
import { fetchInvoice, invoiceIdOf } from './invoiceId';
import { invoiceLocator } from './locators';
import { foreignIbanRefusal, requireOwnIbanField } from './ownIban';
import type { OperationDescriptor } from '../types';

export const description: INodeProperties[] = [invoiceLocator(['finalize']), requireOwnIbanField(['finalize']), batchOptionsField(['finalize'])];

/**
 * Draft → unpaid: sets finalized_at; the Factur-X PDF follows asynchronously (Download Factur-X waits
 * for it). When the IBAN check applies (as a tool, or the option), the draft's IBANs are read first:
 * whoever edited the draft, finalizing issues it to the client with them.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = invoiceIdOf.call(this, itemIndex);
	const refused = await foreignIbanRefusal.call(this, itemIndex, async () => {
		const draft = await fetchInvoice.call(this, id, itemIndex);
		const methods = (draft.payment_methods as IDataObject[] | undefined) ?? [];
		return { ibans: methods.map((method) => String(method.iban ?? '')).filter(Boolean), written: draft };
	});
	if (refused) return refused;
	const response = (await apiRequest.call(this, 'POST', `/v2/client_invoices/${id}/finalize`, { itemIndex })) as IDataObject;
	return [{ json: (response.client_invoice ?? response) as IDataObject }];
}

export const descriptor: OperationDescriptor = {
	class: 'moneyMoving',
	toolDescription:
		'Finalizes a draft invoice: it gets its legal number, is sent for payment and can no longer be changed or deleted. Needs the invoice id of a draft (from Client Invoice › Get Many, status draft). Returns the finalized invoice.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: batchConcurrency,
};
