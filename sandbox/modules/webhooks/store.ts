import { randomBytes } from 'crypto';

import type { Collection } from '../../core/collection';
import type { SandboxContext } from '../../core/context';
import { SEED } from '../../core/seed';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../nodes/shared/schemas/webhook';

/** A webhook subscription: the spec's fields, and the secret that only the create response shows. */
export interface WebhookSubscription {
	id: string;
	organization_id: string;
	membership_id: string;
	callback_url: string;
	types: WebhookEventType[];
	created_at: string;
	updated_at: string;
	description: string | null;
	secret: string;
}

/** A partner webhook endpoint: one per organization, pre-seeded, changed only by PATCH. */
export interface PartnerEndpoint {
	id: string;
	organization_id: string;
	callback_url: string | null;
	enabled: boolean;
	secret: string | null;
	created_at: string;
	updated_at: string;
}

/**
 * The fixed ids of the seeded partner endpoints, one per seeded organization. The spec has no way
 * to create one (a partner gets its endpoint id from the developer portal), so the sandbox seeds
 * them disabled and `PATCH /register/webhooks/{id}` turns them on.
 */
export const PARTNER_ENDPOINT_IDS: Record<keyof typeof SEED.organizations, string> = {
	fr: '9a7e1d00-0000-4000-8000-000000000001',
	it: '9a7e1d00-0000-4000-8000-000000000002',
	es: '9a7e1d00-0000-4000-8000-000000000003',
	de: '9a7e1d00-0000-4000-8000-000000000004',
};

/** What the API shows of a subscription: never the secret (the create response adds it itself). */
export function publicSubscription(subscription: WebhookSubscription): Omit<WebhookSubscription, 'secret'> {
	const { secret: _secret, ...shown } = subscription;
	return shown;
}

/** The partner endpoint as the PATCH answers it: its settings, every event type, never the secret. */
export function publicPartnerEndpoint(endpoint: PartnerEndpoint) {
	const { secret: _secret, ...shown } = endpoint;
	return { ...shown, types: [...WEBHOOK_EVENT_TYPES] };
}

/** A subscription secret: 32 random bytes, hex (what the receiver keys its HMAC with). */
export const newSubscriptionSecret = () => `whsec_${randomBytes(32).toString('hex')}`;

export class WebhookStore {
	readonly subscriptions: Collection<WebhookSubscription>;
	readonly partnerEndpoints: Collection<PartnerEndpoint>;

	constructor(private readonly ctx: SandboxContext) {
		this.subscriptions = ctx.collection('webhook_subscriptions');
		this.partnerEndpoints = ctx.collection('partner_webhook_endpoints');
	}

	clear(): void {
		this.subscriptions.clear();
		this.partnerEndpoints.clear();
	}

	seed(): void {
		const now = this.ctx.clock.now().toISOString();
		for (const [key, id] of Object.entries(PARTNER_ENDPOINT_IDS)) {
			const organizationId = SEED.organizations[key as keyof typeof SEED.organizations];
			this.partnerEndpoints.insert(organizationId, {
				id,
				organization_id: organizationId,
				callback_url: null,
				enabled: false,
				secret: null,
				created_at: now,
				updated_at: now,
			});
		}
	}

	/** Where an event of this organization and type goes: matching subscriptions, then the enabled partner endpoint. */
	targetsFor(organizationId: string, type: string): DeliveryTarget[] {
		const targets: DeliveryTarget[] = this.subscriptions
			.list(organizationId)
			.filter((s) => (s.types as string[]).includes(type))
			.map((s) => ({ kind: 'subscription', id: s.id, callbackUrl: s.callback_url, secret: s.secret }));
		for (const endpoint of this.partnerEndpoints.list(organizationId)) {
			if (endpoint.enabled && endpoint.callback_url && endpoint.secret) {
				targets.push({ kind: 'partner', id: endpoint.id, callbackUrl: endpoint.callback_url, secret: endpoint.secret });
			}
		}
		return targets;
	}
}

export interface DeliveryTarget {
	kind: 'subscription' | 'partner';
	id: string;
	callbackUrl: string;
	secret: string;
}
