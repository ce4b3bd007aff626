import { NodeApiError, NodeOperationError, sleep, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { nodeCanRecord } from '../../n8n/processedData';
import { contentKeyOf } from '../idempotency';
import { forget, present, readRecords, record, recordValues } from './store';
import { memorySettings } from './settings';
import { advancedOptionLabel } from '../../actions/advanced/option';

/**
 * A write that moves money or makes something a client pays, made once per request content for
 * as long as the workflow remembers it (Options › Remember Made Items For), not as long as the
 * bank remembers its idempotency key (30 minutes). Per write identity `K` (its idempotency key, or
 * one derived the same way where the API takes none), the node's list in n8n's processed-data store
 * holds: the claim `K|c` (recorded before anything is sent: the first to record it makes it),
 * `K|u` (when the first try started, and its execution), the claimant's token `K|o|…` (while it
 * sends: its survival after SETTLE_MS shows no other process wrote over the claim) and, once the
 * bank answered, `K|m` (when, which execution, the bank's id) closed by the marker `K|k`. A repeat reads them: made → the record as the bank has it now;
 * only tried → within the bank's key window the same key is sent again (the bank answers), after
 * it nothing is sent and the item stops; nothing readable yet → another execution is making it,
 * wait for its answer.
 */

/** Where the bank takes an idempotency key it keeps this long (docs/assumptions.md, Idempotency). */
const BANK_KEY_MINUTES = 30;
/**
 * How long after a lost answer the node sends the same key again: the bank's 30 minutes less 5,
 * since the first try's time is n8n's clock and the bank's window runs on the bank's.
 */
export const RESEND_WITHIN_MINUTES = BANK_KEY_MINUTES - 5;
/** After recording its claim, how long a writer waits before checking that no other process claimed too. */
export const SETTLE_MS = 100;
/**
 * How long a repeat waits for another execution's answer: every POLL_MS, POLL_TRIES times (each
 * look is a read of n8n's store, so few and far apart: many waiting items share one list).
 */
const POLL_MS = 1500;
const POLL_TRIES = 20;
/** A first try younger than this, by another execution, is taken as under way: wait for its answer. */
const UNDER_WAY_MINUTES = 1;

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
}

/** Writes being made by this process now, settled when the bank answered: a repeat of one waits for that. */
const inFlight = new Map<string, Promise<unknown>>();

let attempts = 0;
const nextNonce = () => `${Date.now().toString(36)}.${(attempts++).toString(36)}.${Math.random().toString(36).slice(2, 8)}`;

const nowMinutes = () => Math.floor(Date.now() / 60_000);
const isoOf = (minutes: number) => new Date(minutes * 60_000).toISOString();

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

interface Try {
	context: IExecuteFunctions;
	itemIndex: number;
	write: MadeOnceWrite;
	now: number;
	executionId: string;
	/** Tells this attempt's token from any other's (the same execution may try one write twice). */
	nonce: string;
	/** Claimed again after the claim it found was let go (a refusal): a second let-go claim is waited on, not chased. */
	claimedAgain: boolean;
}

/** Makes the write unless this node made it before (within the memory window); see the file's comment. */
export async function makeOnce(this: IExecuteFunctions, itemIndex: number, write: MadeOnceWrite): Promise<IDataObject> {
	// A workflow never saved has no processed data: the bank's key is all there is.
	if (!nodeCanRecord(this)) return await write.create();
	return await claimAndMake(this, itemIndex, write, false);
}

async function claimAndMake(context: IExecuteFunctions, itemIndex: number, write: MadeOnceWrite, claimedAgain: boolean): Promise<IDataObject> {
	const attempt: Try = { context, itemIndex, write, now: nowMinutes(), executionId: String(context.getExecutionId() ?? ''), nonce: nextNonce(), claimedAgain };
	const claim = `${write.key}|c`;
	const firstTry = [...recordValues(context, itemIndex, `${write.key}|u`, [String(attempt.now), attempt.executionId]), tokenOf(attempt, itemIndex)];
	// The claim last: n8n drops a full list's oldest values first, so a claim still there has its first try's record whole.
	const fresh = await record(context, itemIndex, [...firstTry, claim]);
	if (fresh.has(claim)) {
		// A repeat of it in this process (another item of the run, n8n's own retry) waits for its answer.
		const making = makeIt(attempt, claim, firstTry);
		const settled = making.catch(() => undefined);
		inFlight.set(write.key, settled);
		try {
			return await making;
		} finally {
			if (inFlight.get(write.key) === settled) inFlight.delete(write.key);
		}
	}
	// Made or tried before: take back what this call added to the record of the first try.
	await forget(context, itemIndex, firstTry.filter((value) => fresh.has(value)));
	return await repeat(attempt);
}

