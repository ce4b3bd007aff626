import type { INodeProperties } from 'n8n-workflow';

import { INVOICE_CURRENCIES } from '../../../shared/schemas/money';

/**
 * Field descriptions shared by Create and Update. Each builder takes the operations it shows for,
 * so that both operations offer the same items, settings and country-specific blocks.
 */

const show = (operations: string[], extra: Record<string, string[]> = {}) => ({
	show: { resource: ['clientInvoice'], operation: operations, ...extra },
});

export const currencyOptions = INVOICE_CURRENCIES.map((code) => ({ name: code, value: code }));

const MONEY_HINT = 'Write amounts as decimal strings ("12.30"); a plain number is accepted only when it is exact';

/** One invoice line, as the fixedCollection shows it. */
const itemFields: INodeProperties[] = [
	{ displayName: 'Title', name: 'title', type: 'string', default: '', required: true },
	{
		displayName: 'Quantity',
		name: 'quantity',
		type: 'string',
		default: '1',
		required: true,
		description: 'Decimal number as a string, e.g. "2.5"',
	},
	{
		displayName: 'Unit Price',
		name: 'unitPrice',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 120.00',
		description: `Price of one unit before VAT. ${MONEY_HINT}.`,
	},
	{
		displayName: 'Unit Price Currency',
		name: 'unitPriceCurrency',
		type: 'string',
		default: '',
		placeholder: 'e.g. EUR',
		description: 'Leave empty to use the invoice currency (the API requires the two to match)',
	},
	{
		displayName: 'VAT Rate',
		name: 'vatRate',
		type: 'string',
		default: '0.2',
		required: true,
		description: 'VAT as a decimal fraction string: "0.2" is 20 %, "0.055" is 5.5 %, "0" for none',
	},
	{ displayName: 'Description', name: 'description', type: 'string', default: '', typeOptions: { rows: 2 } },
	{ displayName: 'Unit', name: 'unit', type: 'string', default: '', placeholder: 'e.g. hour' },
	{
		displayName: 'VAT Exemption Reason',
		name: 'vatExemptionReason',
		type: 'string',
		default: '',
		description: 'Reason code when the VAT rate is 0',
	},
	{
		displayName: 'Discount Type',
		name: 'discountType',
		type: 'options',
		default: 'none',
		options: [
			{ name: 'None', value: 'none' },
			{ name: 'Percentage', value: 'percentage', description: 'Value is a fraction: "0.1" is 10 %' },
			{ name: 'Absolute', value: 'absolute', description: 'Value is an amount in the invoice currency' },
		],
	},
	{
		displayName: 'Discount Value',
		name: 'discountValue',
		type: 'string',
		default: '',
		displayOptions: { hide: { discountType: ['none'] } },
		description: 'A fraction ("0.1") for a percentage discount, an amount ("15.00") for an absolute one',
	},
];

/** How invoice lines are given: one by one in the form, or as a JSON array per input item (batches). */
export function itemsFields(operations: string[], modes: 'create' | 'update'): INodeProperties[] {
	const itemsShown = (mode: string) => show(operations, { itemsInput: [mode] });
	const inputOptions = [
		{ name: 'Fields', value: 'fields', description: 'Enter each invoice line below' },
		{ name: 'Invoice Lines (JSON)', value: 'json', description: "A JSON array of invoice lines for each input item, e.g. from an expression reading the row's lines" },
	];
	const picker: INodeProperties =
		modes === 'update'
			? {
				displayName: 'Invoice Lines Input',
				name: 'itemsInput',
				type: 'options',
				noDataExpression: true,
				default: 'keep',
				description: 'Invoice lines given here replace all current lines of the invoice',
				options: [{ name: 'Keep Current Lines', value: 'keep' }, ...inputOptions],
				displayOptions: show(operations),
			}
			: {
				displayName: 'Invoice Lines Input',
				name: 'itemsInput',
				type: 'options',
				noDataExpression: true,
				default: 'fields',
				options: inputOptions,
				displayOptions: show(operations),
			};
	return [
		picker,
		{
			displayName: 'Invoice Lines',
			name: 'items',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true, sortable: true },
			default: {},
			placeholder: 'Add Invoice Line',
			displayOptions: itemsShown('fields'),
			options: [{ displayName: 'Invoice Line', name: 'item', values: itemFields }],
		},
		{
			displayName: 'Invoice Lines (JSON)',
			name: 'itemsJson',
			type: 'json',
			default: '[]',
			displayOptions: itemsShown('json'),
			description:
				'A JSON array of invoice lines, each an object with the title, quantity, unit price and VAT rate, and optionally a description, unit, VAT exemption reason and discount, under the bank\'s own key names: <a href="https://github.com/n8n-nodes-business-banking/n8n-nodes-business-banking/blob/main/docs/operations.md#invoice-lines-from-an-expression">the keys and an example</a>',
		},
	];
}

