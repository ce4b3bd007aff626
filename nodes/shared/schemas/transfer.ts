import { z } from 'zod/v3';

import { dateSchema } from './common';
import { amountValueSchema } from './money';

export { AMOUNT_PATTERN } from './money';

/** A transfer amount: the money rule (schemas/money.ts), more than 0. */
export const amountSchema = amountValueSchema({ positive: true });

export const currencySchema = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as EUR');

export { dateSchema };

/** The money object of the spec. */
export const moneySchema = z.object({ value: amountSchema, currency: currencySchema });

const uuid = z.string().uuid('must be a UUID');

/** A compact IBAN: two letters, two check digits, up to 30 letters or digits (spaces removed first). */
export const ibanSchema = z
	.string()
	.transform((value) => value.replace(/\s+/g, '').toUpperCase())
	.pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, 'must be an IBAN'));

/**
 * `external_transfer` of POST /v2/external_transfers. The spec does not say which fields are
 * required; these are the ones a transfer cannot be made without.
 */
export const externalTransferSchema = z.object({
	beneficiary_id: uuid,
	debit_iban: ibanSchema,
	amount: amountSchema,
	currency: currencySchema,
	reference: z.string().min(1, 'is required').max(140, 'must be at most 140 characters'),
	note: z.string().max(500).optional(),
	scheduled_date: dateSchema.optional(),
	attachment_ids: z.array(uuid).optional(),
});

export const externalTransferRequestSchema = z.object({
	vop_proof_token: z.string({ required_error: 'is required' }).min(1, 'is required'),
	external_transfer: externalTransferSchema,
});

export const payeeVerificationSchema = z.object({
	iban: ibanSchema,
	beneficiary_name: z.string().min(1, 'is required').max(140),
});

export const payeeVerificationSkipSchema = z.object({ iban: ibanSchema });

export type ExternalTransferInput = z.infer<typeof externalTransferSchema>;

/** Results of a payee verification (docs/assumptions.md). */
export const PAYEE_VERIFICATION_RESULTS = ['match', 'close_match', 'no_match', 'not_possible'] as const;
export type PayeeVerificationResult = (typeof PAYEE_VERIFICATION_RESULTS)[number];

/** Statuses an external transfer moves through (docs/assumptions.md, States). */
export const EXTERNAL_TRANSFER_STATUSES = ['pending', 'processed', 'completed', 'declined'] as const;
