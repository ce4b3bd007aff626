import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { textParameter, uuidParameter } from '../common/parameters';
import { readText } from '../common/values';
import { quoteIdField } from '../internationalTransfer/fields';
import { jsonObjectParameter } from '../internationalTransfer/json';

/** The fields of the spec's beneficiary payload; other account forms go in Other Details (JSON). */
export const beneficiaryProperties: INodeProperties[] = [
	{ ...quoteIdField, description: 'A quote whose target currency the beneficiary receives' },
	{ displayName: 'Currency', name: 'currency', type: 'string', default: '', required: true, placeholder: 'e.g. USD', description: 'What the beneficiary receives (the quote’s target currency)' },
	{
		displayName: 'Account Type',
		name: 'accountType',
		type: 'string',
		default: 'swift_code',
		required: true,
		description: 'One of the types listed by "Get Requirements" (e.g. swift_code, aba, sort_code, iban)',
	},
	{ displayName: 'Account Holder Name', name: 'accountHolderName', type: 'string', default: '', required: true },
	{ displayName: 'SWIFT / BIC', name: 'swiftCode', type: 'string', default: '', placeholder: 'e.g. CHASUS33' },
	{ displayName: 'Account Number', name: 'accountNumber', type: 'string', default: '' },
	{
		displayName: 'Address',
		name: 'address',
		type: 'collection',
		placeholder: 'Add Address Field',
		default: {},
		options: [
			{ displayName: 'City', name: 'city', type: 'string', default: '' },
			{ displayName: 'Country Code', name: 'country', type: 'string', default: '', placeholder: 'e.g. US' },
			{ displayName: 'Post Code', name: 'postCode', type: 'string', default: '' },
			{ displayName: 'Street Address', name: 'firstLine', type: 'string', default: '' },
		],
	},
	{
		displayName: 'Other Details (JSON)',
		name: 'otherDetails',
		type: 'json',
		default: '{}',
		description: 'Answers to other fields of the requirements, e.g. {"abartn": "021000021", "accountType": "CHECKING"}',
	},
];

/** `{quote_id, payload: {currency, type, details}}` from the fields; empty fields are left out. */
export function beneficiaryBody(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const details: IDataObject = jsonObjectParameter.call(this, this.getNodeParameter('otherDetails', itemIndex, '{}'), 'Other Details (JSON)', 'otherDetails');
	for (const key of ['accountHolderName', 'swiftCode', 'accountNumber']) {
		const value = textParameter.call(this, key, itemIndex, '', LABELS[key]);
		if (value) details[key] = value;
	}
	const address = Object.fromEntries(
		Object.entries(this.getNodeParameter('address', itemIndex, {}) as IDataObject)
			.map(([key, value]) => [key, readText(value, `Address (address.${key})`)])
			.filter(([, value]) => value),
	);
	if (Object.keys(address).length) details.address = { ...((details.address as IDataObject) ?? {}), ...address };
	return {
		quote_id: uuidParameter.call(this, 'quoteId', 'Quote ID', itemIndex),
		payload: {
			currency: (textParameter.call(this, 'currency', itemIndex, '', 'Currency') ?? '').toUpperCase(),
			type: textParameter.call(this, 'accountType', itemIndex, '', 'Account Type') ?? '',
			details,
		},
	};
}

export const LABELS: Record<string, string> = {
	accountHolderName: 'Account Holder Name',
	swiftCode: 'SWIFT / BIC',
	accountNumber: 'Account Number',
	quote_id: 'Quote ID',
	'payload.currency': 'Currency',
	'payload.type': 'Account Type',
};
