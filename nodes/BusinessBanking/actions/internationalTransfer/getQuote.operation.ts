import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';

import { quoteRequestSchema } from '../../../shared/schemas/international';
import { apiRequest } from '../../transport';
import { validateBody } from '../common/validation';
import { amountField } from '../externalTransfer/fields';
import { amountParameter, requiredText } from '../common/parameters';
import type { OperationDescriptor } from '../types';

const properties: INodeProperties[] = [
	{ displayName: 'Source Currency', name: 'sourceCurrency', type: 'string', default: 'EUR', required: true, description: 'The currency sent (ISO 4217)' },
	{ displayName: 'Target Currency', name: 'targetCurrency', type: 'string', default: '', required: true, placeholder: 'e.g. USD', description: 'The currency received (ISO 4217)' },
	{
		displayName: 'Amount Is',
		name: 'fixedSide',
		type: 'options',
		default: 'source',
		options: [
			{ name: 'What Is Sent', value: 'source', description: 'The fee comes off it; the beneficiary receives the rest, converted' },
			{ name: 'What Is Received', value: 'target', description: 'The beneficiary receives exactly this; the fee is added to what is sent' },
		],
	},
	amountField,
];

export const description = updateDisplayOptions({ show: { resource: ['internationalTransfer'], operation: ['getQuote'] } }, properties);

/** POST /v2/international/quotes: rate, fee and both amounts, valid 30 minutes. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const source = requiredText.call(this, 'sourceCurrency', 'Source Currency', itemIndex).toUpperCase();
	const target = requiredText.call(this, 'targetCurrency', 'Target Currency', itemIndex).toUpperCase();
	const side = this.getNodeParameter('fixedSide', itemIndex, 'source') as 'source' | 'target';
	const amount = { value: amountParameter.call(this, 'amount', itemIndex, 'Amount'), currency: side === 'source' ? source : target };
	const body = validateBody.call(
		this,
		quoteRequestSchema,
		{ source_currency: source, target_currency: target, [`${side}_amount`]: amount },
		itemIndex,
		{ source_currency: 'Source Currency', target_currency: 'Target Currency', 'source_amount.value': 'Amount', 'target_amount.value': 'Amount' },
	);
	const response = await apiRequest.call(this, 'POST', '/v2/international/quotes', { body: body as IDataObject, itemIndex });
	return [{ json: { quote: response.quote } as IDataObject }];
}

export const descriptor: OperationDescriptor = {
	class: 'read',
	toolDescription:
		'Prices an international transfer: source and target currency (e.g. EUR → USD), which side is fixed and the amount as a decimal string ("1000.00"). Returns the quote with its id, rate, fees and both amounts; the id is what beneficiaries and transfers need.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 'adaptive',
};
