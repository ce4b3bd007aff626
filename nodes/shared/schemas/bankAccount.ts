import { z } from 'zod/v3';

/** `bank_account` of POST and PATCH /v2/bank_accounts: the spec shows only `name`. */
export const bankAccountSchema = z.object({
	name: z
		.string({ required_error: 'is required' })
		.trim()
		.min(1, 'is required')
		.max(100, 'must be at most 100 characters'),
});

export const bankAccountRequestSchema = z.object({ bank_account: bankAccountSchema });
