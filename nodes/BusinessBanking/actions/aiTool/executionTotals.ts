/**
 * What an AI agent has spent through one node in one execution, for *Max Amount per Execution*. An
 * agent's tool calls of one execution all run in the process that runs the execution (in queue mode,
 * one worker), so a map in this process sees every call. Bounded: the oldest executions are
 * forgotten first. Amounts are counted in cents as BigInt (AMOUNT_PATTERN: at most 2 decimals).
 */
const MAX_EXECUTIONS = 1000;
const spent = new Map<string, bigint>();

export function toCents(amount: string): bigint {
	const [whole, fraction = ''] = amount.split('.');
	return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

export function centsToAmount(cents: bigint): string {
	return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** Adds `amount` to the execution's total when it stays within `max` (all amount strings); says whether it did. */
export function reserveWithin(key: string, amount: string, max: string): { ok: boolean; spent: string } {
	const before = spent.get(key) ?? 0n;
	const after = before + toCents(amount);
	if (after > toCents(max)) return { ok: false, spent: centsToAmount(before) };
	spent.delete(key);
	spent.set(key, after);
	if (spent.size > MAX_EXECUTIONS) spent.delete(spent.keys().next().value as string);
	return { ok: true, spent: centsToAmount(after) };
}
