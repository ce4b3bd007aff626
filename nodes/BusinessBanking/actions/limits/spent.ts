import type { IExecuteFunctions } from 'n8n-workflow';

import { currentRunIndex, earlierRuns, inRecordedExecution } from '../common/earlierRuns';
import { toCents } from './amounts';
import { sentRecordOf } from './record';

/** What this node sent in its finished runs of the execution, in one currency, and whether any was in another. */
interface Counted {
	cents: bigint;
	otherCurrency?: string;
}

/**
 * What this node's earlier, finished runs of this execution sent, as each recorded it (record.ts:
 * the amount it asked for or the quote it used, a payment that may have been made included), in
 * `currency`. A record repeated under one id (a call repeated with the same idempotency key is
 * answered with the same transfer) counts once. Refusals and records found rather than made sent
 * nothing and hold no record.
 */
function spentInFinishedRuns(context: IExecuteFunctions, currency: string): { counted: Counted; finished: Set<number> } {
	const counted: Counted = { cents: 0n };
	const finished = new Set<number>();
	const ids = new Set<string>();
	for (const { runIndex, items } of earlierRuns(context)) {
		finished.add(runIndex);
		for (const item of items) {
			const sent = sentRecordOf(item);
			if (!sent) continue;
			const id = typeof item.json.id === 'string' ? item.json.id : undefined;
			if (id && ids.has(id)) continue;
			if (id) ids.add(id);
			if (sent.currency !== currency) counted.otherCurrency ??= sent.currency;
			else counted.cents += toCents(sent.amount);
		}
	}
	return { counted, finished };
}

/**
 * What this process let through and has not seen finish, per execution (its run data, shared by
 * every run of it in this process), node and limit set, by run index: the current run's items, and
 * the calls n8n's AI Agent 1.x and 2.x run at once from one model message, each a run of its own
 * that has not answered yet. A run that has finished counts by its record instead.
 */
const inFlight = new WeakMap<object, Map<string, Map<number, bigint>>>();

function inFlightOf(context: IExecuteFunctions, setId: string): Map<number, bigint> {
	const execution = (context as unknown as { runExecutionData?: object }).runExecutionData ?? context;
	let sets = inFlight.get(execution);
	if (!sets) inFlight.set(execution, (sets = new Map()));
	const key = `${context.getNode().name}\u0000${setId}`;
	let runs = sets.get(key);
	if (!runs) sets.set(key, (runs = new Map()));
	return runs;
}

export interface Reservation {
	ok: boolean;
	before: bigint;
	unrecorded?: true;
	otherCurrency?: string;
}

/**
 * Adds `amount` cents (in `currency`, the limits') to the set's total for this execution when it
 * stays within `max` cents; says whether it did and what was sent before. The total is the
 * execution's finished runs, as recorded, plus what this process let through in runs not finished
 * (an item counts once let through, even if the bank then refuses it: the total errs on the safe side).
 */
export function reserveInExecution(context: IExecuteFunctions, setId: string, currency: string, amount: bigint, max: bigint): Reservation {
	// No execution to count in (a call through n8n's MCP Server Trigger): a total cannot hold, so it refuses.
	if (!inRecordedExecution(context)) return { ok: false, before: 0n, unrecorded: true };
	const { counted, finished } = spentInFinishedRuns(context, currency);
	if (counted.otherCurrency) return { ok: false, before: counted.cents, otherCurrency: counted.otherCurrency };
	const runs = inFlightOf(context, setId);
	let before = counted.cents;
	for (const [runIndex, cents] of runs) if (!finished.has(runIndex)) before += cents;
	if (before + amount > max) return { ok: false, before };
	const current = currentRunIndex(context);
	runs.set(current, (runs.get(current) ?? 0n) + amount);
	return { ok: true, before };
}