/**
 * This attempt's token: one value only it records, beside its claim. n8n's store writes the node's
 * list whole, so a process that claimed at the same instant wrote over this one's values (the token
 * gone) or had its own written over (this token stays): one value read says which.
 */
function tokenOf(attempt: Try, itemIndex: number): string {
	return `${attempt.write.key}|o|${attempt.executionId}|${itemIndex}|${attempt.nonce}`;
}

/** Recorded after a made record's values: where it is still there, so is the record (n8n drops the oldest first). */
const madeMarker = (key: string) => `${key}|k`;

/** The values of the made record `fields` of write `key`, its marker last. */
function madeValues(context: IExecuteFunctions, itemIndex: number, key: string, fields: string[]): string[] {
	return [...recordValues(context, itemIndex, `${key}|m`, fields), madeMarker(key)];
}

/** Sends the write this execution claimed, after checking that no other process claimed it at the same instant. */
async function makeIt(attempt: Try, claim: string, firstTry: string[]): Promise<IDataObject> {
	const { context, itemIndex } = attempt;
	// Every claim of a batch of items settles together: the checks after it go to n8n in one call.
	await sleep(SETTLE_MS);
	const token = tokenOf(attempt, itemIndex);
	const found = await present(context, itemIndex, [token, madeMarker(attempt.write.key)]);
	// Made before, though its claim had fallen out of a full list (the marker outlives the record it closes): output it.
	if (found.has(madeMarker(attempt.write.key))) {
		await forget(context, itemIndex, firstTry);
		return await repeat(attempt);
	}
	if (!found.has(token)) {
		// Another process claimed it too (n8n's store has no lock) and its values replaced this one's:
		// let it make it and wait for its answer (nothing of this claim is left to take back).
		return await repeat(attempt);
	}
	return await send(attempt, claim, firstTry);
}

/** Sends the write; records what was made, or lets the claim go when the bank refused for sure. */
async function send(attempt: Try, claim: string, firstTry: string[], resent = false): Promise<IDataObject> {
	const { context, itemIndex, write } = attempt;
	// The operation's own error (already a NodeApiError or NodeOperationError) goes on unchanged.
	const made = await write.create().catch(async (error: unknown) => {
		// Refused for sure: nothing exists, so a corrected or later run may try again.
		if (refusedForSure(error)) await forget(context, itemIndex, [claim, ...firstTry]);
		return await Promise.reject(error);
	});
	if (resent) {
		// Another execution may have had the bank's answer meanwhile (the same key, so the same record): its record stands.
		const [earlier] = await readRecords(context, itemIndex, [`${write.key}|m`]);
		if (earlier.state === 'present') return { ...made, _madeEarlier: { at: isoOf(Number(earlier.fields[0])), executionId: earlier.fields[1] } };
	}
	const ids = write.ids ? write.ids(made) : [typeof made.id === 'string' || typeof made.id === 'number' ? String(made.id) : ''];
	const madeRecord = [String(attempt.now), attempt.executionId, ...ids];
	await record(context, itemIndex, madeValues(context, itemIndex, write.key, madeRecord));
	// The first try's record has served its turn (what was made is known): keep the list short.
	await forget(context, itemIndex, firstTry);
	const sameContent = contentKeyOf(context, write.key);
	if (sameContent) await rememberUnder(attempt, sameContent, madeRecord);
	return made;
}

/**
 * A write made again on purpose is, from now on, what its content made: a repeat of the same
 * content without the option outputs it (not the earlier one, nor an earlier lost answer).
 */
async function rememberUnder(attempt: Try, key: string, madeRecord: string[]): Promise<void> {
	const { context, itemIndex } = attempt;
	const [made, tried] = await readRecords(context, itemIndex, [`${key}|m`, `${key}|u`]);
	const old = [
		...(made.state === 'present' ? madeValues(context, itemIndex, key, made.fields) : []),
		...(tried.state === 'present' ? recordValues(context, itemIndex, `${key}|u`, tried.fields) : []),
	];
	await forget(context, itemIndex, old);
	await record(context, itemIndex, [...madeValues(context, itemIndex, key, madeRecord), `${key}|c`]);
}

