import { z } from 'zod/v3';

import {
	addressSchema,
	countryCodeSchema,
	currencyCodeSchema,
	dateTimeSchema,
	emailSchema,
	FR_VAT_NUMBER_PATTERN,
	italianAddressIssues,
} from './common';

/**
 * Client rules of the spec (Client) and docs/assumptions.md ("Client rules"), written once: the node checks
 * its input with these before sending, the sandbox validates requests with them. Rules that depend on
 * the organization (freelancer only for Italian organizations, province code required for Italian
 * addresses of Italian organizations, the e-invoicing directory) are the sandbox's.
 * Unknown fields are stripped.
 */

export const CLIENT_KINDS = ['individual', 'company', 'freelancer'] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];
const kindSchema = z.enum(CLIENT_KINDS, { errorMap: () => ({ message: 'must be individual, company or freelancer' }) });

export const CLIENT_LOCALES = ['fr', 'en', 'it', 'de', 'es'] as const;
export type ClientLocale = (typeof CLIENT_LOCALES)[number];
/** fr, en, it, de, es; a form like fr-FR is accepted and stored as fr. */
export const localeSchema = z
	.string()
	.regex(/^(fr|en|it|de|es)(-[A-Za-z]{2})?$/, 'must be one of fr, en, it, de, es (a form like fr-FR is accepted)')
	.transform((value) => value.slice(0, 2) as ClientLocale);

/** siren, siren_siret, siren_siret_routingCode or siren_suffix (parts joined by underscores). */
export const E_INVOICING_ADDRESS_PATTERN = /^\d{9}(_\d{14}(_[A-Za-z0-9-]{1,50})?|_[A-Za-z0-9-]{1,35})?$/;

const max = (length: number) => z.string().max(length, `must be at most ${length} characters`);

const phoneSchema = z.object({
	country_code: z.string().regex(/^\+?\d{1,4}$/, 'must be a calling code such as +33'),
	number: z.string().regex(/^\d[\d ]{0,19}$/, 'must be digits (spaces allowed), at most 20 characters'),
});

const clientFields = {
	first_name: max(60),
	last_name: max(60),
	name: max(250),
	email: emailSchema,
	extra_emails: z.array(emailSchema).max(100, 'must have at most 100 e-mail addresses').nullable(),
	phone: phoneSchema,
	e_invoicing_address: z
		.string()
		.regex(E_INVOICING_ADDRESS_PATTERN, 'must be siren, siren_siret, siren_siret_routingCode or siren_suffix'),
	vat_number: max(20).refine(
		(value) => !value.startsWith('FR') || FR_VAT_NUMBER_PATTERN.test(value),
		'a French VAT number is FR, a 2-character key and the 9-digit SIREN (e.g. FR44552100554)',
	),
	tax_identification_number: max(20),
	address: max(250),
	city: max(50),
	zip_code: max(20),
	province_code: z.string().length(2, 'must be 2 characters'),
	country_code: countryCodeSchema,
	billing_address: addressSchema,
	delivery_address: addressSchema,
	recipient_code: z.string(),
	currency: currencyCodeSchema,
	locale: localeSchema,
};

type FieldsInput = Partial<z.output<z.ZodObject<typeof clientFields>>>;

/** Rules shared by create and update that span several fields. */
function crossFieldIssues(input: FieldsInput, ctx: z.RefinementCtx): void {
	const root = {
		street_address: input.address,
		city: input.city,
		zip_code: input.zip_code,
		province_code: input.province_code,
		country_code: input.country_code,
	};
	for (const issue of italianAddressIssues(root)) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: [issue.field], message: issue.message });
	}
	const country = input.billing_address?.country_code ?? input.country_code;
	if (input.recipient_code !== undefined && country !== undefined && country !== 'IT') {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['recipient_code'], message: 'is for Italian clients only' });
	}
}

const blank = (value: string | undefined) => value === undefined || value.trim() === '';

/** `kind` or, failing it, the deprecated `type`; both sent → kind. */
export function effectiveKind(input: { kind?: ClientKind; type?: ClientKind }): ClientKind | undefined {
	return input.kind ?? input.type;
}

export const clientCreateSchema = z
	.object(clientFields)
	.partial()
	.extend({ kind: kindSchema.optional(), type: kindSchema.optional() })
	.superRefine((input, ctx) => {
		crossFieldIssues(input, ctx);
		const kind = effectiveKind(input);
		if (!kind) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['kind'], message: 'is required (individual, company or freelancer)' });
			return;
		}
		if (kind === 'company' && blank(input.name)) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['name'], message: 'is required for a company' });
		}
		if (kind !== 'company') {
			for (const field of ['first_name', 'last_name'] as const) {
				if (blank(input[field])) {
					ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: `is required for an ${kind === 'individual' ? 'individual' : 'freelancer'}` });
				}
			}
		}
	});
/** What a caller sends (before normalization, e.g. locale fr-FR). */
export type ClientCreateRequest = z.input<typeof clientCreateSchema>;
export type ClientCreateInput = z.output<typeof clientCreateSchema>;

const refused = (field: string) =>
	z.unknown().refine((value) => value === undefined, `${field} cannot be changed after creation`);

export const clientUpdateSchema = z
	.object(clientFields)
	.partial()
	.extend({ kind: refused('kind'), type: refused('type') })
	.superRefine((input, ctx) => crossFieldIssues(input, ctx))
	.transform((input) => {
		const rest = { ...input };
		delete rest.kind;
		delete rest.type;
		return rest as Omit<typeof input, 'kind' | 'type'>;
	});
export type ClientUpdateRequest = z.input<typeof clientUpdateSchema>;
export type ClientUpdateInput = z.output<typeof clientUpdateSchema>;

export const CLIENT_SORTS = [
	'created_at:asc',
	'created_at:desc',
	'updated_at:asc',
	'updated_at:desc',
	'name:asc',
	'name:desc',
] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

const pageNumber = (label: string, upper?: number) => {
	let schema = z.coerce.number({ invalid_type_error: `${label} must be an integer` }).int(`${label} must be an integer`).min(1, `${label} must be at least 1`);
	if (upper) schema = schema.max(upper, `${label} must be at most ${upper}`);
	return schema;
};

/**
 * The list query as an object: `filter` holds the keys sent as `filter[key]=…`. Pagination: page
 * from 1, per_page 1 to 100 (default 100). Sort default name:asc.
 */
export const clientListQuerySchema = z.object({
	filter: z
		.object({
			// Matched exactly (ignoring case): values to look for, not to check. A value no client can
			// have (an incomplete address, a malformed VAT number) finds nothing; it is not an error.
			tax_identification_number: z.string().optional(),
			vat_number: z.string().optional(),
			email: z.string().optional(),
			name: z.string().min(2, 'must be at least 2 characters').optional(),
			updated_at_from: dateTimeSchema.optional(),
			updated_at_to: dateTimeSchema.optional(),
		})
		.optional(),
	sort_by: z
		.enum(CLIENT_SORTS, { errorMap: () => ({ message: `must be one of ${CLIENT_SORTS.join(', ')}` }) })
		.default('name:asc'),
	page: pageNumber('page').default(1),
	per_page: pageNumber('per_page', 100).default(100),
});
export type ClientListQuery = z.output<typeof clientListQuerySchema>;
export type ClientListFilter = NonNullable<ClientListQuery['filter']>;
