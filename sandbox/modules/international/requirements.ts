import { answerAt, requirementProblems, type Requirement, type RequirementField } from '../../../nodes/shared/schemas/requirements';
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

/** Countries whose addresses need a state or province: choosing one adds that field to the form. */
const STATES: Record<string, string[]> = {
	US: ['AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY'],
	CA: ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'],
};

/** Who receives the money and where they live, asked whatever the account type; the state follows the country. */
function holderAndAddress(answers: Record<string, unknown>): RequirementField[] {
	const country = answerAt(answers, 'address.country');
	const states = typeof country === 'string' ? STATES[country] : undefined;
	return [
		text('accountHolderName', 'Full name of the account holder', '^[^0-9]{2,70}$'),
		{ ...select('address.country', 'Country', COUNTRIES), refresh_requirements_on_change: true },
		...(states ? [select('address.state', 'State / province', states)] : []),
		text('address.city', 'City', '^.{1,60}$'),
		text('address.postCode', 'Postcode', '^[A-Za-z0-9 -]{2,12}$'),
		text('address.firstLine', 'Street address', '^.{3,100}$'),
	];
}

const SWIFT = text('swiftCode', 'SWIFT / BIC code', '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$');
const IBAN = text('iban', 'IBAN', '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$');
const IBAN_CURRENCIES = new Set(['GBP', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN']);

/**
 * The account forms a beneficiary in the quote's target currency can be created with, given the
 * answers so far (`address.country` may add `address.state`).
 */
export function beneficiaryRequirements(quote: Quote, answers: Record<string, unknown> = {}): Requirement[] {
	const holder = holderAndAddress(answers);
	const forms: Requirement[] = [
		{ type: 'swift_code', fields: [...holder, SWIFT, text('accountNumber', 'Account number', '^[A-Z0-9]{4,34}$')] },
	];
	if (quote.target_currency === 'USD') {
		forms.push({
			type: 'aba',
			fields: [
				...holder,
				text('abartn', 'ACH routing number', '^[0-9]{9}$'),
				text('accountNumber', 'Account number', '^[0-9]{4,17}$'),
				select('accountType', 'Account type', ['CHECKING', 'SAVINGS']),
			],
		});
	}
	if (quote.target_currency === 'GBP') {
		forms.push({
			type: 'sort_code',
			fields: [...holder, text('sortCode', 'UK sort code', '^[0-9]{6}$'), text('accountNumber', 'Account number', '^[0-9]{8}$')],
		});
	}
	if (IBAN_CURRENCIES.has(quote.target_currency)) forms.push({ type: 'iban', fields: [...holder, IBAN] });
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

/** Checks answers against a form; each broken field is one 422 entry pointing into `root`. */
export function checkAgainst(form: Requirement, details: Record<string, unknown>, root: string): void {
	const errors = requirementProblems(form.fields, details).map((problem) => ({
		code: problem.code,
		detail: `${problem.name} ${problem.message}`,
		source: { pointer: `${root}/${problem.key.split('.').join('/')}` },
	}));
	if (errors.length) throw new ApiError(422, errors);
}
