import Big from 'big.js';
import { randomUUID } from 'crypto';

import type { SandboxContext } from '../../core/context';
import { ApiError } from '../../core/errors';
import { EUR_RATES, fromSource, fromTarget, minorDigits, quoteRate } from './rates';
import { international, type Quote, type StoredQuote } from './store';

/** docs/assumptions.md: a quote is valid 30 minutes on the sandbox clock. */
export const QUOTE_TTL_MS = 30 * 60 * 1000;

interface QuoteRequest {
	source_currency: string;
	target_currency: string;
	source_amount?: { value: string };
	target_amount?: { value: string };
}

function checkCurrency(currency: string, pointer: string): void {
	if (!EUR_RATES[currency]) {
		throw ApiError.validation(pointer, `${currency} is not offered; offered: ${Object.keys(EUR_RATES).join(', ')}`, 'currency_not_supported');
	}
}

/** Prices and stores a new quote. `avoidRate` forces a rate other than an expired quote's. */
export function createQuote(ctx: SandboxContext, orgId: string, request: QuoteRequest, avoidRate?: string): StoredQuote {
	checkCurrency(request.source_currency, '/source_currency');
	checkCurrency(request.target_currency, '/target_currency');
	const state = international(ctx);
	let rate = quoteRate(request.source_currency, request.target_currency, ctx.nextInSequence('international_quotes'));
	while (avoidRate !== undefined && rate.eq(avoidRate)) rate = quoteRate(request.source_currency, request.target_currency, ctx.nextInSequence('international_quotes'));
	const fixed = request.source_amount ? 'source' : 'target';
	const amounts = request.source_amount
		? fromSource(new Big(request.source_amount.value), rate, request.target_currency)
		: fromTarget(new Big(request.target_amount!.value), rate);
	if (amounts.target.lte(0)) {
		throw ApiError.validation('/source_amount/value', 'too small to cover the fee', 'amount_below_fee');
	}
	const now = ctx.clock.nowMs();
	const money = (value: Big, currency: string) => ({ value: value.toFixed(minorDigits(currency)), currency });
	const quote: Quote = {
		id: randomUUID(),
		source_currency: request.source_currency,
		target_currency: request.target_currency,
		rate: rate.toString(),
		fee: money(amounts.fee, request.source_currency),
		source_amount: money(amounts.source, request.source_currency),
		target_amount: money(amounts.target, request.target_currency),
		created_at: new Date(now).toISOString(),
		expires_at: new Date(now + QUOTE_TTL_MS).toISOString(),
	};
	return state.quotes.insert(orgId, { id: quote.id, quote, fixed });
}

export const isExpired = (ctx: SandboxContext, stored: StoredQuote) => Date.parse(stored.quote.expires_at) <= ctx.clock.nowMs();

/** The caller's quote; an unknown id is a 422 on `pointer`. */
export function findQuote(ctx: SandboxContext, orgId: string, id: string, pointer = '/quote_id'): StoredQuote {
	const stored = international(ctx).quotes.get(orgId, id);
	if (!stored) throw ApiError.validation(pointer, 'no such quote', 'quote_not_found');
	return stored;
}

/**
 * The spec: "if it has expired the transfer is created with a newly generated quote and the rate
 * and fees can differ". The new quote fixes the same side with the same amount, at another rate.
 */
export function currentQuote(ctx: SandboxContext, orgId: string, stored: StoredQuote): StoredQuote {
	if (!isExpired(ctx, stored)) return stored;
	const { quote } = stored;
	return createQuote(
		ctx,
		orgId,
		{
			source_currency: quote.source_currency,
			target_currency: quote.target_currency,
			...(stored.fixed === 'source' ? { source_amount: quote.source_amount } : { target_amount: quote.target_amount }),
		},
		quote.rate,
	);
}
