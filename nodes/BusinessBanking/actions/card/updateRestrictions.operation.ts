import { NodeOperationError, updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';

import { cardRestrictionsSchema } from '../../../shared/schemas/card';
import { apiRequest } from '../../transport';
import { validateBody } from '../common/validation';
import { listParameter, uuidParameter } from '../common/parameters';
import { cardIdField } from './fields';
import type { OperationDescriptor } from '../types';

const properties: INodeProperties[] = [
	cardIdField,
	{
		displayName: 'Restrictions',
		name: 'restrictions',
		type: 'collection',
		placeholder: 'Add Restriction',
		default: {},
		description: 'Only the restrictions added here change; the others keep their values',
		options: [
			{
				displayName: 'Active Days',
				name: 'activeDays',
				type: 'multiOptions',
				default: [1, 2, 3, 4, 5],
				// A literal list, so that n8n's linter can read it; 1 is Monday (ISO 8601).
				options: [
					{ name: 'Monday', value: 1 },
					{ name: 'Tuesday', value: 2 },
					{ name: 'Wednesday', value: 3 },
					{ name: 'Thursday', value: 4 },
					{ name: 'Friday', value: 5 },
					{ name: 'Saturday', value: 6 },
					{ name: 'Sunday', value: 7 },
				],
				description: 'The days the card can be used (at least one)',
			},
			{
				displayName: 'Categories',
				name: 'categories',
				type: 'multiOptions',
				default: [],
				options: [
					{ name: 'Food and Grocery', value: 'food_and_grocery' },
					{ name: 'Gas Station', value: 'gas_station' },
					{ name: 'Hardware and Equipment', value: 'hardware_and_equipment' },
					{ name: 'Hotel and Lodging', value: 'hotel_and_lodging' },
					{ name: 'IT and Electronics', value: 'it_and_electronics' },
					{ name: 'Legal and Accounting', value: 'legal_and_accounting' },
					{ name: 'Manufacturing', value: 'manufacturing' },
					{ name: 'Marketing', value: 'marketing' },
					{ name: 'Office Rental', value: 'office_rental' },
					{ name: 'Office Supply', value: 'office_supply' },
					{ name: 'Online Service', value: 'online_service' },
					{ name: 'Other Service', value: 'other_service' },
					{ name: 'Restaurant and Bar', value: 'restaurant_and_bar' },
					{ name: 'Transport', value: 'transport' },
					{ name: 'Travel Agency', value: 'travel_agency' },
					{ name: 'Utility', value: 'utility' },
				],
				description: 'The only kinds of merchant the card can pay. Leave empty to lift the limit (every kind allowed).',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['card'], operation: ['updateRestrictions'] } }, properties);

const LABELS = { active_days: 'Restrictions → Active Days', categories: 'Restrictions → Categories' };

/** Weekday numbers may come as "1" from an expression; the schema refuses anything else. */
const weekday = (value: unknown) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value);

/** PATCH /v2/cards/{id}/restrictions with only the restrictions given; outputs the card. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = uuidParameter.call(this, 'cardId', 'Card', itemIndex);
	const restrictions = this.getNodeParameter('restrictions', itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	if ('activeDays' in restrictions) body.active_days = listParameter(restrictions.activeDays, 'Restrictions › Active Days (restrictions.activeDays)').map(weekday) as number[];
	if ('categories' in restrictions) body.categories = listParameter(restrictions.categories, 'Restrictions › Categories (restrictions.categories)');
	if (Object.keys(body).length === 0) {
		throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: Restrictions (restrictions) needs Active Days, Categories or both`, { itemIndex });
	}
	const valid = validateBody.call(this, cardRestrictionsSchema, body, itemIndex, LABELS);
	const response = await apiRequest.call(this, 'PATCH', `/v2/cards/${id}/restrictions`, { body: { card: valid as IDataObject }, itemIndex });
	return [{ json: response.card as IDataObject }];
}

export const descriptor: OperationDescriptor = {
	class: 'moneyMoving',
	toolDescription:
		'Changes where and when a card can pay: the days of the week it is active and the merchant categories it may pay. Needs the card id. Returns the card’s new restrictions.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 1,
};
