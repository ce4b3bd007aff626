import type { INodeProperties } from 'n8n-workflow';

import { uuidLocator } from '../common/uuid';

/** The card to act on: picked from a searchable list, or given by its ID. */
export const cardIdField: INodeProperties = uuidLocator({
	displayName: 'Card',
	name: 'cardId',
	description: 'The card to use',
	searchListMethod: 'searchCards',
	listPlaceholder: 'Select a card…',
	idError: 'A card ID is a UUID',
});
