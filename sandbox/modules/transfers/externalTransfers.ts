import Big from 'big.js';
import { randomBytes, randomUUID } from 'crypto';

import { externalTransferRequestSchema } from '../../../nodes/shared/schemas/transfer';
import type { SandboxContext } from '../../core/context';
import { ApiError } from '../../core/errors';
import { organizationId } from '../../core/guard';
import { withIdempotency } from '../../core/idempotency';
import type { SandboxModule } from '../../module';
import { adjustBalance, available } from '../bankAccounts/balance';
import { isValidBic } from '../bankAccounts/iban';
import { beneficiaries } from '../beneficiaries/store';
import { parseBody } from './parse';
import { checkProofToken } from './payeeVerification';
import { externalTransfers, type ExternalTransfer } from './store';

const SCOPE = 'transfers.write';
const field = (name: string) => `/external_transfer/${name}`;

/** A calendar date that exists (2026-02-30 does not). */
const isRealDate = (date: string) => new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);

function createTransfer(ctx: SandboxContext, orgId: string, userId: string, body: unknown): ExternalTransfer {
	const { vop_proof_token: token, external_transfer: input } = parseBody(externalTransferRequestSchema, body);
	const beneficiary = beneficiaries(ctx).get(orgId, input.beneficiary_id);
	if (!beneficiary) throw ApiError.validation(field('beneficiary_id'), 'no such beneficiary', 'beneficiary_not_found');
	if (!beneficiary.trusted) {
		throw ApiError.validation(field('beneficiary_id'), 'external transfers go only to trusted beneficiaries', 'beneficiary_not_trusted');
	}
	const account = ctx.bankAccounts.list(orgId).find((a) => a.iban === input.debit_iban);
	if (!account) throw ApiError.validation(field('debit_iban'), "not one of the organization's accounts", 'debit_account_not_found');
	if (account.status !== 'active') throw ApiError.validation(field('debit_iban'), 'the account is closed', 'bank_account_closed');
	if (input.currency !== account.currency || input.currency !== beneficiary.currency) {
		throw ApiError.validation(field('currency'), `must be ${account.currency}, the currency of the account and of the beneficiary`, 'currency_mismatch');
	}
	const today = ctx.clock.now().toISOString().slice(0, 10);
	const scheduledDate = input.scheduled_date ?? today;
	if (!isRealDate(scheduledDate)) throw ApiError.validation(field('scheduled_date'), 'not a calendar date');
	if (scheduledDate < today) throw ApiError.validation(field('scheduled_date'), `must be today (${today}) or later`, 'scheduled_date_in_past');
	const consumeToken = checkProofToken(ctx, orgId, token, beneficiary.iban);
	const amount = new Big(input.amount);
	if (amount.gt(available(account))) throw ApiError.validation(field('amount'), 'exceeds the available balance of the account', 'insufficient_funds');

	const cents = amount.times(100).toFixed(0);
	const transfer: ExternalTransfer = {
		id: randomUUID(),
		slug: `transfer-${randomBytes(5).toString('hex')}`,
		debit_iban: account.iban,
		debit_amount: amount.toFixed(2),
		debit_amount_cents: cents,
		debit_currency: account.currency,
		beneficiary_id: beneficiary.id,
		initiator_id: userId,
		credit_amount: amount.toFixed(2),
		credit_amount_cents: cents,
		credit_currency: input.currency,
		reference: input.reference,
		status: 'pending',
		scheduled_date: scheduledDate,
		created_at: ctx.clock.now().toISOString(),
		rate_applied: '1',
		payment_purpose: null,
		note: input.note ?? null,
		declined_reason: null,
		completed_at: null,
		processed_at: null,
		transaction_id: null,
	};
	consumeToken(transfer.id);
	adjustBalance(ctx, account, { authorized: amount.neg().toString() });
	externalTransfers(ctx).insert(orgId, transfer);
	ctx.events.emit('v1/transactions', orgId, transfer);
	return transfer;
}

/** Saves a status change and publishes it (docs/assumptions.md: a transfer's status change → v1/transactions). */
function move(ctx: SandboxContext, orgId: string, transfer: ExternalTransfer, change: Partial<ExternalTransfer>): ExternalTransfer {
	const moved = externalTransfers(ctx).update(orgId, transfer.id, { ...transfer, ...change });
	ctx.events.emit('v1/transactions', orgId, moved);
	return moved;
}

