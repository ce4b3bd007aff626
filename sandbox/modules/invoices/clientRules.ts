import type { Organization } from '../../core/context';
import { ApiError, type ApiErrorEntry } from '../../core/errors';

/** The client fields invoicing reads (the client response shape of the spec). */
export interface InvoicedClient {
	id: string;
	kind: string;
	name: string | null;
	first_name: string | null;
	last_name: string | null;
	email: string | null;
	vat_number: string | null;
	tax_identification_number: string | null;
	address: string | null;
	city: string | null;
	zip_code: string | null;
	province_code: string | null;
	country_code: string | null;
	recipient_code: string | null;
	currency: string | null;
	locale: string | null;
	billing_address: { street_address?: string | null; city?: string | null; zip_code?: string | null; province_code?: string | null; country_code?: string | null } | null;
	delivery_address: Record<string, unknown> | null;
}

const FIX = 'Update the client, then retry the invoice.';

/** docs/assumptions.md "Client rules": the tax identification number's format by the client's country. */
const TAX_ID_RULES: Record<string, (taxId: string, kind: string) => string | null> = {
	FR: (id) => (/^(\d{9}|\d{14})$/.test(id) ? null : 'must be a SIREN (9 digits) or a SIRET (14 digits) for a French client'),
	IT: (id, kind) =>
		kind === 'company'
			? /^\d{11}$/.test(id) ? null : 'must be 11 digits for an Italian company'
			: /^[A-Za-z0-9]{16}$/.test(id) ? null : 'must be 16 letters or digits for an Italian individual or freelancer',
	ES: (id) => (/^[A-Za-z0-9]{9}$/.test(id) ? null : 'must be 9 characters for a Spanish client'),
	DE: (id) => (/^[\d/]+$/.test(id) && /^\d{10,13}$/.test(id.replace(/\//g, '')) ? null : 'must be a Steuernummer of 10 to 13 digits (slashes allowed) for a German client'),
};

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';

/**
 * The client against the invoicing rules: currency, locale, a full billing address, and the tax
 * identification number (format by the client's country; required for Italian and Spanish
 * organizations). Every failure points at the client field, with the advice to fix the client.
 */
export function checkClientForInvoicing(client: InvoicedClient, organization: Organization): void {
	const errors: ApiErrorEntry[] = [];
	const fail = (pointer: string, detail: string) =>
		errors.push({ code: 'invalid_client', detail: `Client ${pointer.slice(8)} ${detail}. ${FIX}`, source: { pointer } });

	if (blank(client.currency)) fail('/client/currency', 'is required to invoice this client');
	if (blank(client.locale)) fail('/client/locale', 'is required to invoice this client');
	const billing = client.billing_address ?? {};
	for (const field of ['street_address', 'city', 'zip_code', 'country_code'] as const) {
		if (blank(billing[field])) fail(`/client/billing_address/${field}`, 'is required to invoice this client (an address is needed on the invoice)');
	}
	const taxId = client.tax_identification_number;
	const country = billing.country_code ?? client.country_code ?? '';
	if (blank(taxId)) {
		if (organization.legal_country === 'IT' || organization.legal_country === 'ES') {
			fail('/client/tax_identification_number', `is required on every invoiced client of ${organization.legal_country === 'IT' ? 'an Italian' : 'a Spanish'} organization`);
		}
	} else {
		const problem = TAX_ID_RULES[country]?.(taxId as string, client.kind);
		if (problem) fail('/client/tax_identification_number', problem);
	}
	if (errors.length) throw new ApiError(422, errors);
}

/** The client block of an invoice response (spec: client (in invoice)). */
export function clientBlock(client: InvoicedClient): Record<string, unknown> {
	return {
		id: client.id,
		name: client.name,
		first_name: client.first_name,
		last_name: client.last_name,
		type: client.kind,
		email: client.email,
		vat_number: client.vat_number,
		tax_identification_number: client.tax_identification_number,
		address: client.address,
		city: client.city,
		zip_code: client.zip_code,
		province_code: client.province_code,
		country_code: client.country_code,
		recipient_code: client.recipient_code,
		locale: client.locale,
		billing_address: client.billing_address,
		delivery_address: client.delivery_address,
	};
}
