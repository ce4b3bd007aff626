import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { uuidLocator } from '../common/uuid';

/**
 * Field descriptions shared by the client operations. Parameter names are camelCase; `body.ts` maps
 * them to the API's snake_case names.
 */

export const kindOptions: INodePropertyOptions[] = [
	{ name: 'Company', value: 'company', description: 'A business: give its name' },
	{ name: 'Individual', value: 'individual', description: 'A person: give first and last name' },
	{ name: 'Freelancer', value: 'freelancer', description: 'A self-employed person (Italian organizations only)' },
];

/** The client to act on: picked from a searchable list, or given by its ID. */
export const clientIdField: INodeProperties = uuidLocator({
	displayName: 'Client',
	name: 'clientId',
	description: 'The client to use',
	searchListMethod: 'searchClients',
	listPlaceholder: 'Select a client…',
	idError: 'A client ID is a UUID such as 3f1c2b7e-8a4d-4c1e-9b2f-0d5e6a7b8c9d',
});

const addressValues: INodeProperties[] = [
	{ displayName: 'Street Address', name: 'streetAddress', type: 'string', default: '', description: 'Street and number (max 250 characters)' },
	{ displayName: 'City', name: 'city', type: 'string', default: '', description: 'Max 50 characters' },
	{ displayName: 'Zip Code', name: 'zipCode', type: 'string', default: '', description: 'Max 20 characters; exactly 5 for an Italian address' },
	{
		displayName: 'Province Code',
		name: 'provinceCode',
		type: 'string',
		default: '',
		placeholder: 'e.g. MI',
		description: 'Two letters. Italian addresses of Italian organizations need one (e.g. MI, RM, TO).',
	},
	{ displayName: 'Country Code', name: 'countryCode', type: 'string', default: '', placeholder: 'e.g. FR', description: 'ISO 3166 two-letter code in capitals' },
];

function addressField(displayName: string, name: string, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'fixedCollection',
		placeholder: `Add ${displayName}`,
		default: {},
		description,
		options: [{ displayName: 'Address', name: 'address', values: addressValues }],
	};
}

