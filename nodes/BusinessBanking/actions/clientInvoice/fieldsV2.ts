import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { italySpainField, itemsFields, optionalInvoiceFields } from './fields';
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
	quantity: {
		type: 'number',
		default: 1,
		typeOptions: { minValue: 0, numberPrecision: 4 },
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
