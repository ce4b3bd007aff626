import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { internationalBeneficiarySchema } from '../../../shared/schemas/international';
import { validateBody } from '../common/validation';
import { idParameter, textParameter, uuidParameter } from '../common/parameters';
import { checkAgainstListing, readDetails } from '../internationalTransfer/details';
import { detailsProperties } from '../internationalTransfer/detailsFields';
import { quoteIdField } from '../internationalTransfer/fields';
import { BENEFICIARY_REQUIREMENTS, fetchForm, formOfType } from '../internationalTransfer/requirements';

/** The beneficiary payload: currency, account type, and the details the type's form asks for. */
export const beneficiaryProperties: INodeProperties[] = [
	{ ...quoteIdField, description: 'A quote whose target currency the beneficiary receives' },
	{ displayName: 'Currency', name: 'currency', type: 'string', default: '', required: true, placeholder: 'e.g. USD', description: 'What the beneficiary receives (the quote’s target currency)' },
	{
		displayName: 'Account Type Name or ID',
		name: 'accountType',
		type: 'options',
		default: '',
		required: true,
		typeOptions: { loadOptionsMethod: 'getBeneficiaryAccountTypes', loadOptionsDependsOn: ['quoteId'] },
		description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	},
	...detailsProperties({
		what: 'beneficiary',
		resourceMapperMethod: 'getBeneficiaryDetailFields',
		dependsOn: ['quoteId', 'accountType'],
		needs: 'the Quote ID and the Account Type',
	}),
];

/** `{quote_id, payload: {currency, type, details}}`; the details are checked against the saved form first. */
function beneficiaryBody(this: IExecuteFunctions, itemIndex: number): IDataObject {
	return {
		quote_id: uuidParameter.call(this, 'quoteId', 'Quote ID', itemIndex),
		payload: {
			currency: (textParameter.call(this, 'currency', itemIndex, '', 'Currency') ?? '').toUpperCase(),
			type: idParameter.call(this, 'accountType', 'Account Type', itemIndex),
			details: readDetails.call(this, itemIndex, 'payload.details'),
		},
	};
}

const LABELS: Record<string, string> = {
	quote_id: 'Quote ID',
	'payload.currency': 'Currency',
	'payload.type': 'Account Type',
};

/**
 * The body of POST and PUT /v2/international/beneficiaries, checked before it is sent: the shared
 * schema, then the details against the quote's listing as it stands for these answers.
 */
export async function validatedBeneficiaryBody(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = validateBody.call(this, internationalBeneficiarySchema, beneficiaryBody.call(this, itemIndex), itemIndex, LABELS);
	const { quote_id, payload } = body;
	const picked = await fetchForm.call(this, BENEFICIARY_REQUIREMENTS, { quote_id }, formOfType(payload.type), payload.details, itemIndex);
	const offered = () => `Account Type (payload.type) must be one of ${picked.forms.map((form) => form.type).join(', ')} for this quote, got "${payload.type}"`;
	checkAgainstListing.call(this, itemIndex, picked, payload.details as IDataObject, 'payload.details', offered);
	return body as IDataObject;
}
