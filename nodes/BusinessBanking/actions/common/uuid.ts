import type { INodeProperties } from 'n8n-workflow';

import { uuidSchema } from '../../../shared/schemas/common';

/** What a UUID looks like, as the regex text of the editor's "By ID" checks (any case). */
export const UUID_REGEX = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** The same rule for values read at run time (an expression bypasses the editor's check). */
export function isUuid(value: string): boolean {
	return uuidSchema.safeParse(value).success;
}

interface UuidLocatorField {
	displayName: string;
	name: string;
	description: string;
	/** The listSearch method of the "From List" mode, and that mode's placeholder. */
	searchListMethod: string;
	listPlaceholder: string;
	/** What the editor says when the "By ID" value is not a UUID. */
	idError: string;
}

/** A required resource locator for an object known by a UUID: picked from a searchable list, or given by its ID. */
export function uuidLocator(field: UuidLocatorField): INodeProperties {
	return {
		displayName: field.displayName,
		name: field.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: field.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: field.listPlaceholder,
				typeOptions: { searchListMethod: field.searchListMethod, searchable: true, searchFilterRequired: false },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 3f1c2b7e-8a4d-4c1e-9b2f-0d5e6a7b8c9d',
				validation: [{ type: 'regex', properties: { regex: UUID_REGEX, errorMessage: field.idError } }],
			},
		],
	};
}
