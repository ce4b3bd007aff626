import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { nodeVersion } from '../versions';

/**
 * Turns the node's client fields (camelCase, collections) into the API's client body (snake_case).
 * Only fields the user filled in are sent: on update, absent means "leave unchanged".
 */

const SIMPLE_FIELDS: Record<string, string> = {
	name: 'name',
	firstName: 'first_name',
	lastName: 'last_name',
	email: 'email',
	eInvoicingAddress: 'e_invoicing_address',
	vatNumber: 'vat_number',
	taxIdentificationNumber: 'tax_identification_number',
	recipientCode: 'recipient_code',
	currency: 'currency',
	locale: 'locale',
};

const ADDRESS_PARTS: Record<string, string> = {
	streetAddress: 'street_address',
	city: 'city',
	zipCode: 'zip_code',
	provinceCode: 'province_code',
	countryCode: 'country_code',
};

const DEPRECATED_FIELDS: Record<string, string> = {
	address: 'address',
	city: 'city',
	zipCode: 'zip_code',
	provinceCode: 'province_code',
	countryCode: 'country_code',
	type: 'type',
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value) as IDataObject[string];
const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

function copyFields(source: IDataObject, mapping: Record<string, string>, target: IDataObject): void {
	for (const [param, field] of Object.entries(mapping)) {
		const value = text(source[param]);
		if (filled(value)) target[field] = value;
	}
}

function address(collection: unknown): IDataObject | undefined {
	const values = (collection as { address?: IDataObject } | undefined)?.address;
	if (!values) return undefined;
	const result: IDataObject = {};
	copyFields(values, ADDRESS_PARTS, result);
	return Object.keys(result).length > 0 ? result : undefined;
}

/** A list typed by a person ("a@x.fr, b@y.fr") or handed over by an expression (an array). */
export function emailList(value: unknown): string[] {
	const entries = Array.isArray(value) ? value : String(value ?? '').split(/[,;\n]/);
	return entries.map((entry) => String(entry).trim()).filter((entry) => entry !== '');
}

export interface ClientBodyInput {
	/** The Kind picker (create only). */
	kind?: string;
	/** Name fields shown at the top of Create. */
	main?: IDataObject;
	/** "Additional Fields" (create) or "Update Fields" (update). */
	fields: IDataObject;
	deprecated: IDataObject;
}

export function clientBody({ kind, main = {}, fields, deprecated }: ClientBodyInput): IDataObject {
	const body: IDataObject = {};
	if (kind) body.kind = kind;
	copyFields({ ...fields, ...main }, SIMPLE_FIELDS, body);
	if ('extraEmails' in fields) {
		const emails = emailList(fields.extraEmails);
		// An emptied field on update clears the list (the API takes null for "none").
		body.extra_emails = emails.length > 0 ? emails : null;
	}
	const phone = (fields.phone as { phone?: IDataObject } | undefined)?.phone;
	if (phone && (filled(text(phone.countryCode)) || filled(text(phone.number)))) {
		body.phone = { country_code: text(phone.countryCode) ?? '', number: text(phone.number) ?? '' };
	}
	const billing = address(fields.billingAddress);
	if (billing) body.billing_address = billing;
	const delivery = address(fields.deliveryAddress);
	if (delivery) body.delivery_address = delivery;
	copyFields(deprecated, DEPRECATED_FIELDS, body);
	return body;
}

/** "Deprecated Fields" of version 1; version 2 does not offer them (Billing Address replaces them). */
export function deprecatedFieldValues(this: IExecuteFunctions, itemIndex: number): IDataObject {
	return nodeVersion(this) >= 2 ? {} : (this.getNodeParameter('deprecatedFields', itemIndex, {}) as IDataObject);
}
