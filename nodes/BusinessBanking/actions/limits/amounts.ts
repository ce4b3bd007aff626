import { AMOUNT_PATTERN } from '../../../shared/schemas/money';

/** Whether a text is an amount the limits can count (AMOUNT_PATTERN: no sign, at most 2 decimals). */
export function isAmount(text: string): boolean {
	return AMOUNT_PATTERN.test(text);
}

/** An amount string (AMOUNT_PATTERN) in cents, as BigInt: never a binary float. */
export function toCents(amount: string): bigint {
	const [whole, fraction = ''] = amount.split('.');
	return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

export function centsToText(cents: bigint): string {
	// A negative amount (an overdrawn balance) keeps its sign in front: -5 cents is "-0.05".
	const size = cents < 0n ? -cents : cents;
	return `${cents < 0n ? '-' : ''}${size / 100n}.${(size % 100n).toString().padStart(2, '0')}`;
}

/** a ≤ b for decimal strings without a sign (any number of decimals), digit by digit, never as floats. */
export function amountAtMost(a: string, b: string): boolean {
	const [aWhole, aFraction = ''] = a.split('.');
	const [bWhole, bFraction = ''] = b.split('.');
	if (aWhole.length !== bWhole.length) return aWhole.length < bWhole.length;
	if (aWhole !== bWhole) return aWhole < bWhole;
	const width = Math.max(aFraction.length, bFraction.length);
	return aFraction.padEnd(width, '0') <= bFraction.padEnd(width, '0');
}
