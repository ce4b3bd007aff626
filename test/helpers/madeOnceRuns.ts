// What the made-once tests (engine and long suite) share: a payment run's rows, how its output
// items divide, and what the bank holds.
import type { INodeExecutionData } from 'n8n-workflow';

import { SEED } from '../../sandbox/core/seed';
import { externalTransfers } from '../../sandbox/modules/transfers/store';
import type { TestSandbox } from './sandbox';

export const range = (count: number, from = 0) => Array.from({ length: count }, (_, index) => from + index);

/** `count` payment rows, distinct references (a batch's own prefix), 1.00 to 9.99 EUR (or 0.01 to 0.09: what 100,000 of them leave of the sandbox account's balance). */
export function paymentRows(count: number, batch = 'Payroll 2026-11', cents = false): Array<{ amount: string; reference: string }> {
	return range(count).map((i) => ({ amount: cents ? `0.0${1 + (i % 9)}` : `${1 + (i % 9)}.${String(i % 100).padStart(2, '0')}`, reference: `${batch} #${i + 1}` }));
}

/** The output items of a run, by what became of each: made now, made earlier, or an error. */
export function outcomes(items: INodeExecutionData[]): { madeNow: number[]; earlier: number[]; refused: number[] } {
	const madeNow: number[] = [];
	const earlier: number[] = [];
	const refused: number[] = [];
	items.forEach((item, index) => {
		if (typeof item.json.error === 'string') refused.push(index);
		else if (item.json._madeEarlier) earlier.push(index);
		else madeNow.push(index);
	});
	return { madeNow, earlier, refused };
}

/** The FR organization's external transfers at the sandbox, by reference (a reference twice: paid twice). */
export function transfersAtBank(sandbox: TestSandbox): { count: number; references: Map<string, number>; paidTwice: string[] } {
	const references = new Map<string, number>();
	for (const transfer of externalTransfers(sandbox.ctx).list(SEED.organizations.fr)) references.set(transfer.reference, (references.get(transfer.reference) ?? 0) + 1);
	return { count: [...references.values()].reduce((sum, n) => sum + n, 0), references, paidTwice: [...references].filter(([, n]) => n > 1).map(([reference]) => reference) };
}