/** The client's optional fields, offered by Create ("Additional Fields") and Update ("Update Fields"). */
export const optionalClientFields: INodeProperties[] = [
	addressField('Billing Address', 'billingAddress', 'Shown on invoices. Needed (with currency and locale) before the client can be invoiced.'),
	{
		displayName: 'Currency',
		name: 'currency',
		type: 'string',
		default: '',
		placeholder: 'e.g. EUR',
		description: 'ISO 4217 code in capitals; becomes the currency of this client\'s invoices',
	},
	addressField('Delivery Address', 'deliveryAddress', 'Where goods are delivered, if not the billing address'),
	{
		displayName: 'E-Invoicing Address',
		name: 'eInvoicingAddress',
		type: 'string',
		default: '',
		placeholder: 'e.g. 552100554_55210055400013',
		description:
			'French organizations: the client\'s address in the national e-invoicing directory: the SIREN, the SIREN and SIRET joined by an underscore, optionally followed by a routing code or a suffix',
	},
	{ displayName: 'Email', name: 'email', type: 'string', placeholder: 'name@email.com', default: '', description: 'Shown on invoices' },
	{
		displayName: 'Extra Emails',
		name: 'extraEmails',
		type: 'string',
		default: '',
		placeholder: 'e.g. accounting@example.com, boss@example.com',
		description:
			'More recipients when documents are sent by e-mail, separated by commas (max 100). Not shown on documents. On update, leave empty to remove them all.',
	},
	{ displayName: 'First Name', name: 'firstName', type: 'string', default: '', description: 'Max 60 characters' },
	{ displayName: 'Last Name', name: 'lastName', type: 'string', default: '', description: 'Max 60 characters' },
	{
		displayName: 'Locale',
		name: 'locale',
		type: 'options',
		options: [
			{ name: 'English', value: 'en' },
			{ name: 'French', value: 'fr' },
			{ name: 'German', value: 'de' },
			{ name: 'Italian', value: 'it' },
			{ name: 'Spanish', value: 'es' },
		],
		default: 'en',
		description: 'Language of the documents sent to this client',
	},
	{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Company name (max 250 characters)' },
	{
		displayName: 'Phone',
		name: 'phone',
		type: 'fixedCollection',
		placeholder: 'Add Phone',
		default: {},
		options: [
			{
				displayName: 'Phone',
				name: 'phone',
				values: [
					{ displayName: 'Country Code', name: 'countryCode', type: 'string', default: '', placeholder: 'e.g. +33', description: 'Calling code' },
					{ displayName: 'Number', name: 'number', type: 'string', default: '', placeholder: 'e.g. 612345678', description: 'Digits, without the calling code' },
				],
			},
		],
	},
	{
		displayName: 'Recipient Code',
		name: 'recipientCode',
		type: 'string',
		default: '',
		description: 'Italian clients only: their code in the Italian e-invoicing exchange system (SdI)',
	},
	{
		displayName: 'Tax Identification Number',
		name: 'taxIdentificationNumber',
		type: 'string',
		default: '',
		description:
			'Max 20 characters. France: SIREN (9 digits) or SIRET (14); Italy: 11 digits (company) or 16 characters (person); Spain: 9 characters; Germany: Steuernummer. Invoices can fail without it.',
	},
	{
		displayName: 'VAT Number',
		name: 'vatNumber',
		type: 'string',
		default: '',
		placeholder: 'e.g. FR44552100554',
		description: 'Max 20 characters. A French one is FR, a 2-character key and the 9-digit SIREN.',
	},
];

/** Root address fields and `type`, kept for old workflows; billing address and kind replace them. */
export function deprecatedFields(withType: boolean): INodeProperties {
	const fields: INodeProperties[] = [
		{ displayName: 'Address (Deprecated)', name: 'address', type: 'string', default: '', description: 'Use Billing Address → Street Address instead' },
		{ displayName: 'City (Deprecated)', name: 'city', type: 'string', default: '', description: 'Use Billing Address → City instead' },
		{ displayName: 'Country Code (Deprecated)', name: 'countryCode', type: 'string', default: '', description: 'Use Billing Address → Country Code instead' },
		{ displayName: 'Province Code (Deprecated)', name: 'provinceCode', type: 'string', default: '', description: 'Use Billing Address → Province Code instead' },
		{ displayName: 'Zip Code (Deprecated)', name: 'zipCode', type: 'string', default: '', description: 'Use Billing Address → Zip Code instead' },
	];
	if (withType) {
		fields.push({
			displayName: 'Type (Deprecated)',
			name: 'type',
			type: 'options',
			options: kindOptions,
			default: 'company',
			description: 'Use Kind instead; when both are sent, Kind wins',
		});
	}
	return {
		displayName: 'Deprecated Fields',
		name: 'deprecatedFields',
		type: 'collection',
		placeholder: 'Add Deprecated Field',
		default: {},
		description: 'Fields older workflows used. The billing address wins over them when both are set.',
		options: fields,
	};
}

/** Labels of the API fields, for validation messages that a user can map back to the node. */
export const FIELD_LABELS: Record<string, string> = {
	kind: 'Kind',
	type: 'Type (Deprecated)',
	name: 'Name',
	first_name: 'First Name',
	last_name: 'Last Name',
	email: 'Email',
	extra_emails: 'Extra Emails',
	phone: 'Phone',
	'phone.country_code': 'Phone → Country Code',
	'phone.number': 'Phone → Number',
	e_invoicing_address: 'E-Invoicing Address',
	vat_number: 'VAT Number',
	tax_identification_number: 'Tax Identification Number',
	address: 'Address (Deprecated)',
	city: 'City (Deprecated)',
	zip_code: 'Zip Code (Deprecated)',
	province_code: 'Province Code (Deprecated)',
	country_code: 'Country Code (Deprecated)',
	recipient_code: 'Recipient Code',
	currency: 'Currency',
	locale: 'Locale',
	...addressLabels('billing_address', 'Billing Address'),
	...addressLabels('delivery_address', 'Delivery Address'),
};

function addressLabels(prefix: string, label: string): Record<string, string> {
	const parts: Record<string, string> = {
		street_address: 'Street Address',
		city: 'City',
		zip_code: 'Zip Code',
		province_code: 'Province Code',
		country_code: 'Country Code',
	};
	return Object.fromEntries(Object.entries(parts).map(([key, name]) => [`${prefix}.${key}`, `${label} → ${name}`]));
}
