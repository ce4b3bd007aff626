import { randomUUID } from 'crypto';
import type { FastifyRequest } from 'fastify';

import type { SandboxContext } from '../../core/context';
import { ApiError } from '../../core/errors';
import { clientsOf } from '../clients';
import { sepaOf, type Mandate, type MandateSchedule } from './store';

/** The address the sandbox answers on, as the caller reached it (sign_url points back at it). */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export const signPath = (mandateId: string) => `/sandbox/direct_debit_mandates/${mandateId}/sign`;

/** 422 unless the client exists in the organization; `root` names the wrapper, e.g. /direct_debit_mandate. */
export function requireClient(ctx: SandboxContext, organizationId: string, clientId: string, root: string): void {
	if (!clientsOf(ctx).get(organizationId, clientId)) {
		throw ApiError.validation(`${root}/client_id`, `client_id: no client ${clientId} in this organization`, 'not_found');
	}
}

/**
 * A Unique Mandate Reference: unique per creditor, at most 35 characters from the SEPA set. Ours is
 * the organization's slug initials, the creation day and a counter, e.g. ATLU-20260105-000001.
 */
function nextReference(ctx: SandboxContext, organizationId: string): string {
	const n = ctx.nextInSequence(`sepa_mandate_reference:${organizationId}`);
	const slug = ctx.organization(organizationId).slug;
	const prefix = slug.replace(/[^a-z0-9]/gi, '').slice(0, 4).toUpperCase();
	const day = ctx.clock.now().toISOString().slice(0, 10).replace(/-/g, '');
	return `${prefix}-${day}-${String(n).padStart(6, '0')}`;
}

/** A new mandate awaiting the client's signature at its sign_url. */
export function createMandate(
	ctx: SandboxContext,
	request: FastifyRequest,
	organizationId: string,
	input: { client_id: string; schedule_type: MandateSchedule; notify_client: boolean },
): Mandate {
	const id = randomUUID();
	return sepaOf(ctx).mandates.insert(organizationId, {
		id,
		unique_mandate_reference: nextReference(ctx, organizationId),
		client_id: input.client_id,
		status: 'pending_signature',
		created_at: ctx.clock.now().toISOString(),
		mandate_signature_date: null,
		schedule_type: input.schedule_type,
		notify_client: input.notify_client,
		sign_url: `${originOf(request)}${signPath(id)}`,
	});
}

/**
 * pending_signature → active (the client signed): the signature date is the sandbox's day, the
 * sign_url is spent, and the mandate's pending subscriptions become active.
 */
export function signMandate(ctx: SandboxContext, mandateId: string): { organizationId: string; mandate: Mandate } {
	const state = sepaOf(ctx);
	const found = state.mandates.find(mandateId);
	if (!found) throw ApiError.notFound(`Direct debit mandate ${mandateId}`);
	if (found.row.status !== 'pending_signature') {
		throw ApiError.single(409, 'invalid_state', `The mandate is ${found.row.status}; only a mandate pending signature can be signed`);
	}
	const signed = state.mandates.update(found.organizationId, mandateId, {
		...found.row,
		status: 'active',
		mandate_signature_date: ctx.clock.now().toISOString().slice(0, 10),
		sign_url: null,
	});
	for (const subscription of state.subscriptions.list(found.organizationId)) {
		if (subscription.direct_debit_mandate_id === mandateId && subscription.status === 'pending') {
			state.subscriptions.update(found.organizationId, subscription.id, { ...subscription, status: 'active', sign_url: null });
		}
	}
	return { organizationId: found.organizationId, mandate: signed };
}
