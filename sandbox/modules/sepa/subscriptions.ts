import { randomUUID } from 'crypto';
import type { FastifyRequest } from 'fastify';

import type { SandboxContext } from '../../core/context';
import { ApiError } from '../../core/errors';
import type { SubscriptionInput } from '../../../nodes/shared/schemas/sepa';
import { createMandate, requireClient } from './mandates';
import { sepaOf, type Mandate, type Subscription } from './store';

const ROOT = '/direct_debit_subscription';

/** The checks that need the organization's state, in the order a user fixes them. */
function checkState(ctx: SandboxContext, organizationId: string, input: SubscriptionInput): Mandate | undefined {
	requireClient(ctx, organizationId, input.client_id, ROOT);
	const account = ctx.bankAccounts.get(organizationId, input.bank_account_id);
	if (!account) {
		throw ApiError.validation(`${ROOT}/bank_account_id`, `bank_account_id: no business account ${input.bank_account_id} in this organization`, 'not_found');
	}
	if (account.status !== 'active') {
		throw ApiError.validation(`${ROOT}/bank_account_id`, `bank_account_id: the account is ${account.status}; collections need an active account`);
	}
	const today = ctx.clock.now().toISOString().slice(0, 10);
	if (input.initial_collection_date < today) {
		throw ApiError.validation(`${ROOT}/initial_collection_date`, `initial_collection_date: must be today (${today}) or later`);
	}
	if (input.direct_debit_mandate_id === undefined) return undefined;
	const mandate = sepaOf(ctx).mandates.get(organizationId, input.direct_debit_mandate_id);
	const pointer = `${ROOT}/direct_debit_mandate_id`;
	if (!mandate) throw ApiError.validation(pointer, `direct_debit_mandate_id: no mandate ${input.direct_debit_mandate_id} in this organization`, 'not_found');
	if (mandate.client_id !== input.client_id) {
		throw ApiError.validation(pointer, 'direct_debit_mandate_id: the mandate belongs to another client');
	}
	if (mandate.schedule_type === 'one_off') {
		const used = sepaOf(ctx).subscriptions.list(organizationId).some((s) => s.direct_debit_mandate_id === mandate.id);
		if (used) throw ApiError.validation(pointer, 'direct_debit_mandate_id: this one-off mandate already has its collection');
	}
	return mandate;
}

/**
 * A subscription on the given mandate, or on a new one for the client (whose sign_url is returned).
 * It is pending until its mandate is active, active at once on an active mandate.
 */
export function createSubscription(ctx: SandboxContext, request: FastifyRequest, organizationId: string, input: SubscriptionInput): Subscription {
	const existing = checkState(ctx, organizationId, input);
	const mandate =
		existing ??
		createMandate(ctx, request, organizationId, {
			client_id: input.client_id,
			schedule_type: input.schedule_type === 'one_off' ? 'one_off' : 'recurring',
			notify_client: input.send_mandate_signature_email ?? false,
		});
	const active = mandate.status === 'active';
	return sepaOf(ctx).subscriptions.insert(organizationId, {
		id: randomUUID(),
		direct_debit_mandate_id: mandate.id,
		bank_account_id: input.bank_account_id,
		initial_collection_date: input.initial_collection_date,
		amount: { value: input.amount.value, currency: 'EUR' },
		reference: input.reference,
		status: active ? 'active' : 'pending',
		schedule_type: input.schedule_type,
		notify_client: input.notify_client ?? false,
		created_at: ctx.clock.now().toISOString(),
		sign_url: active ? null : mandate.sign_url,
	});
}
