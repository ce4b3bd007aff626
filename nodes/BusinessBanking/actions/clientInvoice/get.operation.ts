import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { fetchInvoice, invoiceIdOf } from './invoiceId';
import { invoiceLocator } from './locators';
import type { OperationDescriptor } from '../types';

export const description: INodeProperties[] = [invoiceLocator(['get'])];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	return [{ json: await fetchInvoice.call(this, invoiceIdOf.call(this, itemIndex), itemIndex) }];
}

export const descriptor: OperationDescriptor = {
	class: 'read',
	toolDescription:
		'Gets one client invoice by its id (from Client Invoice › Get Many). Returns its number, status, client, dates, lines and totals (decimal strings with a currency).',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 'adaptive',
};
