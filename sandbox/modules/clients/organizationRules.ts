import type { ClientUpdateInput } from '../../../nodes/shared/schemas/client';
import { italianAddressIssues } from '../../../nodes/shared/schemas/common';
import type { Organization } from '../../core/context';
import { ApiError, type ApiErrorEntry } from '../../core/errors';
import { rootAddressParts, ROOT_FIELD } from './build';
import { isInEInvoicingDirectory } from './directory';
import type { ClientRecord, StoredAddress } from './store';

const entry = (pointer: string, detail: string, code = 'invalid'): ApiErrorEntry => ({ code, detail, source: { pointer } });

function addressEntries(
	organization: Organization,
	address: StoredAddress | null,
	pointerOf: (part: 'zip_code' | 'province_code') => string,
): ApiErrorEntry[] {
	if (!address || address.country_code !== 'IT') return [];
	const parts = {
		country_code: address.country_code,
		zip_code: address.zip_code ?? undefined,
		province_code: address.province_code ?? undefined,
	};
	const entries = italianAddressIssues(parts).map((issue) => entry(pointerOf(issue.field), `${issue.field}: ${issue.message}`));
	if (organization.legal_country === 'IT' && !address.province_code) {
		entries.push(entry(pointerOf('province_code'), 'province_code: is required for an Italian address of an Italian organization', 'required'));
	}
	return entries;
}

/**
 * The rules that depend on the organization, checked on the client as it would be saved:
 * freelancer only for Italian organizations, province code for Italian addresses of Italian
 * organizations, e-invoicing addresses for French organizations and only from the directory.
 */
export function checkOrganizationRules(
	organization: Organization,
	record: ClientRecord,
	input: ClientUpdateInput & { kind?: unknown },
	creating: boolean,
): void {
	const entries: ApiErrorEntry[] = [];
	if (creating && record.kind === 'freelancer' && organization.legal_country !== 'IT') {
		const field = input.kind !== undefined ? 'kind' : 'type';
		entries.push(entry(`/client/${field}`, `${field}: freelancer is accepted for Italian organizations only`));
	}
	const billingSent = input.billing_address !== undefined || Object.keys(rootAddressParts(input)).length > 0;
	if (creating || billingSent) {
		const viaObject = input.billing_address !== undefined;
		entries.push(
			...addressEntries(organization, record.billing_address, (part) =>
				viaObject ? `/client/billing_address/${part}` : `/client/${ROOT_FIELD[part]}`,
			),
		);
	}
	if (creating || input.delivery_address !== undefined) {
		entries.push(...addressEntries(organization, record.delivery_address, (part) => `/client/delivery_address/${part}`));
	}
	if (input.e_invoicing_address !== undefined) {
		if (organization.legal_country !== 'FR') {
			entries.push(entry('/client/e_invoicing_address', 'e_invoicing_address: is for French organizations only'));
		} else if (!isInEInvoicingDirectory(input.e_invoicing_address)) {
			entries.push(entry('/client/e_invoicing_address', 'e_invoicing_address: is not in the national e-invoicing directory', 'not_found'));
		}
	}
	if (entries.length > 0) throw new ApiError(422, entries);
}
