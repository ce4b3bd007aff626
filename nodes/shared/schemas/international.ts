import { z } from 'zod/v3';

import { currencySchema, moneySchema } from './transfer';

const uuid = z.string().uuid('must be a UUID');

/** POST /v2/international/quotes: exactly one of source_amount and target_amount fixes the quote. */
export const quoteRequestSchema = z
	.object({
		source_currency: currencySchema,
		target_currency: currencySchema,
		source_amount: moneySchema.optional(),
		target_amount: moneySchema.optional(),
	})
	.superRefine((quote, issues) => {
		if (!quote.source_amount === !quote.target_amount) {
			issues.addIssue({ code: 'custom', path: ['source_amount'], message: 'give either source_amount or target_amount' });
		}
		if (quote.source_amount && quote.source_amount.currency !== quote.source_currency) {
			issues.addIssue({ code: 'custom', path: ['source_amount', 'currency'], message: 'must equal source_currency' });
		}
		if (quote.target_amount && quote.target_amount.currency !== quote.target_currency) {
			issues.addIssue({ code: 'custom', path: ['target_amount', 'currency'], message: 'must equal target_currency' });
		}
		if (quote.source_currency === quote.target_currency) {
			issues.addIssue({ code: 'custom', path: ['target_currency'], message: 'must differ from source_currency' });
		}
	});

/** The body of POST and PUT /v2/international/beneficiaries; `details` is checked against the requirements. */
export const internationalBeneficiarySchema = z.object({
	quote_id: uuid,
	payload: z.object({
		currency: currencySchema,
		type: z.string().min(1, 'is required'),
		details: z.record(z.unknown()),
	}),
});

/** The body of POST /v2/international/transfers; `details` is checked against the requirements. */
export const internationalTransferSchema = z.object({
	beneficiary_id: uuid,
	quote_id: uuid,
	target_account_id: z.string().min(1, 'is required'),
	details: z.record(z.unknown()),
	source_amount: moneySchema,
	target_amount: moneySchema,
	bank_account_id: uuid.optional(),
	attachment_ids: z.array(uuid).optional(),
});

/** X-Service-2fa-Preference values; paired-device when the header is absent. */
export const TWO_FA_PREFERENCES = ['paired-device', 'passkey', 'mock', 'sms-otp'] as const;
export type TwoFaPreference = (typeof TWO_FA_PREFERENCES)[number];
