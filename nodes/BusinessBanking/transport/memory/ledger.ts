import { sleep, type IExecuteFunctions } from 'n8n-workflow';

import { Capacity } from './capacity';
import { HeldClaims } from './heldClaims';
import type { Claim, ClaimAnswer, Unconfirmed } from './claim';
import { LookAhead } from './lookAhead';
import { firstCallOfRun } from './firstCall';
import { CallTokens } from './callTokens';
import { MadeQueue } from './madeQueue';
import { claimValue, generationOf, madeValue, madeValuesAsked, runMarkers } from './names';
import { forgetValues, recordValues } from './rowCalls';
import { callIsDue } from './pace';
import { CLAIM_BATCH, FORGET_BATCH, LOOK_AHEAD, MAX_OVERWRITTEN, SETTLE_MIN_MS, TICK_MS } from './timing';

/**
 * One run's dealings with the node's list in n8n's processed-data store, batched: the claims of many
 * items in one call, what is taken out in one. A call's token is looked for at the next call, a
 * settling time later (twice the call's duration): a process whose call read the list before this
 * one wrote it and wrote it after would have removed the token with this call's values, which are
 * then recorded again (or found claimed by that process). A claim is the run's once its token is seen.
 */
export class Ledger {
	private readonly tokens = new CallTokens();
	private formerLevels: number[] = [];
	private readonly capacity: Capacity;
	private firstCallDone = false;
	private claimedBefore = false;
	private waiting: Claim[] = [];
	private readonly held = new HeldClaims();
	private readonly madeQueue = new MadeQueue();
	private unconfirmed?: Unconfirmed;
	private readonly toForget = new Set<string>();
	private readonly claimsByKey = new Map<string, Claim>();
	/** Sent early (the bank's key makes it once), then found claimed by another attempt: whichever learns it was made takes the claim out. */
	private readonly yielded = new Set<string>();
	private overwrittenInARow = 0;
	private settledAt = 0;
	private finishing = false;
	private pumping?: Promise<void>;
	private readonly ahead = new LookAhead(LOOK_AHEAD);

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly level: number,
		windowMinutes: number,
	) {
		this.capacity = new Capacity(windowMinutes);
	}

	/** Claims write `key` for this run, among the next call's claims. */
	async claim(key: string, waitIfHeld = true, early = false): Promise<ClaimAnswer> {
		// Let go by this run and not yet taken out: still the run's own claim (another item of the run tries it).
		if (this.toForget.delete(claimValue(key))) {
			for (const value of this.claimsByKey.get(key)?.made ?? []) this.toForget.delete(value);
			this.ahead.count++;
			return 'mine';
		}
		await this.ahead.enter();
		const answer = await new Promise<ClaimAnswer>((resolve, reject) => {
			const claim: Claim = { key, made: [], queuedAt: Date.now(), waitIfHeld, early, answer: resolve, fail: reject };
			this.claimsByKey.set(key, claim);
			this.waiting.push(claim);
			this.kick();
		}).catch((error: unknown) => {
			this.leftClaimed();
			throw error;
		});
		if (answer !== 'mine') this.leftClaimed();
		return answer;
	}

	/** A claimed write was sent (or given up): one more may be claimed ahead. */
	leftClaimed(): void {
		this.ahead.leave();
	}

	/** What `key` made was recorded with its claim (confirmed): only the claim goes, with the run's other removals. */
	madeAsClaimed(key: string): void {
		const claim = this.claimsByKey.get(key);
		// Yielded (sent early, found claimed by another attempt under the same bank key): made, so the claim goes now.
		if (claim?.answered && !claim.confirmed && !this.yielded.has(key)) claim.madeEarly = true;
		else this.toForget.add(claimValue(key));
	}

	/** What `key` made is to be recorded for the window (a key this run did not claim: Make Again's content); its claim is then taken out. */
	made(key: string): void {
		this.madeQueue.push(key);
		this.kick();
	}

	/** Nothing was made for `key` (refused for sure, or never sent): its claim and what it asked go. */
	release(key: string): void {
		this.toForget.add(claimValue(key));
		for (const value of this.claimsByKey.get(key)?.made ?? []) this.toForget.add(value);
		this.kick();
	}

	/** Everything recorded and confirmed: called once the run's items are done. */
	async finish(): Promise<void> {
		this.finishing = true;
		this.kick();
		while (this.pumping) await this.pumping;
		// Usually the run's last forget took it; a run whose last call had nothing else to forget takes it out alone.
		if (this.retireLastToken()) {
			this.kick();
			while (this.pumping) await this.pumping;
		}
	}

	/** At the run's end, the last call's token: nothing hangs on it once that call holds no claim or made record to confirm. */
	private retireLastToken(): boolean {
		const last = this.unconfirmed;
		if (!this.finishing || !last || this.needsCall()) return false;
		this.unconfirmed = undefined;
		this.toForget.add(last.token);
		return true;
	}

	private kick(): void {
		this.pumping ??= this.pump().finally(() => {
			this.pumping = undefined;
			if (this.hasWork()) this.kick();
		});
	}

	private hasWork(): boolean {
		return this.needsCall() || this.toForget.size > 0;
	}

	private async pump(): Promise<void> {
		while (this.hasWork()) {
			while (!this.ready()) await sleep(TICK_MS);
			if (!this.firstCallDone) await this.firstCall();
			else if (this.needsCall()) await this.call();
			else await this.forgetNow();
		}
	}

	/** Whether the next call is due (pace.ts). */
	private ready(): boolean {
		const now = Date.now();
		const { settledAt, waiting, claimedBefore, finishing } = this;
		const unconfirmed = this.unconfirmed?.claims.length ?? 0;
		return callIsDue({ now, settledAt, waiting, claimedBefore, aheadCount: this.ahead.count, unconfirmed, heldDue: this.held.due(now), madeDue: this.madeQueue.due(now), finishing, forgetting: this.toForget.size });
	}

	private needsCall(): boolean {
		const open = this.unconfirmed && (this.unconfirmed.claims.length > 0 || this.unconfirmed.forwards.length > 0);
		return this.waiting.length > 0 || this.held.size > 0 || this.madeQueue.length > 0 || Boolean(open);
	}

	private async forgetNow(): Promise<void> {
		this.retireLastToken();
		const values = [...this.toForget];
		this.toForget.clear();
		await forgetValues(this.context, values);
	}

	/** The run's first call learns which windows are in use, and what proves the list's age, before anything is claimed. */
	private async firstCall(): Promise<void> {
		const formerLevels = await firstCallOfRun(this.context, this.level, this.capacity, Date.now()).catch((error: unknown) => {
			for (const claim of this.waiting.splice(0)) claim.fail(error);
		});
		if (!formerLevels) return;
		this.formerLevels = formerLevels;
		this.firstCallDone = true;
	}

	/** One call: the run's markers, the last call's token and values again, new claims, looks at held claims, what was made, a token. */
	private async call(): Promise<void> {
		const now = Date.now();
		const generation = generationOf(this.level, now);
		const previous = this.unconfirmed;
		const claims = await this.withinCapacity(this.waiting.splice(0, CLAIM_BATCH).map((claim) => this.asking(claim, now)));
		if (claims.length > 0) this.claimedBefore = true;
		const polls = this.held.take(now);
		const forwards = this.madeQueue.take();
		const token = this.tokens.next();
		const claimValues = (claim: Claim) => [claimValue(claim.key), ...claim.made];
		const forwardValues = (key: string) => [madeValue(key, this.level, generation), madeValue(key, this.level, generation + 1)];
		const again = previous ? [previous.token, ...previous.claims.flatMap(claimValues), ...previous.forwards.flatMap(forwardValues)] : [];
		const news = [...claims.flatMap(claimValues), ...polls.flatMap(claimValues), ...forwards.flatMap(forwardValues)];
		let fresh: Set<string>;
		const started = Date.now();
		try {
			fresh = await recordValues(this.context, [...runMarkers(this.level, now), ...this.capacity.callValues(), ...again, ...news, token]);
		} catch (error) {
			this.failed(error, [...claims, ...polls, ...(previous?.claims ?? [])], forwards, previous);
			return;
		} finally {
			this.settledAt = Date.now() + Math.max(SETTLE_MIN_MS, 2 * (Date.now() - started));
		}
		const markerStrays = this.capacity.readCall(fresh);
		for (const stray of markerStrays) this.toForget.add(stray);
		const next: Unconfirmed = { token, claims: [], forwards: [...forwards] };
		if (previous) this.readPrevious(previous, fresh, next);
		for (const claim of claims) this.readClaim(claim, fresh, next, now);
		for (const claim of polls) this.readPoll(claim, fresh, next, now);
		this.unconfirmed = next;
		if (markerStrays.length > 0 || this.toForget.size >= FORGET_BATCH) await this.forgetNow().catch(() => undefined);
	}

	/** The made values a claim asks about (names.ts), known once the first call has found the windows in use. */
	private asking(claim: Claim, now: number): Claim {
		claim.made = madeValuesAsked(claim.key, this.level, this.formerLevels, now);
		return claim;
	}

	/** The claims a call may carry without n8n dropping a write made within the window (capacity.ts); the others are refused. */
	private async withinCapacity(claims: Claim[]): Promise<Claim[]> {
		const adding = claims.reduce((sum, claim) => sum + 1 + claim.made.length, 0) + 2 * this.madeQueue.length;
		if (claims.length === 0 || (await this.capacity.allows(this.context, adding))) return claims;
		for (const claim of claims) claim.answer('full');
		return [];
	}

	/** The last call's token still there: its claims are the run's, its made records stand. Gone: its values were written over. */
	private readPrevious(previous: Unconfirmed, fresh: ReadonlySet<string>, next: Unconfirmed): void {
		if (!fresh.has(previous.token)) {
			this.overwrittenInARow = 0;
			// Seen: that call's values stand, so its token (and any recorded again before it) has done its work.
			for (const token of this.tokens.seen(previous.token)) this.toForget.add(token);
			for (const claim of previous.claims) {
				claim.confirmed = true;
				if (!claim.answered) claim.answer('mine');
				if (claim.madeEarly) this.toForget.add(claimValue(claim.key));
			}
			for (const key of previous.forwards) this.toForget.add(claimValue(key));
			return;
		}
		if (++this.overwrittenInARow > MAX_OVERWRITTEN) {
			const error = new Error(`another process wrote over this node's list ${MAX_OVERWRITTEN} times in a row`);
			for (const claim of previous.claims) claim.fail(error);
			next.forwards.push(...previous.forwards);
			return;
		}
		this.tokens.writtenOver(previous.token);
		// Recorded again by this call: a claim found new is the run's again (to confirm); one found there is another's.
		for (const claim of previous.claims) {
			if (fresh.has(claimValue(claim.key))) next.claims.push(claim);
			else if (claim.answered) {
				this.yielded.add(claim.key);
				if (claim.madeEarly) this.toForget.add(claimValue(claim.key));
			}
			else this.held.hold(claim, Date.now());
		}
		next.forwards.push(...previous.forwards);
	}

	private readClaim(claim: Claim, fresh: ReadonlySet<string>, next: Unconfirmed, now: number): void {
		const claimed = claimValue(claim.key);
		if (!fresh.has(claimed)) {
			if (!claim.waitIfHeld) return claim.answer('busy');
			// Held by another attempt (another execution now, or an answer lost before): looked at again.
			this.held.hold(claim, now);
			return;
		}
		if (claim.made.some((value) => !fresh.has(value))) return this.foundMade(claim, fresh);
		next.claims.push(claim);
		if (claim.early) {
			claim.answered = true;
			claim.answer('mine');
		}
	}

	/** Made before: what this call recorded only by asking goes again (a repeat does not lengthen the memory). */
	private foundMade(claim: Claim, fresh: ReadonlySet<string>): void {
		for (const value of [claimValue(claim.key), ...claim.made]) if (fresh.has(value)) this.toForget.add(value);
		claim.answer('made');
	}

	private readPoll(claim: Claim, fresh: ReadonlySet<string>, next: Unconfirmed, now: number): void {
		const claimed = claimValue(claim.key);
		if (fresh.has(claimed)) {
			this.held.resolved(now);
			if (claim.made.some((value) => !fresh.has(value))) {
				this.foundMade(claim, fresh);
			} else {
				// The other attempt let it go (the bank refused it for sure): this run's claim now.
				next.claims.push(claim);
			}
			return;
		}
		// Still held: wait while other held claims resolve, at most a bound in all.
		this.held.stillHeld(claim, now);
	}

	/** The store failed: claims fail (nothing sent); what was made is recorded at the next call; the last call stays to confirm. */
	private failed(error: unknown, claims: Claim[], forwards: string[], previous: Unconfirmed | undefined): void {
		for (const claim of claims) claim.fail(error);
		this.madeQueue.putBack([...forwards, ...(previous?.forwards ?? [])]);
		if (previous) this.unconfirmed = undefined;
		if (this.finishing) {
			// At the end of the run, what was made stays claimed (a repeat refuses it) rather than loop on a failing store.
			this.madeQueue.clear();
			this.held.clear();
			this.toForget.clear();
		}
	}
}