/** The write was claimed before: output what was made, ask the bank again while it knows the key, or stop. */
async function repeat(attempt: Try): Promise<IDataObject> {
	const { context, itemIndex, write } = attempt;
	const { rememberMinutes } = memorySettings(context, itemIndex);
	for (let poll = 0; ; poll++) {
		// Made by this process right now (another item of the run): its answer decides, as soon as it comes.
		const making = inFlight.get(write.key);
		if (making) await making;
		const [made, tried] = await readRecords(context, itemIndex, [`${write.key}|m`, `${write.key}|u`]);
		if (made.state === 'present') {
			const [at, executionId, ...ids] = made.fields;
			if (attempt.now - Number(at) > rememberMinutes) return await makeAgainAfterWindow(attempt, made.fields, tried.state === 'present' ? tried.fields : undefined);
			const current = write.current && ids.every(Boolean) ? await write.current(ids) : { id: ids[0] };
			return { ...current, _madeEarlier: { at: isoOf(Number(at)), executionId } };
		}
		if (tried.state === 'present') {
			const [at, executionId] = tried.fields;
			const age = attempt.now - Number(at);
			// Where the bank takes the key, sending it again is as safe as waiting, and never waits on a failed run.
			const underWay = inFlight.has(write.key) || (write.sendAgainWithin === 0 && executionId !== attempt.executionId && age < UNDER_WAY_MINUTES);
			if (!underWay || poll >= POLL_TRIES) {
				if (age > rememberMinutes) return await makeAgainAfterWindow(attempt, undefined, tried.fields);
				// The bank still knows the key (or the create looks it up first): sending again asks what it made.
				if (age < write.sendAgainWithin) return await send(attempt, `${write.key}|c`, recordValues(context, itemIndex, `${write.key}|u`, tried.fields), true);
				throw mayExist(attempt, Number(at), executionId);
			}
		} else if (!attempt.claimedAgain && !inFlight.has(write.key)) {
			// Nothing made or tried: the claim was let go (the bank refused it for sure), so this item tries for itself.
			return await claimAndMake(context, itemIndex, write, true);
		} else if (poll >= POLL_TRIES) {
			throw new NodeOperationError(context.getNode(), `Item ${itemIndex}: this ${write.what} was started before and what became of it cannot be read: nothing was sent`, {
				itemIndex,
				description: `Another execution may be making it right now, or its record in n8n's processed-data store was damaged. Look for it (${write.howToFind}) before making it again: ${howToMakeAgain(context)}`,
			});
		}
		await sleep(POLL_MS);
	}
}

/** Where the author makes it anyway: the key sits in Options on version 1, under Advanced from version 2 on. */
const howToMakeAgain = (context: IExecuteFunctions) =>
	`to make it anyway, turn on Options › Make Again Even If Made Before for this run, or give the item another reference or its own ${advancedOptionLabel(context, 'Idempotency Key')}.`;

function mayExist(attempt: Try, at: number, executionId: string): NodeOperationError {
	const { context, itemIndex, write } = attempt;
	return new NodeOperationError(context.getNode(), `Item ${itemIndex}: ${/^[aeiou]/i.test(write.what) ? 'an' : 'a'} ${write.what} with this content may have been made since ${isoOf(at)} (execution ${executionId}); its answer was lost, so nothing was sent`, {
		itemIndex,
		description:
			(write.sendAgainWithin > 0 ? `The bank recognises a repeated request for ${BANK_KEY_MINUTES} minutes only, and that time has passed (the node resends within ${RESEND_WITHIN_MINUTES}, for the clocks' difference), so sending it again could make a second one. ` : 'The API takes no idempotency key here, so sending it again could make a second one. ') +
			`Look for it (${write.howToFind}). If it is not there and it is still due: ${howToMakeAgain(context)}`,
	});
}

/** What was made (or tried) is older than the memory window: forgotten, so it is made anew, once. */
async function makeAgainAfterWindow(attempt: Try, made: string[] | undefined, tried: string[] | undefined): Promise<IDataObject> {
	const { context, itemIndex, write } = attempt;
	const claim = `${write.key}|c|${(made ?? tried ?? [])[0]}`;
	const fresh = await record(context, itemIndex, [claim]);
	if (!fresh.has(claim)) {
		// Another execution makes it anew: wait for its answer.
		await sleep(POLL_MS);
		return await repeat(attempt);
	}
	const old = [...(made ? madeValues(context, itemIndex, write.key, made) : []), ...(tried ? recordValues(context, itemIndex, `${write.key}|u`, tried) : [])];
	await forget(context, itemIndex, old);
	const firstTry = [...recordValues(context, itemIndex, `${write.key}|u`, [String(attempt.now), attempt.executionId]), tokenOf(attempt, itemIndex)];
	await record(context, itemIndex, firstTry);
	return await makeIt(attempt, claim, firstTry);
}
