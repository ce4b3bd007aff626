import { z } from 'zod/v3';

/**
 * Webhook rules of the spec (Webhook subscription, Partner webhook endpoint, Events) and
 * docs/assumptions.md (Webhooks), written once: the trigger checks its callback URL with them before
 * subscribing, the sandbox validates requests with them.
 */

/** The spec's ten event types (Events 1), in its order. */
export const WEBHOOK_EVENT_TYPES = [
	'v1/transactions',
	'v1/accounts',
	'v1/organizations',
	'v1/memberships',
	'v1/consent-revocations',
	'v1/cards',
	'v1/payment-links',
	'v1/payment-links-connections',
	'v1/beneficiaries',
	'v1/client-invoices',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, {
	errorMap: () => ({ message: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` }),
});

export const CALLBACK_URL_MAX_LENGTH = 512;
export const DESCRIPTION_MAX_LENGTH = 256;

/**
 * Plain http:// to a loopback host. The spec allows https:// only; we also accept http:// for
 * localhost, 127.0.0.1 and [::1] so that an n8n running on the developer's own machine can
 * subscribe to the local sandbox. Nothing outside the machine is reachable that way.
 */
const LOOPBACK_HTTP = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?(\/|$)/i;

export function isAcceptedCallbackUrl(url: string): boolean {
	if (/\s/.test(url) || !URL.canParse(url)) return false;
	return /^https:\/\/[^/\s]+/i.test(url) || LOOPBACK_HTTP.test(url);
}

export const callbackUrlSchema = z
	.string()
	.max(CALLBACK_URL_MAX_LENGTH, `must be at most ${CALLBACK_URL_MAX_LENGTH} characters`)
	.refine(isAcceptedCallbackUrl, 'must start with https:// (http:// only for localhost, 127.0.0.1 or [::1])');

/** Body of `POST /v2/webhook_subscriptions`, inside its `webhook_subscription` wrapper. */
export const webhookSubscriptionCreateSchema = z.object({
	callback_url: callbackUrlSchema,
	types: z.array(webhookEventTypeSchema).min(1, 'must hold at least 1 event type'),
	description: z
		.string()
		.max(DESCRIPTION_MAX_LENGTH, `must be at most ${DESCRIPTION_MAX_LENGTH} characters`)
		.nullable()
		.optional(),
});
export type WebhookSubscriptionCreate = z.infer<typeof webhookSubscriptionCreateSchema>;

/** Body of `PATCH {register_url}/register/webhooks/{id}`: all three fields are required. */
export const partnerEndpointUpdateSchema = z.object({
	callback_url: callbackUrlSchema,
	enabled: z.boolean({ required_error: 'is required', invalid_type_error: 'must be a boolean' }),
	secret: z.string({ required_error: 'is required' }).min(1, 'must not be empty'),
});
export type PartnerEndpointUpdate = z.infer<typeof partnerEndpointUpdateSchema>;

/** The body of every delivery (docs/assumptions.md): receivers deduplicate by `id`. */
export const eventEnvelopeSchema = z.object({
	id: z.string().min(1),
	type: z.string().min(1),
	created_at: z.string(),
	organization_id: z.string(),
	data: z.unknown(),
});
export type EventEnvelope = z.infer<typeof eventEnvelopeSchema>;

/** Signature headers and scheme defaults (docs/assumptions.md, Webhooks). */
export const SUBSCRIPTION_SIGNATURE_HEADER = 'X-Service-Signature';
export const PARTNER_SIGNATURE_HEADER = 'Service-SHA256-Signature';
export const SIGNATURE_TOLERANCE_SECONDS = 300;
