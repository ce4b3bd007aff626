import type { INodeProperties } from 'n8n-workflow';

import { beneficiaryField } from '../externalTransfer/fields';

/** The operations whose payee the bank lists (its trusted beneficiaries): there version 2 picks them. */
const PICKED_BY_RESOURCE = new Set(['externalTransfer']);

/** What a limit set stores of the beneficiaries it allows: version 1's comma-separated IDs, version 2's picked ones. */
export interface AllowedBeneficiaries {
	allowedBeneficiaryIds?: string;
	allowedBeneficiaries?: { beneficiaries?: Array<{ beneficiary?: unknown }> };
}

/**
 * The field of a limit set that names whom `who` may pay: from version 2 on, for an external
 * transfer, the organization's trusted beneficiaries picked from the list (or by ID), one per entry;
 * else IDs typed comma-separated (an international transfer's target accounts have no list).
 */
export function allowedBeneficiariesField(resource: string, version: number, typed: INodeProperties, who: string): INodeProperties {
	if (version < 2 || !PICKED_BY_RESOURCE.has(resource)) return typed;
	return {
		displayName: 'Allowed Beneficiaries',
		name: 'allowedBeneficiaries',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Beneficiary',
		default: {},
		noDataExpression: true,
		description: `When set, ${who} pays only these beneficiaries`,
		options: [
			{
				displayName: 'Beneficiary',
				name: 'beneficiaries',
				values: [{ ...beneficiaryField, name: 'beneficiary', noDataExpression: true, description: 'A trusted beneficiary of the organization' }],
			},
		],
	};
}

/** The beneficiary IDs a limit set allows (none: any), as stored: an expression is no ID and matches nothing. */
export function allowedIdsOf(limits: AllowedBeneficiaries): string[] {
	const typed = String(limits.allowedBeneficiaryIds ?? '').split(',');
	const picked = (limits.allowedBeneficiaries?.beneficiaries ?? []).map(({ beneficiary }) =>
		beneficiary && typeof beneficiary === 'object' && 'value' in beneficiary ? String((beneficiary as { value?: unknown }).value ?? '') : String(beneficiary ?? ''),
	);
	return [...typed, ...picked].map((id) => id.trim()).filter(Boolean);
}
