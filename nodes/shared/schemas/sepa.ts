import { z } from 'zod/v3';

import { dateSchema, uuidSchema } from './common';
import { amountValueSchema } from './money';

/**
 * SEPA direct debit rules (spec: SEPA direct debit; our defaults where it is silent), written once:
 * the node checks its input with them, the sandbox validates requests with them. Rules that need
 * state (the client exists, the account is the organization's, the date is not past on the
 * sandbox's clock) live in the sandbox.
 */

/** How often a subscription collects: one_off (the spec) and the recurring rhythms we chose. */
export const SCHEDULE_TYPES = ['one_off', 'weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

export const REFERENCE_MAX_LENGTH = 140;

/** Present and well-formed: a missing field says "is required", not zod's bare "Required". */
const required = <T extends z.ZodTypeAny>(schema: T) => z.string({ required_error: 'is required', invalid_type_error: 'must be a string' }).pipe(schema);
const uuid = required(uuidSchema);

const booleanField = z.boolean({ invalid_type_error: 'must be true or false' });

/** `direct_debit_mandate` of POST /v2/sepa/direct_debit_mandates. */
export const mandateSchema = z.object({
	client_id: uuid,
	send_mandate_signature_email: booleanField.optional(),
});
export type MandateInput = z.infer<typeof mandateSchema>;

/** SEPA direct debits are in euros, for more than zero, with at most 2 decimals. */
export const directDebitAmountSchema = z.object(
	{
		value: amountValueSchema({ positive: true }),
		currency: z.literal('EUR', { errorMap: () => ({ message: 'must be EUR (SEPA direct debits are in euros)' }) }),
	},
	{ required_error: 'is required', invalid_type_error: 'must be a money object { value, currency }' },
);

/**
 * `direct_debit_subscription` of POST /v2/sepa/direct_debit_subscriptions. Without
 * direct_debit_mandate_id a mandate is created for the client (and its sign_url returned);
 * send_mandate_signature_email only matters then.
 */
export const subscriptionSchema = z.object({
	client_id: uuid,
	bank_account_id: uuid,
	initial_collection_date: required(dateSchema),
	amount: directDebitAmountSchema,
	reference: z
		.string({ required_error: 'is required' })
		.trim()
		.min(1, 'is required')
		.max(REFERENCE_MAX_LENGTH, `must be at most ${REFERENCE_MAX_LENGTH} characters`),
	schedule_type: z.enum(SCHEDULE_TYPES, { errorMap: () => ({ message: `must be one of ${SCHEDULE_TYPES.join(', ')}` }) }),
	notify_client: booleanField.optional(),
	direct_debit_mandate_id: uuid.optional(),
	send_mandate_signature_email: booleanField.optional(),
});
export type SubscriptionInput = z.infer<typeof subscriptionSchema>;

export const mandateRequestSchema = z.object({ direct_debit_mandate: mandateSchema });
export const subscriptionRequestSchema = z.object({ direct_debit_subscription: subscriptionSchema });
