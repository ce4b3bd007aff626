import Big from 'big.js';
import { randomUUID } from 'crypto';
import type { FastifyRequest } from 'fastify';

import { internationalTransferSchema, TWO_FA_PREFERENCES } from '../../../nodes/shared/schemas/international';
import type { SandboxContext } from '../../core/context';
import { ApiError } from '../../core/errors';
import { organizationId } from '../../core/guard';
import { adjustBalance, available } from '../bankAccounts/balance';
import { parseBody } from '../transfers/parse';
import { currentQuote, findQuote } from './quotes';
import { checkAgainst, transferRequirements } from './requirements';
import { international, type InternationalTransfer, type InternationalTransferStatus, type Money } from './store';

/** X-Service-2fa-Preference: paired-device when absent; any other value than the four is a 400. */
function twoFaPreference(request: FastifyRequest): string {
	const header = request.headers['x-service-2fa-preference'];
	const value = (Array.isArray(header) ? header[0] : header) ?? 'paired-device';
	if (!(TWO_FA_PREFERENCES as readonly string[]).includes(value)) {
		throw ApiError.single(400, 'invalid_2fa_preference', `X-Service-2fa-Preference must be one of ${TWO_FA_PREFERENCES.join(', ')}`);
	}
	return value;
}

const sameMoney = (a: Money, b: Money) => a.currency === b.currency && new Big(a.value).eq(b.value);

export function createInternationalTransfer(ctx: SandboxContext, request: FastifyRequest): InternationalTransfer {
	twoFaPreference(request);
	const orgId = organizationId(request);
	const input = parseBody(internationalTransferSchema, request.body);
	const state = international(ctx);
	const requested = findQuote(ctx, orgId, input.quote_id);
	if (requested.usedBy) throw ApiError.validation('/quote_id', 'the quote was already used by another transfer', 'quote_already_used');
	const beneficiary = state.beneficiaries.get(orgId, input.beneficiary_id);
	if (!beneficiary) throw ApiError.validation('/beneficiary_id', 'no such international beneficiary', 'beneficiary_not_found');
	if (input.target_account_id !== beneficiary.targetAccountId) {
		throw ApiError.validation('/target_account_id', "not the beneficiary's current target account (it changes when the beneficiary is updated)", 'target_account_mismatch');
	}
	if (beneficiary.beneficiary.currency !== requested.quote.target_currency) {
		throw ApiError.validation('/quote_id', `the quote pays ${requested.quote.target_currency}, the beneficiary receives ${beneficiary.beneficiary.currency}`, 'currency_mismatch');
	}
	// The amounts must be the ones the caller was quoted, even when the quote has since expired.
	if (!sameMoney(input.source_amount, requested.quote.source_amount)) {
		throw ApiError.validation('/source_amount', `must be the quote's ${requested.quote.source_amount.value} ${requested.quote.source_amount.currency}`, 'amount_mismatch');
	}
	if (!sameMoney(input.target_amount, requested.quote.target_amount)) {
		throw ApiError.validation('/target_amount', `must be the quote's ${requested.quote.target_amount.value} ${requested.quote.target_amount.currency}`, 'amount_mismatch');
	}
	const used = currentQuote(ctx, orgId, requested);
	checkAgainst(transferRequirements(used.quote)[0], input.details, '/details');

	const accounts = ctx.bankAccounts.list(orgId);
	const account = input.bank_account_id ? accounts.find((a) => a.id === input.bank_account_id) : accounts.find((a) => a.main);
	if (!account) throw ApiError.validation('/bank_account_id', "not one of the organization's accounts", 'bank_account_not_found');
	if (account.status !== 'active') throw ApiError.validation('/bank_account_id', 'the account is closed', 'bank_account_closed');
	if (account.currency !== used.quote.source_currency) {
		throw ApiError.validation('/bank_account_id', `the account holds ${account.currency}, the quote is in ${used.quote.source_currency}`, 'currency_mismatch');
	}
	if (new Big(used.quote.source_amount.value).gt(available(account))) {
		throw ApiError.validation('/source_amount', 'exceeds the available balance of the account', 'insufficient_funds');
	}

	const transfer: InternationalTransfer = {
		id: randomUUID(),
		beneficiary_id: beneficiary.id,
		bank_account_id: account.id,
		status: 'TRANSACTION_STATUS_PROCESSING',
		quote_id: used.quote.id,
		rate: used.quote.rate,
		fee: used.quote.fee,
		source_amount: used.quote.source_amount,
		target_amount: used.quote.target_amount,
		target_account_id: beneficiary.targetAccountId,
		created_at: ctx.clock.now().toISOString(),
	};
	requested.usedBy = transfer.id;
	used.usedBy = transfer.id;
	state.quotes.update(orgId, requested.id, requested);
	state.quotes.update(orgId, used.id, used);
	adjustBalance(ctx, account, { authorized: new Big(transfer.source_amount.value).neg().toString() });
	state.transfers.insert(orgId, transfer);
	ctx.events.emit('v1/transactions', orgId, transfer);
	return transfer;
}

/** Simulation controls: PROCESSING → COMPLETED (the amount is booked) or FAILED (released). */
export function finishTransfer(ctx: SandboxContext, id: string, to: Exclude<InternationalTransferStatus, 'TRANSACTION_STATUS_PROCESSING'>): InternationalTransfer {
	const found = international(ctx).transfers.find(id);
	if (!found) throw ApiError.notFound('International transfer');
	const { organizationId: orgId, row } = found;
	if (row.status !== 'TRANSACTION_STATUS_PROCESSING') throw ApiError.single(409, 'invalid_state', `A transfer in ${row.status} cannot move to ${to}`);
	const account = ctx.bankAccounts.get(orgId, row.bank_account_id);
	if (account) {
		const amount = row.source_amount.value;
		adjustBalance(ctx, account, to === 'TRANSACTION_STATUS_COMPLETED' ? { booked: new Big(amount).neg().toString() } : { authorized: amount });
	}
	const moved = international(ctx).transfers.update(orgId, id, { ...row, status: to });
	ctx.events.emit('v1/transactions', orgId, moved);
	return moved;
}