/** Optional fields of an invoice, common to Create's "Additional Fields" and Update's "Update Fields". */
export const optionalInvoiceFields: INodeProperties[] = [
	{
		displayName: 'Discount Type',
		name: 'discountType',
		type: 'options',
		default: 'percentage',
		description: 'Global discount, applied to the sum of the lines after their own discounts',
		options: [
			{ name: 'Percentage', value: 'percentage' },
			{ name: 'Absolute', value: 'absolute' },
		],
	},
	{
		displayName: 'Discount Value',
		name: 'discountValue',
		type: 'string',
		default: '',
		description: 'Global discount: a fraction ("0.1" is 10 %) or an amount ("50.00"), per Discount Type',
	},
	{ displayName: 'Footer', name: 'footer', type: 'string', default: '', typeOptions: { rows: 2 } },
	{ displayName: 'Header', name: 'header', type: 'string', default: '', typeOptions: { rows: 2 } },
	{
		displayName: 'Number',
		name: 'number',
		type: 'string',
		default: '',
		description: 'Invoice number, unique in the organization (max 40); required unless automatic numbering is on',
	},
	{
		displayName: 'Performance Date',
		name: 'performanceDate',
		type: 'dateTime',
		default: '',
		description: 'Deprecated by the API: prefer the performance start and end dates',
	},
	{ displayName: 'Performance End Date', name: 'performanceEndDate', type: 'dateTime', default: '' },
	{ displayName: 'Performance Start Date', name: 'performanceStartDate', type: 'dateTime', default: '' },
	{ displayName: 'Purchase Order', name: 'purchaseOrder', type: 'string', default: '', description: 'Max 40 characters' },
	{
		displayName: 'Terms and Conditions',
		name: 'termsAndConditions',
		type: 'string',
		default: '',
		typeOptions: { rows: 3 },
		description: 'Max 525 characters',
	},
	{
		displayName: 'Upload ID',
		name: 'uploadId',
		type: 'string',
		default: '',
		description: 'ID of a PDF uploaded with the client invoice uploads endpoint, to attach to the invoice',
	},
];

/** Per-invoice overrides of the organization's properties. */
export function settingsField(operations: string[]): INodeProperties {
	const text = (displayName: string, name: string): INodeProperties => ({ displayName, name, type: 'string', default: '' });
	return {
		displayName: 'Settings Overrides',
		name: 'settings',
		type: 'collection',
		placeholder: 'Add Setting',
		default: {},
		description: "Override the organization's properties for this invoice only",
		displayOptions: show(operations),
		options: [
			text('Commercial Register Number', 'commercial_register_number'),
			text('Company Leadership', 'company_leadership'),
			text('Discount Conditions', 'discount_conditions'),
			text('District Court', 'district_court'),
			text('Late Payment Penalties', 'late_payment_penalties'),
			{ ...text('Legal Capital Share', 'legal_capital_share'), description: `Amount in the invoice currency. ${MONEY_HINT}.` },
			text('Legal Fixed Compensation', 'legal_fixed_compensation'),
			text('Tax Number', 'tax_number'),
			text('Transaction Type', 'transaction_type'),
			text('VAT Number', 'vat_number'),
			text('VAT Payment Condition', 'vat_payment_condition'),
		],
	};
}

/** Fields the API accepts only from Italian organizations (and Spanish freelancers for withholding). */
export function italySpainField(operations: string[]): INodeProperties {
	return {
		displayName: 'Italy / Spain Only',
		name: 'italySpain',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description:
			'Fields for Italian organizations (e-invoicing, welfare fund, withholding, stamp duty) and Spanish freelancers (withholding tax rate only). Other organizations must leave them out.',
		displayOptions: show(operations),
		options: [
			{
				displayName: 'Payment Reporting Conditions',
				name: 'paymentReportingConditions',
				type: 'string',
				default: '',
				description: 'Italy: the payment conditions reported to the exchange system',
			},
			{
				displayName: 'Payment Reporting Method',
				name: 'paymentReportingMethod',
				type: 'string',
				default: '',
				description: 'Italy: the payment method reported to the exchange system',
			},
			{
				displayName: 'Report E-Invoicing',
				name: 'reportEinvoicing',
				type: 'boolean',
				default: true,
				description: 'Whether to send the invoice to the Italian exchange system (Italy; true when left out)',
			},
			{
				displayName: 'Stamp Duty Amount',
				name: 'stampDutyAmount',
				type: 'string',
				default: '2.00',
				description: 'Italy: for invoices without VAT above 77.47 EUR (4 to 15 characters)',
			},
			{ displayName: 'Welfare Fund Rate', name: 'welfareFundRate', type: 'string', default: '', description: 'Italy: a fraction, "0.04" is 4 %' },
			{ displayName: 'Welfare Fund Type', name: 'welfareFundType', type: 'string', default: '', description: 'Italy: the type of the welfare fund' },
			{
				displayName: 'Withholding Tax Payment Reason',
				name: 'withholdingTaxPaymentReason',
				type: 'string',
				default: '',
				description: 'Italy: the payment reason of the withholding tax',
			},
			{
				displayName: 'Withholding Tax Rate',
				name: 'withholdingTaxRate',
				type: 'string',
				default: '',
				description: 'A fraction deducted after VAT: "0.2" is 20 % (Spanish freelancers: the IRPF rate)',
			},
			{ displayName: 'Withholding Tax Reason', name: 'withholdingTaxReason', type: 'string', default: '', description: 'Italy: the reason for the withholding tax' },
		],
	};
}

/** Concurrency of Create and Finalize over many input items. */
export function batchOptionsField(operations: string[], extra: INodeProperties[] = []): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show(operations),
		options: [
			{
				displayName: 'Batch Concurrency',
				name: 'batchConcurrency',
				type: 'number',
				default: 10,
				typeOptions: { minValue: 1, maxValue: 100 },
				description:
					'How many input items are sent at once (1–100). Without this option the node adapts by itself, up to 100 at once, within the rate limit. Output keeps input order.',
			},
			...extra,
		],
	};
}
