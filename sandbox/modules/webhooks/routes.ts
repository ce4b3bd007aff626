import { randomUUID } from 'crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod/v3';

import type { SandboxContext } from '../../core/context';
import { ApiError } from '../../core/errors';
import { organizationId } from '../../core/guard';
import { pageParams, paginate } from '../../core/pagination';
import {
	partnerEndpointUpdateSchema,
	webhookEventTypeSchema,
	webhookSubscriptionCreateSchema,
} from '../../../nodes/shared/schemas/webhook';
import type { Deliverer } from './delivery';
import { newSubscriptionSecret, publicPartnerEndpoint, publicSubscription, type WebhookStore } from './store';

/** Parses `schema` or throws the 422 that names each broken field under `root`. */
function parse<T>(schema: z.ZodType<T>, value: unknown, root: string): T {
	if (value === undefined || value === null || typeof value !== 'object') {
		throw ApiError.validation(root || '/', `${root.slice(1) || 'the body'} is required and must be an object`, 'required');
	}
	const result = schema.safeParse(value);
	if (!result.success) throw ApiError.fromZod(result.error, root);
	return result.data;
}

const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

/** `/v2/webhook_subscriptions`: create (secret shown once), list, get (not wrapped, per the spec), delete. */
export function registerSubscriptionRoutes(app: FastifyInstance, ctx: SandboxContext, store: WebhookStore): void {
	app.post('/v2/webhook_subscriptions', { config: { scope: 'webhooks.write' } }, async (request, reply) => {
		const input = parse(webhookSubscriptionCreateSchema, body(request).webhook_subscription, '/webhook_subscription');
		const orgId = organizationId(request);
		const membershipId = ctx.users.get(request.grant.userId)?.memberships[orgId];
		if (!membershipId) throw ApiError.single(403, 'forbidden', 'The user is not a member of this organization');
		const now = ctx.clock.now().toISOString();
		const subscription = store.subscriptions.insert(orgId, {
			id: randomUUID(),
			organization_id: orgId,
			membership_id: membershipId,
			callback_url: input.callback_url,
			types: [...new Set(input.types)],
			created_at: now,
			updated_at: now,
			description: input.description ?? null,
			secret: newSubscriptionSecret(),
		});
		// The only response that carries the secret.
		return reply.code(201).send({ webhook_subscription: { ...publicSubscription(subscription), secret: subscription.secret } });
	});

	app.get<{ Querystring: { page?: string; per_page?: string } }>('/v2/webhook_subscriptions', { config: { scope: 'webhooks.read' } }, async (request) => {
		const { page, perPage } = pageParams(request.query);
		// Oldest first; the id breaks ties so that pages never overlap.
		const subscriptions = store.subscriptions
			.list(organizationId(request))
			.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))
			.map(publicSubscription);
		const { items, meta } = paginate(subscriptions, page, perPage);
		return { webhook_subscriptions: items, meta };
	});

	app.get<{ Params: { id: string } }>('/v2/webhook_subscriptions/:id', { config: { scope: 'webhooks.read' } }, async (request) => {
		const subscription = store.subscriptions.get(organizationId(request), request.params.id);
		if (!subscription) throw ApiError.notFound('Webhook subscription');
		return publicSubscription(subscription);
	});

	app.delete<{ Params: { id: string } }>('/v2/webhook_subscriptions/:id', { config: { scope: 'webhooks.write' } }, async (request, reply) => {
		if (!store.subscriptions.delete(organizationId(request), request.params.id)) throw ApiError.notFound('Webhook subscription');
		return reply.code(204).send();
	});
}

/** `PATCH /register/webhooks/{id}`: the partner endpoint of the caller's organization, behind Service-Partner-Id. */
export function registerPartnerRoutes(app: FastifyInstance, ctx: SandboxContext, store: WebhookStore): void {
	app.patch<{ Params: { id: string } }>('/register/webhooks/:id', { config: { scope: 'webhooks.write' } }, async (request) => {
		const partnerId = request.headers['service-partner-id'];
		const expected = ctx.applications.get(request.grant.applicationId)?.partnerId;
		if (typeof partnerId !== 'string' || !expected || partnerId !== expected) {
			throw ApiError.single(403, 'invalid_partner_id', 'Service-Partner-Id is missing or does not match this application');
		}
		const orgId = organizationId(request);
		const endpoint = store.partnerEndpoints.get(orgId, request.params.id);
		if (!endpoint) throw ApiError.notFound('Partner webhook endpoint');
		const input = parse(partnerEndpointUpdateSchema, request.body, '');
		const updated = store.partnerEndpoints.update(orgId, endpoint.id, {
			...endpoint,
			callback_url: input.callback_url,
			enabled: input.enabled,
			secret: input.secret,
			updated_at: ctx.clock.now().toISOString(),
		});
		return { webhook_subscription: publicPartnerEndpoint(updated) };
	});
}

const emitSchema = z.object({
	organization_id: z.string(),
	type: webhookEventTypeSchema,
	data: z.record(z.unknown()).optional(),
	duplicate: z.boolean().optional(),
});

/**
 * Simulation controls: `POST /sandbox/events` emits an event of any type (with `duplicate: true`
 * the same envelope is delivered a second time once the first delivery settled), and
 * `GET /sandbox/deliveries` reads the delivery log (`?event_id=` narrows it).
 */
export function registerSimulationRoutes(app: FastifyInstance, ctx: SandboxContext, deliverer: Deliverer): void {
	app.post('/sandbox/events', async (request, reply) => {
		const input = parse(emitSchema, request.body, '');
		if (!ctx.organizations.has(input.organization_id)) {
			throw ApiError.validation('/organization_id', `organization_id: unknown organization ${input.organization_id}`, 'not_found');
		}
		const event = ctx.events.emit(input.type, input.organization_id, input.data ?? {});
		if (input.duplicate) void deliverer.redeliverAfterSettled(event);
		return reply.code(201).send({ event });
	});

	app.get<{ Querystring: { event_id?: string } }>('/sandbox/deliveries', async (request) => {
		const eventId = request.query.event_id;
		return { deliveries: deliverer.log.filter((entry) => !eventId || entry.event_id === eventId) };
	});
}
