import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { fetchInvoice, invoiceIdOf } from './invoiceId';
import { invoiceLocator } from './locators';

export const description: INodeProperties[] = [invoiceLocator(['get'])];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	return [{ json: await fetchInvoice.call(this, invoiceIdOf.call(this, itemIndex), itemIndex) }];
}
