import { z } from 'zod/v3';

import { currencyCodeSchema, dateSchema } from './common';
import { amountValueSchema } from './money';

/**
 * Insurance contract rules (spec: Insurance contract). The spec shows no allowed values for origin,
 * type, status and payment_frequency: these lists are ours.
 */

export const INSURANCE_ORIGINS = ['partner', 'bank', 'external'] as const;
export const INSURANCE_TYPES = [
	'professional_liability',
	'multi_risk',
	'cyber',
	'legal_protection',
	'health',
	'provident',
	'vehicle',
	'equipment',
	'other',
] as const;
export const INSURANCE_STATUSES = ['pending', 'active', 'expired', 'cancelled'] as const;
export const PAYMENT_FREQUENCIES = ['monthly', 'quarterly', 'half_yearly', 'yearly', 'one_off'] as const;

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
	z.enum(values, { errorMap: () => ({ message: `must be one of ${values.join(', ')}` }) });

const requiredText = (max: number) =>
	z.string({ required_error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

const httpsUrl = z
	.string()
	.max(2048, 'must be at most 2048 characters')
	.refine((value) => {
		try {
			return new URL(value).protocol === 'https:';
		} catch {
			return false;
		}
	}, 'must be an https:// address');

/** A money object whose value may be 0 (a contract included in a plan) and has at most 2 decimals. */
const priceSchema = z.object({
	value: amountValueSchema(),
	currency: currencyCodeSchema,
});

/** `insurance_contract` of POST /v2/insurance_contracts. */
export const insuranceContractSchema = z
	.object({
		name: requiredText(250),
		contract_id: requiredText(100),
		origin: oneOf(INSURANCE_ORIGINS),
		provider_slug: z
			.string({ required_error: 'is required' })
			.max(100, 'must be at most 100 characters')
			.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a slug: lowercase letters and digits joined by hyphens, e.g. "acme-assurances"'),
		type: oneOf(INSURANCE_TYPES),
		status: oneOf(INSURANCE_STATUSES),
		start_date: z.string({ required_error: 'is required', invalid_type_error: 'must be a date written YYYY-MM-DD' }).pipe(dateSchema),
		payment_frequency: oneOf(PAYMENT_FREQUENCIES),
		price: z.object(priceSchema.shape, { required_error: 'is required', invalid_type_error: 'must be a money object { value, currency }' }),
		expiration_date: dateSchema.nullable().optional(),
		renewal_date: dateSchema.nullable().optional(),
		troubleshooting_url: httpsUrl.nullable().optional(),
		service_url: httpsUrl.nullable().optional(),
	})
	.superRefine((contract, ctx) => {
		// Dates are YYYY-MM-DD, so comparing the strings compares the days.
		if (contract.expiration_date && contract.expiration_date < contract.start_date) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['expiration_date'], message: 'must be on or after start_date' });
		}
		if (contract.renewal_date && contract.renewal_date < contract.start_date) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['renewal_date'], message: 'must be on or after start_date' });
		}
		if (contract.renewal_date && contract.expiration_date && contract.renewal_date > contract.expiration_date) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['renewal_date'], message: 'must be on or before expiration_date' });
		}
		if (contract.status === 'expired' && !contract.expiration_date) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['expiration_date'], message: 'is required when status is expired' });
		}
	});
export type InsuranceContractInput = z.infer<typeof insuranceContractSchema>;

export const insuranceContractRequestSchema = z.object({ insurance_contract: insuranceContractSchema });
