import type { Requirement, RequirementField } from '../../../nodes/BusinessBanking/schemas/international';
import { ApiError } from '../../core/errors';
import type { Quote } from './store';

const COUNTRIES = ['US', 'GB', 'CH', 'JP', 'CA', 'AU', 'SE', 'NO', 'DK', 'PL', 'CN', 'IN', 'FR', 'DE', 'IT', 'ES'];

const text = (key: string, name: string, validation_regexp?: string, required = true): RequirementField => ({
	key,
	name,
	required,
	type: 'text',
	...(validation_regexp ? { validation_regexp } : {}),
});
const select = (key: string, name: string, values: string[], required = true): RequirementField => ({
	key,
	name,
	required,
	type: 'select',
	values_allowed: values.map((value) => ({ key: value, name: value })),
});

/** Who receives the money and where they live: asked whatever the account type. */
const HOLDER_AND_ADDRESS: RequirementField[] = [
	text('accountHolderName', 'Full name of the account holder', "^[^0-9]{2,70}$"),
	select('address.country', 'Country', COUNTRIES),
	text('address.city', 'City', '^.{1,60}$'),
	text('address.postCode', 'Postcode', '^[A-Za-z0-9 -]{2,12}$'),
	text('address.firstLine', 'Street address', '^.{3,100}$'),
];

const SWIFT = text('swiftCode', 'SWIFT / BIC code', '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$');
const IBAN = text('iban', 'IBAN', '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$');
const IBAN_CURRENCIES = new Set(['GBP', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN']);

/** The account forms a beneficiary in the quote's target currency can be created with. */
export function beneficiaryRequirements(quote: Quote): Requirement[] {
	const forms: Requirement[] = [
		{ type: 'swift_code', fields: [...HOLDER_AND_ADDRESS, SWIFT, text('accountNumber', 'Account number', '^[A-Z0-9]{4,34}$')] },
	];
	if (quote.target_currency === 'USD') {
		forms.push({
			type: 'aba',
			fields: [
				...HOLDER_AND_ADDRESS,
				text('abartn', 'ACH routing number', '^[0-9]{9}$'),
				text('accountNumber', 'Account number', '^[0-9]{4,17}$'),
				select('accountType', 'Account type', ['CHECKING', 'SAVINGS']),
			],
		});
	}
	if (quote.target_currency === 'GBP') {
		forms.push({
			type: 'sort_code',
			fields: [...HOLDER_AND_ADDRESS, text('sortCode', 'UK sort code', '^[0-9]{6}$'), text('accountNumber', 'Account number', '^[0-9]{8}$')],
		});
	}
	if (IBAN_CURRENCIES.has(quote.target_currency)) forms.push({ type: 'iban', fields: [...HOLDER_AND_ADDRESS, IBAN] });
	return forms;
}

/** Above this source amount the regulator wants to know where the money comes from. */
const SOURCE_OF_FUNDS_THRESHOLD = 5000;
const PURPOSE_CURRENCIES = new Set(['CNY', 'INR']);

/** The form of a transfer's `details` for this quote. */
export function transferRequirements(quote: Quote): Requirement[] {
	return [
		{
			type: 'transfer',
			fields: [
				text('reference', 'Reference shown to the beneficiary', '^[A-Za-z0-9 ./-]{1,35}$'),
				select(
					'sourceOfFunds',
					'Source of funds',
					['business_revenue', 'savings', 'investment', 'loan', 'other'],
					Number(quote.source_amount.value) >= SOURCE_OF_FUNDS_THRESHOLD,
				),
				select('transferPurpose', 'Purpose of the transfer', ['goods', 'services', 'salary', 'rent', 'other'], PURPOSE_CURRENCIES.has(quote.target_currency)),
			],
		},
	];
}

const valueAt = (details: Record<string, unknown>, key: string): unknown =>
	key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), details);

/** Checks answers against a form; each broken field is one 422 entry pointing into `root`. */
export function checkAgainst(form: Requirement, details: Record<string, unknown>, root: string): void {
	const errors = [];
	for (const field of form.fields) {
		const value = valueAt(details, field.key);
		const pointer = `${root}/${field.key.split('.').join('/')}`;
		if (value === undefined || value === null || value === '') {
			if (field.required) errors.push({ code: 'required', detail: `${field.name} is required`, source: { pointer } });
			continue;
		}
		if (typeof value !== 'string') {
			errors.push({ code: 'invalid_type', detail: 'must be a string', source: { pointer } });
		} else if (field.values_allowed && !field.values_allowed.some((allowed) => allowed.key === value)) {
			errors.push({ code: 'invalid_value', detail: `must be one of ${field.values_allowed.map((v) => v.key).join(', ')}`, source: { pointer } });
		} else if (field.validation_regexp && !new RegExp(field.validation_regexp).test(value)) {
			errors.push({ code: 'invalid_format', detail: `does not match ${field.validation_regexp}`, source: { pointer } });
		}
	}
	if (errors.length) throw new ApiError(422, errors);
}
