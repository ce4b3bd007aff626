import type { INodeProperties } from 'n8n-workflow';

const UUID_REGEX = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** The card to act on: picked from a searchable list, or given by its ID. */
export const cardIdField: INodeProperties = {
	displayName: 'Card',
	name: 'cardId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The card to use',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a card…',
			typeOptions: { searchListMethod: 'searchCards', searchable: true, searchFilterRequired: false },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 3f1c2b7e-8a4d-4c1e-9b2f-0d5e6a7b8c9d',
			validation: [{ type: 'regex', properties: { regex: UUID_REGEX, errorMessage: 'A card ID is a UUID' } }],
		},
	],
};
