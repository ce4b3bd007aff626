import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { earlierOutputs, inRecordedExecution } from '../common/earlierRuns';
import { isAmount, toCents } from './amounts';

/**
 * What an output of the operation debited or committed, as the bank answered it: an external
 * transfer's debit amount; an international transfer's source amount (of the quote it used, a
 * renewed one included); a subscription's amount per collection.
 */
const RECORDED_AMOUNT: Record<string, (json: IDataObject) => unknown> = {
	'externalTransfer.create': (json) => json.debit_amount ?? json.amount,
	'internationalTransfer.create': (json) => (json.source_amount as IDataObject | undefined)?.value,
	'directDebit.createSubscription': (json) => (json.amount as IDataObject | undefined)?.value,
};

/**
 * What this node already sent in this execution, in cents: the bank's answers to its earlier runs,
 * as n8n saved them in the execution (see earlierOutputs), each record counted once by its id (a
 * call repeated with the same idempotency key is answered with the same transfer). Refusals,
 * errors and records found rather than made (`_existing`) sent nothing.
 */
export function spentEarlierInExecution(context: IExecuteFunctions, resource: string, operation: string): bigint {
	const amountOf = RECORDED_AMOUNT[`${resource}.${operation}`];
	if (!amountOf) return 0n;
	const counted = new Set<string>();
	let total = 0n;
	for (const json of earlierOutputs(context)) {
		if (json.refused === true || json.error !== undefined || json._existing === true) continue;
		const amount = String(amountOf(json) ?? '');
		if (!isAmount(amount)) continue;
		const id = typeof json.id === 'string' ? json.id : undefined;
		if (id && counted.has(id)) continue;
		if (id) counted.add(id);
		total += toCents(amount);
	}
	return total;
}

/** What the items of this run let through so far, per limit set (the run is one process's). */
const reservedInRun = new WeakMap<object, Map<string, bigint>>();

/**
 * Adds `amount` cents to the set's total for this execution when it stays within `max` cents;
 * says whether it did and what was spent before. The total is the execution's earlier runs plus
 * this run's items already let through (an item counts once let through, even if the bank then
 * refuses it: the total errs on the safe side).
 */
export function reserveInExecution(context: IExecuteFunctions, setId: string, resource: string, operation: string, amount: bigint, max: bigint): { ok: boolean; before: bigint; unrecorded?: true } {
	// No execution to count in (a call through n8n's MCP Server Trigger): a total cannot hold, so it refuses.
	if (!inRecordedExecution(context)) return { ok: false, before: 0n, unrecorded: true };
	let run = reservedInRun.get(context);
	if (!run) reservedInRun.set(context, (run = new Map()));
	const before = spentEarlierInExecution(context, resource, operation) + (run.get(setId) ?? 0n);
	if (before + amount > max) return { ok: false, before };
	run.set(setId, (run.get(setId) ?? 0n) + amount);
	return { ok: true, before };
}
