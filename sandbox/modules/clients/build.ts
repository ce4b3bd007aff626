import type { Address } from '../../../nodes/shared/schemas/common';
import { effectiveKind, type ClientCreateInput, type ClientUpdateInput } from '../../../nodes/shared/schemas/client';
import type { ClientRecord, StoredAddress } from './store';
import { isInEInvoicingDirectory } from './directory';

const ADDRESS_PARTS = ['street_address', 'city', 'zip_code', 'province_code', 'country_code'] as const;

/** Deprecated root field of each billing_address part. */
export const ROOT_FIELD: Record<(typeof ADDRESS_PARTS)[number], 'address' | 'city' | 'zip_code' | 'province_code' | 'country_code'> = {
	street_address: 'address',
	city: 'city',
	zip_code: 'zip_code',
	province_code: 'province_code',
	country_code: 'country_code',
};

function stored(address: Partial<Address>, base?: StoredAddress | null): StoredAddress {
	const result = { ...(base ?? { street_address: null, city: null, zip_code: null, province_code: null, country_code: null }) };
	for (const part of ADDRESS_PARTS) if (address[part] !== undefined) result[part] = address[part] as string;
	return result;
}

/** The billing_address parts given through the deprecated root fields (only those sent). */
export function rootAddressParts(input: ClientUpdateInput): Partial<Address> {
	const parts: Partial<Address> = {};
	for (const part of ADDRESS_PARTS) {
		const value = input[ROOT_FIELD[part]];
		if (value !== undefined) parts[part] = value;
	}
	return parts;
}

const displayName = (record: Pick<ClientRecord, 'kind' | 'name' | 'first_name' | 'last_name'>) =>
	record.kind === 'company' ? record.name : `${record.first_name ?? ''} ${record.last_name ?? ''}`;

/** Fields copied as they are (create and update alike). */
const PLAIN_FIELDS = [
	'first_name',
	'last_name',
	'name',
	'email',
	'extra_emails',
	'phone',
	'currency',
	'locale',
	'e_invoicing_address',
	'vat_number',
	'tax_identification_number',
	'recipient_code',
] as const;

export function createRecord(input: ClientCreateInput, id: string, seq: number, now: string): ClientRecord {
	const record: ClientRecord = {
		id,
		seq,
		kind: effectiveKind(input) as ClientRecord['kind'],
		name: null,
		first_name: null,
		last_name: null,
		email: null,
		extra_emails: null,
		phone: null,
		currency: null,
		locale: null,
		e_invoicing_address: null,
		vat_number: null,
		tax_identification_number: null,
		billing_address: null,
		delivery_address: null,
		recipient_code: null,
		created_at: now,
		updated_at: now,
	};
	return applyUpdate(record, input, now);
}

/**
 * Only the fields sent change. billing_address, when sent, wins over the root fields and replaces
 * the billing address; root fields alone update the matching billing_address parts.
 */
export function applyUpdate(previous: ClientRecord, input: ClientUpdateInput, now: string): ClientRecord {
	// Nothing sent (or only unknown fields, stripped): nothing changes, not even updated_at.
	if (Object.values(input).every((value) => value === undefined)) return previous;
	const record: ClientRecord = { ...previous, updated_at: now };
	const writable = record as unknown as Record<string, unknown>;
	for (const field of PLAIN_FIELDS) if (input[field] !== undefined) writable[field] = input[field];
	if (input.billing_address) record.billing_address = stored(input.billing_address);
	else {
		const root = rootAddressParts(input);
		if (Object.keys(root).length > 0) record.billing_address = stored(root, record.billing_address);
	}
	if (input.delivery_address) record.delivery_address = stored(input.delivery_address);
	record.name = displayName(record);
	return record;
}

const address = (value: StoredAddress | null) => (value ? { ...value } : null);

/** The spec's client response fields; the deprecated root fields mirror billing_address. */
export function toClientResponse(record: ClientRecord) {
	const billing = record.billing_address;
	return {
		id: record.id,
		name: record.name,
		first_name: record.first_name,
		last_name: record.last_name,
		phone_number: record.phone ? `${record.phone.country_code}${record.phone.number.replace(/\s+/g, '')}` : null,
		phone: record.phone ? { ...record.phone } : null,
		kind: record.kind,
		type: record.kind,
		email: record.email,
		extra_emails: record.extra_emails ? [...record.extra_emails] : null,
		currency: record.currency,
		e_invoicing_address: record.e_invoicing_address,
		e_invoicing_reachable: record.e_invoicing_address !== null && isInEInvoicingDirectory(record.e_invoicing_address),
		vat_number: record.vat_number,
		tax_identification_number: record.tax_identification_number,
		address: billing?.street_address ?? null,
		city: billing?.city ?? null,
		zip_code: billing?.zip_code ?? null,
		province_code: billing?.province_code ?? null,
		country_code: billing?.country_code ?? null,
		billing_address: address(billing),
		delivery_address: address(record.delivery_address),
		recipient_code: record.recipient_code,
		created_at: record.created_at,
		updated_at: record.updated_at,
		locale: record.locale,
	};
}
export type ClientResponse = ReturnType<typeof toClientResponse>;
