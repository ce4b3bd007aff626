import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import type { OperationDescriptor } from '../types';

const properties: INodeProperties[] = [
	{
		displayName: 'Include Closed Accounts',
		name: 'includeClosed',
		type: 'boolean',
		default: false,
		description: 'Whether to output closed accounts too',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['bankAccount'], operation: ['getMany'] } }, properties);

/** The organization's accounts, one item each (from GET /organization, the only listing there is). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const includeClosed = this.getNodeParameter('includeClosed', itemIndex, false) as boolean;
	const response = await apiRequest.call(this, 'GET', '/organization', { itemIndex });
	const accounts = ((response.organization as IDataObject | undefined)?.bank_accounts as IDataObject[] | undefined) ?? [];
	return accounts.filter((account) => includeClosed || account.status !== 'closed').map((account) => ({ json: account }));
}

export const descriptor: OperationDescriptor = {
	class: 'read',
	toolDescription:
		'Lists the organization’s business accounts with their id, name, IBAN, status and balance (decimal strings with a currency). Use it to find the IBAN to pay from or an account id.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 'adaptive',
};
