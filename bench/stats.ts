import { loadavg } from 'os';

import { median } from './table';

/** A median with its spread (lowest–highest of the rounds), e.g. "0.42 (0.39–0.47)". */
export function withSpread(values: number[], digits = 2): string {
	if (values.length === 0) return 'n/a';
	const sorted = [...values].sort((a, b) => a - b);
	const fixed = (value: number) => value.toFixed(digits);
	return values.length === 1 ? fixed(sorted[0]) : `${fixed(median(values))} (${fixed(sorted[0])}–${fixed(sorted[sorted.length - 1])})`;
}

/** The machine's load averages (1, 5, 15 min), printed beside the figures they may have skewed. */
export function load(): string {
	return loadavg()
		.map((value) => value.toFixed(2))
		.join(' / ');
}

/** Per-round ratios a[i] / b[i]: each round's contenders ran back to back, so they share its load. */
export function ratios(a: number[], b: number[]): number[] {
	return a.map((value, index) => value / b[index]);
}
