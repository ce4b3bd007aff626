import { z } from 'zod/v3';

/**
 * Card restriction rules (spec: Card; the category list is ours, the spec does not show one).
 * Days are ISO 8601 weekday numbers: 1 is Monday, 7 is Sunday.
 */

export const CARD_CATEGORIES = [
	'transport',
	'restaurant_and_bar',
	'food_and_grocery',
	'hotel_and_lodging',
	'gas_station',
	'online_service',
	'office_rental',
	'office_supply',
	'it_and_electronics',
	'marketing',
	'legal_and_accounting',
	'utility',
	'travel_agency',
	'hardware_and_equipment',
	'manufacturing',
	'other_service',
] as const;
export type CardCategory = (typeof CARD_CATEGORIES)[number];

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const unique = <T>(values: T[]) => new Set(values).size === values.length;

/**
 * `card` of PATCH /v2/cards/{id}/restrictions. Send either list or both; what is not sent keeps its
 * value. active_days: the days the card works (at least one). categories: the merchant categories
 * the card is limited to; an empty list lifts the limit (every category allowed).
 */
export const cardRestrictionsSchema = z
	.object({
		active_days: z
			.array(
				z
					.number({ invalid_type_error: 'must be whole numbers from 1 (Monday) to 7 (Sunday)' })
					.int('must be whole numbers from 1 (Monday) to 7 (Sunday)')
					.min(1, 'must be whole numbers from 1 (Monday) to 7 (Sunday)')
					.max(7, 'must be whole numbers from 1 (Monday) to 7 (Sunday)'),
				{ invalid_type_error: 'must be a list of weekday numbers' },
			)
			.min(1, 'must hold at least one day (a card with no active day cannot be used)')
			.refine(unique, 'must not repeat a day')
			.optional(),
		categories: z
			.array(z.enum(CARD_CATEGORIES, { errorMap: () => ({ message: `must be one of ${CARD_CATEGORIES.join(', ')}` }) }), {
				invalid_type_error: 'must be a list of categories',
			})
			.refine(unique, 'must not repeat a category')
			.optional(),
	})
	.refine((card) => card.active_days !== undefined || card.categories !== undefined, {
		message: 'must contain active_days, categories or both',
	});
export type CardRestrictions = z.infer<typeof cardRestrictionsSchema>;

export const cardRestrictionsRequestSchema = z.object({ card: cardRestrictionsSchema });
