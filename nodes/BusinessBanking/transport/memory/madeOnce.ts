import { NodeApiError, NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { nodeCanRecord } from '../../n8n/processedData';
import { contentKeyOf } from '../idempotency';
import { isoOfMinutes, minutesNow, type LineageEntry } from './lineage';
import { heldElsewhere, mayExist, memoryFull, storeFailed } from './messages';
import type { ClaimAnswer } from './claim';
import { runWritesOf, type RunWrites } from './runWrites';

/**
 * A write that moves money or makes something a client pays, made once per request content for
 * as long as the workflow remembers it (Remember Made Items For), not only as long as the bank
 * remembers its idempotency key (30 minutes). What this execution sent is in its own record
 * (lineage.ts: a "Retry execution" reads it); what any execution made is in the node's list in
 * n8n's processed-data store, claimed before it is sent and recorded once made, in calls that
 * carry many items (ledger.ts). Nothing here waits on itself: every wait is a store call, a place
 * to send, or a look at a claim another attempt holds, and that look gives up after a bound.
 */

/** How long after a lost answer the node sends the same key again: the bank's 30 minutes less 5, for the clocks' difference. */
export const RESEND_WITHIN_MINUTES = 25;

export interface MadeOnceWrite {
	/** The write's identity: its idempotency key (writeKey). */
	key: string;
	/** What it makes, for messages ("external transfer"). */
	what: string;
	/** Where to look for one by hand (the error of a lost answer names it). */
	howToFind: string;
	/**
	 * How long after a lost answer sending it again cannot make a second one: RESEND_WITHIN_MINUTES where
	 * the bank takes `key` as its idempotency key (it answers what it made), Infinity where `create`
	 * looks the record up first (Skip If It Already Exists), 0 otherwise.
	 */
	sendAgainWithin: number;
	/** Sends the write; answers the item's output. */
	create: () => Promise<IDataObject>;
	/** The bank's ids of what `create` made (one or two short ids): by default its `id`. */
	ids?: (made: IDataObject) => string[];
	/** The record as the bank has it now, by those ids; `{ id }` where the API can read none. */
	current?: (ids: string[]) => Promise<IDataObject>;
	/** Where the write can be looked up by the user's own reference (Skip If It Already Exists): the record, for a repeat whose ids the node does not hold. */
	find?: () => Promise<IDataObject | undefined>;
}

/** Not started: an earlier item of the run failed (without Continue On Fail), so the run stops sending. */
export class RunStopped extends Error {}

/**
 * Nothing was made, so the claim is let go: the operation stopped before sending (its own
 * NodeOperationError: a payee check, a file), or the bank refused for sure (a 4xx other than 429).
 */
function refusedForSure(error: unknown): boolean {
	if (error instanceof NodeOperationError) return true;
	if (!(error instanceof NodeApiError) || error.context.mayExist) return false;
	const status = Number(error.httpCode);
	return status >= 400 && status < 500 && status !== 429;
}

/** Makes the write unless this node made it before (within the memory window); see the file's comment. */
export async function makeOnce(this: IExecuteFunctions, itemIndex: number, write: MadeOnceWrite): Promise<IDataObject> {
	// A workflow never saved has no processed data: the bank's key is all there is.
	if (!nodeCanRecord(this)) return await write.create();
	const run = runWritesOf(this, itemIndex);
	// The same write twice in one run: the second is what the first made, or tries for itself if the first failed.
	const first = run.sameKey.get(write.key);
	if (first) {
		const made = await first.catch(() => undefined);
		// What the first item output, as made earlier (not as found or created now: that was the first item's).
		if (made) {
			const record: IDataObject = { ...made, _madeEarlier: { at: isoOfMinutes(minutesNow()), executionId: run.executionId } };
			delete record._existing;
			return record;
		}
	}
	const making = makeItem(this, run, itemIndex, write);
	run.sameKey.set(write.key, making);
	return await making;
}

async function makeItem(context: IExecuteFunctions, run: RunWrites, itemIndex: number, write: MadeOnceWrite): Promise<IDataObject> {
	const known = run.lineage.get(write.key);
	if (known?.state === 'made' && minutesNow() - known.at <= run.windowMinutes) return await madeEarlier(write, known);
	if (known?.state === 'tried') return await sendAgainOrStop(context, run, itemIndex, write, known);
	// Where the bank takes the key, the write may go before the claim is confirmed: two processes sending it at once get one answer.
	const early = write.sendAgainWithin === RESEND_WITHIN_MINUTES;
	const answer = await claimWrite(context, run, itemIndex, write.key, true, early);
	if (answer === 'made') return await madeEarlier(write, known);
	if (answer === 'full') throw memoryFull(context, itemIndex, run.windowMinutes);
	// Held by another attempt: only a create that looks the record up first can go ahead.
	if (answer === 'busy' && write.sendAgainWithin !== Infinity) throw heldElsewhere(context, itemIndex, write);
	return await send(context, run, itemIndex, write, minutesNow());
}

/**
 * The run's answer on `key` (ledger.ts), asked without holding a place to send; a claim that is the
 * run's leaves the look-ahead once the item holds its place again, about to send.
 */
async function claimWrite(context: IExecuteFunctions, run: RunWrites, itemIndex: number, key: string, waitIfHeld: boolean, early = false): Promise<ClaimAnswer> {
	const answer = await run.slots.without(async () => await run.ledger.claim(key, waitIfHeld, early)).catch((error: unknown) => {
		throw storeFailed(context, itemIndex, error);
	});
	if (answer === 'mine') run.ledger.leftClaimed();
	return answer;
}

/**
 * This execution (or the one it retries) sent it and had no answer. The node's list says whether it
 * was made since (by a later execution, or Make Again). If not: while the bank knows the key (or the
 * create looks the record up first) it is asked again, and it answers what it made; after, nothing
 * is sent.
 */
async function sendAgainOrStop(context: IExecuteFunctions, run: RunWrites, itemIndex: number, write: MadeOnceWrite, known: LineageEntry): Promise<IDataObject> {
	const answer = await claimWrite(context, run, itemIndex, write.key, false);
	if (answer === 'made') return await madeEarlier(write, undefined);
	if (minutesNow() - known.at < write.sendAgainWithin) return await send(context, run, itemIndex, write, known.at, known.executionId);
	if (answer === 'mine') run.ledger.release(write.key);
	throw mayExist(context, itemIndex, write, known.at, known.executionId);
}

/** Sends the write this run holds the claim of; records what was made, or lets the claim go when nothing was. */
async function send(context: IExecuteFunctions, run: RunWrites, itemIndex: number, write: MadeOnceWrite, firstSentAt: number, firstExecution = run.executionId): Promise<IDataObject> {
	if (run.slots.stopped) {
		run.ledger.release(write.key);
		throw new RunStopped();
	}
	run.lineage.set(write.key, { state: 'tried', at: firstSentAt, executionId: firstExecution });
	// The operation's own error (already a NodeApiError or NodeOperationError) goes on unchanged.
	const made = await write.create().catch(async (error: unknown) => {
		if (refusedForSure(error)) {
			run.lineage.delete(write.key);
			run.ledger.release(write.key);
		}
		return await Promise.reject(error);
	});
	const ids = write.ids ? write.ids(made) : [typeof made.id === 'string' || typeof made.id === 'number' ? String(made.id) : ''];
	const entry: LineageEntry = { state: 'made', at: minutesNow(), executionId: run.executionId, ids };
	run.lineage.set(write.key, entry);
	run.ledger.madeAsClaimed(write.key);
	// Made again on purpose: from now on it is also what its content made.
	const sameContent = contentKeyOf(context, write.key);
	if (sameContent) {
		run.lineage.set(sameContent, entry);
		run.ledger.made(sameContent);
	}
	return made;
}

/**
 * Made before: the record as the bank has it now where this execution's record holds its ids (a
 * Retry execution) or the user's reference finds it, else what the node knows: that it was made,
 * by an earlier execution.
 */
async function madeEarlier(write: MadeOnceWrite, known: LineageEntry | undefined): Promise<IDataObject> {
	if (known?.state === 'made' && known.ids && known.ids.every(Boolean)) {
		const current = write.current ? await write.current(known.ids) : { id: known.ids[0] };
		return { ...current, _madeEarlier: { at: isoOfMinutes(known.at), executionId: known.executionId } };
	}
	const found = write.find ? await write.find() : undefined;
	if (found) return { ...found, _madeEarlier: { at: null, executionId: null, note: 'Made by an earlier execution of this workflow; found by its reference' } };
	return {
		_madeEarlier: {
			at: null,
			executionId: null,
			note: `Made by an earlier execution of this workflow within Remember Made Items For. This node remembers that it was made, not the bank's record of it: that execution's output holds it (the workflow's Executions), or look for it (${write.howToFind})`,
		},
	};
}
