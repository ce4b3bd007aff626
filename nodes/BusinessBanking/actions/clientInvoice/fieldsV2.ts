import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { italySpainField, itemsFields, optionalInvoiceFields, settingsField } from './fields';
import { clientLocator } from './locators';

/**
 * Version 2 of the invoice fields (Create, Update, Get Many): the version-1 definitions with what a
 * finance user reads differently. Rates are percentages ("20" is 20 %), Quantity is a number, a line
 * has no currency of its own (the invoice's is sent), and the IBAN is picked among the organization's
 * accounts. Only the fields that differ are restated; the others are version 1's own objects.
 */

type Changes = Record<string, Partial<INodeProperties> | 'drop'>;

/** `properties` with the named ones changed (or dropped); the rest unchanged. */
function changed(properties: INodeProperties[], changes: Changes): INodeProperties[] {
	return properties
		.filter((property) => changes[property.name] !== 'drop')
		.map((property) => {
			const change = changes[property.name];
			return change && change !== 'drop' ? ({ ...property, ...change } as INodeProperties) : property;
		});
}

const PERCENT_DISCOUNT_OPTIONS: INodePropertyOptions[] = [
	{ name: 'None', value: 'none' },
	{ name: 'Percentage', value: 'percentage', description: 'Value is a percentage: "10" is 10 %' },
	{ name: 'Absolute', value: 'absolute', description: 'Value is an amount in the invoice currency' },
];

const LINE_CHANGES: Changes = {
	// No numberPrecision: n8n's editor (N8nInputNumber, element-plus's input number) shows a number
	// with a precision as toFixed(precision) (2.5 as "2.5000"); without one it shows the number as
	// typed and keeps it unrounded. The step of 0.0001 says the field takes decimals (the type check,
	// common/parameterTypes.ts); the run takes up to 4 decimals and refuses more (items.ts), so what
	// reaches the bank is what was typed, never rounded.
	quantity: {
		type: 'number',
		default: 1,
		typeOptions: { minValue: 0, numberStepSize: 0.0001 },
		description: 'How many units, e.g. 2.5 (up to 4 decimals)',
	},
	unitPriceCurrency: 'drop',
	vatRate: {
		displayName: 'VAT Rate (%)',
		default: '20',
		placeholder: 'e.g. 20',
		description: 'VAT as a percentage: "20" is 20 %, "5.5" is 5.5 %, "0" for none',
	},
	discountType: { options: PERCENT_DISCOUNT_OPTIONS },
	discountValue: { description: 'A percentage ("10" is 10 %) for a percentage discount, an amount ("15.00") for an absolute one' },
};

const JSON_LINES_HELP =
	'A JSON array of invoice lines, each an object with the title, quantity, unit price and VAT rate, and optionally a description, unit, VAT exemption reason and discount. As in the form, a VAT rate or a percentage discount is a percentage: 20 means 20 %. <a href="https://github.com/n8n-nodes-business-banking/n8n-nodes-business-banking/blob/main/docs/operations.md#invoice-lines-from-an-expression">The keys and an example</a>';

/** Invoice lines of version 2: the same inputs as version 1, each line without its own currency, rates in percent. */
export function itemsFieldsV2(operations: string[], modes: 'create' | 'update'): INodeProperties[] {
	return itemsFields(operations, modes).map((property) => {
		if (property.name === 'itemsJson') return { ...property, description: JSON_LINES_HELP };
		if (property.name !== 'items') return property;
		const [line] = property.options as Array<{ displayName: string; name: string; values: INodeProperties[] }>;
		return { ...property, options: [{ ...line, values: changed(line.values, LINE_CHANGES) }] };
	});
}

/** "Additional Fields" / "Update Fields" of version 2: the invoice's discount in percent. */
export const optionalInvoiceFieldsV2: INodeProperties[] = changed(optionalInvoiceFields, {
	discountValue: { description: 'Discount on the whole invoice: a percentage ("10" is 10 %) or an amount ("50.00"), per Discount Type' },
});

