import Big from 'big.js';

import type { BankAccount, SandboxContext } from '../../core/context';

/** Balances in decimal: `balance`/`authorized_balance` mirror their `*_cents` integers. */
function write(account: BankAccount, balance: Big, authorized: Big, now: Date): BankAccount {
	return {
		...account,
		balance: Number(balance.toFixed(2)),
		balance_cents: Number(balance.times(100).toFixed(0)),
		authorized_balance: authorized.toFixed(2),
		authorized_balance_cents: Number(authorized.times(100).toFixed(0)),
		updated_at: now.toISOString(),
	};
}

/** Money the account can still spend (authorized balance). */
export const available = (account: BankAccount) => new Big(account.authorized_balance);

/**
 * Moves money on an account: `authorized` changes when a payment is reserved or released,
 * `booked` when it settles.
 */
export function adjustBalance(ctx: SandboxContext, account: BankAccount, change: { authorized?: string; booked?: string }): BankAccount {
	const balance = new Big(account.balance_cents).div(100).plus(change.booked ?? '0');
	const authorized = new Big(account.authorized_balance).plus(change.authorized ?? '0');
	return ctx.bankAccounts.update(account.organization_id, account.id, write(account, balance, authorized, ctx.clock.now()));
}
