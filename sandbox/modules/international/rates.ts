import Big from 'big.js';

/** Mid-market rates from EUR that the sandbox quotes around; crosses go through EUR. */
export const EUR_RATES: Record<string, string> = {
	EUR: '1',
	USD: '1.0850',
	GBP: '0.8530',
	CHF: '0.9420',
	JPY: '162.40',
	CAD: '1.4710',
	AUD: '1.6530',
	SEK: '11.2500',
	NOK: '11.6000',
	DKK: '7.4600',
	PLN: '4.3100',
	CNY: '7.8500',
	INR: '90.30',
};

/** Decimals of a currency's minor unit. */
export const minorDigits = (currency: string) => (currency === 'JPY' ? 0 : 2);

/** The fee in the source currency: 0.45 % of what is converted, at least 1.00. */
export const FEE_RATE = '0.0045';
export const MIN_FEE = '1.00';

/**
 * The rate of the n-th quote: the mid rate nudged by up to ±0.21 %, different from one quote to
 * the next, so that a renewed quote visibly has another rate.
 */
export function quoteRate(source: string, target: string, n: number): Big {
	const mid = new Big(EUR_RATES[target]).div(EUR_RATES[source]);
	const nudge = new Big((n % 7) - 3).times('0.0007');
	return mid.times(new Big(1).plus(nudge)).round(6, Big.roundHalfUp);
}

export interface QuoteAmounts {
	source: Big;
	target: Big;
	fee: Big;
}

const fee = (converted: Big) => {
	const proportional = converted.times(FEE_RATE).round(2, Big.roundHalfUp);
	return proportional.gt(MIN_FEE) ? proportional : new Big(MIN_FEE);
};

/** Amounts of a quote fixed on its source side: the fee comes off before conversion. */
export function fromSource(source: Big, rate: Big, targetCurrency: string): QuoteAmounts {
	const charged = fee(source);
	const target = source.minus(charged).times(rate).round(minorDigits(targetCurrency), Big.roundDown);
	return { source, target, fee: charged };
}

/** Amounts of a quote fixed on its target side: the source covers the conversion and the fee. */
export function fromTarget(target: Big, rate: Big): QuoteAmounts {
	const converted = target.div(rate).round(2, Big.roundUp);
	const charged = fee(converted);
	return { source: converted.plus(charged), target, fee: charged };
}