/** "Italy / Spain Only" of version 2: the welfare fund and withholding tax rates in percent. */
export function italySpainFieldV2(operations: string[]): INodeProperties {
	const field = italySpainField(operations);
	return {
		...field,
		options: changed(field.options as INodeProperties[], {
			welfareFundRate: { displayName: 'Welfare Fund Rate (%)', placeholder: 'e.g. 4', description: 'Italy: a percentage, "4" is 4 %' },
			withholdingTaxRate: { displayName: 'Withholding Tax Rate (%)', placeholder: 'e.g. 20', description: 'A percentage deducted after VAT: "20" is 20 % (Spanish freelancers: the IRPF rate)' },
		}),
	};
}

/** What an IBAN looks like in the editor's check of a typed one (spaces allowed); the full check runs before sending. */
const IBAN_REGEX = '^\\s*[A-Za-z]{2}\\s*[0-9]{2}[A-Za-z0-9 ]{11,40}$';

/** The account the client pays to: one of the organization's accounts (name and masked IBAN), or an IBAN typed. */
export function ibanLocator(displayOptions: INodeProperties['displayOptions'], required: boolean): INodeProperties {
	return {
		displayName: 'IBAN',
		name: 'iban',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required,
		description: 'The organization’s account the client pays to',
		displayOptions,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select an account…',
				typeOptions: { searchListMethod: 'searchOwnIbans', searchable: true, searchFilterRequired: false },
			},
			{
				displayName: 'By IBAN',
				name: 'iban',
				type: 'string',
				placeholder: 'e.g. FR76 3000 6000 0112 3456 7890 189',
				validation: [{ type: 'regex', properties: { regex: IBAN_REGEX, errorMessage: 'Not a valid IBAN' } }],
			},
		],
	};
}

/** Get Many's client filter in version 2: the client picked from the list or given by its ID. */
export const clientFilterLocator: INodeProperties = {
	...clientLocator('clientId', undefined, false),
	description: 'Only invoices of this client',
};

/** Create's Additional Fields of version 2: which country's fields to offer (a choice, never sent). */
export const COUNTRY_FIELD = 'countrySpecificFields';

/** The Italy / Spain fields of version 2, each with the countries it applies to. */
export const COUNTRY_FIELDS: Record<string, Array<'italy' | 'spain'>> = {
	paymentReportingConditions: ['italy'],
	paymentReportingMethod: ['italy'],
	reportEinvoicing: ['italy'],
	stampDutyAmount: ['italy'],
	welfareFundRate: ['italy'],
	welfareFundType: ['italy'],
	withholdingTaxPaymentReason: ['italy'],
	withholdingTaxRate: ['italy', 'spain'],
	withholdingTaxReason: ['italy'],
};

/** The Settings Overrides' names (the API's own keys, snake_case: none equals an Additional Field's). */
export const SETTINGS_NAMES: string[] = (settingsField([]).options as INodeProperties[]).map((option) => option.name);

const byLabel = (a: INodeProperties, b: INodeProperties) => a.displayName.localeCompare(b.displayName);

/**
 * Client Invoice › Create's one "Additional Fields" of version 2: what an invoice needs now and then
 * (the optional fields, version 1's Settings Overrides, and the Italy / Spain fields, offered only
 * once the organization's country is chosen in it: they apply to Italian organizations and, the
 * withholding tax rate, to Spanish freelancers). Version 1 keeps its four collections.
 */
export function createAdditionalFieldsV2(displayOptions: INodeProperties['displayOptions'], first: INodeProperties[]): INodeProperties {
	const overrides = (settingsField([]).options as INodeProperties[]).map((option) => ({
		...option,
		description: `${option.description ? `${option.description} ` : ''}Printed on this invoice instead of the organization’s own`.trim(),
	}));
	const country: INodeProperties = {
		displayName: 'Country-Specific Fields',
		name: COUNTRY_FIELD,
		type: 'options',
		default: 'italy',
		description: 'Your organization’s country, to offer the fields only it may send (other organizations must leave them out)',
		options: [
			{ name: 'Italy', value: 'italy', description: 'E-invoicing report, welfare fund, withholding tax, stamp duty' },
			{ name: 'Spain (Freelancer)', value: 'spain', description: 'The IRPF withholding tax rate' },
		],
	};
	const countryOnly = (italySpainFieldV2([]).options as INodeProperties[]).map((option) => ({
		...option,
		displayOptions: { show: { [COUNTRY_FIELD]: COUNTRY_FIELDS[option.name] } },
	}));
	return {
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions,
		options: [...first, ...optionalInvoiceFieldsV2, ...overrides, country, ...countryOnly].sort(byLabel),
	};
}
