import type { Claim } from './claim';
import { CLAIM_BATCH, CLAIM_CHUNK, FORGET_BATCH, GATHER_MS, LATER_GATHER_MS } from './timing';

/** What decides when a run's next call to the node's list goes (ledger.ts). */
export interface RunPace {
	now: number;
	/** Until when the last call settles: its token is looked for no earlier. */
	settledAt: number;
	waiting: readonly Claim[];
	claimedBefore: boolean;
	/** How many more writes may be claimed ahead of what is sent. */
	aheadCount: number;
	/** The last call's claims, waiting for its token to be seen. */
	unconfirmed: number;
	heldDue: boolean;
	madeDue: boolean;
	finishing: boolean;
	/** Values gathered to take out. */
	forgetting: number;
}

/** Whether the next call is due: something waits on it, or enough is gathered, and the last call has settled. */
export function callIsDue(pace: RunPace): boolean {
	if (pace.now < pace.settledAt) return false;
	if (claimsDue(pace) || pace.unconfirmed > 0 || pace.heldDue || pace.madeDue) return true;
	return pace.finishing || pace.forgetting >= FORGET_BATCH;
}

/**
 * The run's first claims go after GATHER_MS; later ones come one by one as claimed writes are sent,
 * so they wait for CLAIM_CHUNK of them (or LATER_GATHER_MS): the writes claimed ahead are still
 * being sent meanwhile, and each call costs the whole list.
 */
function claimsDue({ now, waiting, claimedBefore, aheadCount }: RunPace): boolean {
	if (waiting.length === 0) return false;
	if (waiting.length >= CLAIM_BATCH) return true;
	const waited = now - waiting[0].queuedAt;
	if (!claimedBefore) return waited >= GATHER_MS;
	return waiting.length >= CLAIM_CHUNK || waited >= LATER_GATHER_MS || aheadCount <= waiting.length;
}