function debitAccount(ctx: SandboxContext, orgId: string, transfer: ExternalTransfer) {
	const account = ctx.bankAccounts.list(orgId).find((a) => a.iban === transfer.debit_iban);
	if (!account) throw new Error(`no account ${transfer.debit_iban}`);
	return account;
}

function decline(ctx: SandboxContext, orgId: string, transfer: ExternalTransfer, reason: string): ExternalTransfer {
	adjustBalance(ctx, debitAccount(ctx, orgId, transfer), { authorized: transfer.debit_amount });
	return move(ctx, orgId, transfer, { status: 'declined', declined_reason: reason });
}

/**
 * Settles a transfer: pending → processed → completed (or stops at processed). A beneficiary
 * whose BIC is not a BIC makes the bank refuse it: declined with beneficiary_bic_invalid.
 */
function settle(ctx: SandboxContext, orgId: string, transfer: ExternalTransfer, to: 'processed' | 'completed'): ExternalTransfer {
	let current = transfer;
	if (current.status === 'pending') {
		const beneficiary = beneficiaries(ctx).get(orgId, current.beneficiary_id);
		if (beneficiary && !isValidBic(beneficiary.bic)) {
			return decline(ctx, orgId, current, 'beneficiary_bic_invalid');
		}
		current = move(ctx, orgId, current, { status: 'processed', processed_at: ctx.clock.now().toISOString(), transaction_id: randomUUID() });
	}
	if (to === 'completed' && current.status === 'processed') {
		adjustBalance(ctx, debitAccount(ctx, orgId, current), { booked: new Big(current.debit_amount).neg().toString() });
		current = move(ctx, orgId, current, { status: 'completed', completed_at: ctx.clock.now().toISOString() });
	}
	return current;
}

/**
 * External transfers: POST /v2/external_transfers (idempotency key and payee-verification proof
 * required) and GET /v2/external_transfers/{id}. Simulation controls:
 * POST /sandbox/external_transfers/{id}/settle {"to"?: "processed"|"completed"} and
 * POST /sandbox/external_transfers/{id}/decline {"declined_reason"?}.
 */
export const externalTransfersModule: SandboxModule = {
	name: 'externalTransfers',
	register(app, ctx) {
		const table = externalTransfers(ctx);

		app.post('/v2/external_transfers', { config: { scope: SCOPE } }, (request, reply) =>
			withIdempotency(ctx, request, reply, 'POST /v2/external_transfers', () => {
				const transfer = createTransfer(ctx, organizationId(request), request.grant.userId, request.body);
				return { status: 201, body: { external_transfer: transfer } };
			}),
		);

		app.get<{ Params: { id: string } }>('/v2/external_transfers/:id', { config: { scope: SCOPE } }, async (request) => {
			const transfer = table.get(organizationId(request), request.params.id);
			if (!transfer) throw ApiError.notFound('External transfer');
			return { external_transfer: transfer };
		});

		const control = (request: { params: { id: string } }) => {
			const found = table.find(request.params.id);
			if (!found) throw ApiError.notFound('External transfer');
			return found;
		};

		app.post<{ Params: { id: string }; Body: { to?: string } | undefined }>('/sandbox/external_transfers/:id/settle', async (request) => {
			const { organizationId: orgId, row } = control(request);
			const to = request.body?.to ?? 'completed';
			if (to !== 'processed' && to !== 'completed') throw ApiError.validation('/to', 'processed or completed');
			if (row.status !== 'pending' && !(row.status === 'processed' && to === 'completed')) {
				throw ApiError.single(409, 'invalid_state', `A ${row.status} transfer cannot be settled to ${to}`);
			}
			return { external_transfer: settle(ctx, orgId, row, to) };
		});

		app.post<{ Params: { id: string }; Body: { declined_reason?: string } | undefined }>('/sandbox/external_transfers/:id/decline', async (request) => {
			const { organizationId: orgId, row } = control(request);
			if (row.status !== 'pending' && row.status !== 'processed') {
				throw ApiError.single(409, 'invalid_state', `A ${row.status} transfer cannot be declined`);
			}
			return { external_transfer: decline(ctx, orgId, row, request.body?.declined_reason ?? 'declined_by_bank') };
		});
	},
};
