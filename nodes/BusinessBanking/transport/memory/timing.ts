/**
 * The write memory's pace (ledger.ts), in one place. A store call reads and writes the node's
 * whole list, so calls are few and carry many items: claims are gathered for GATHER_MS (or until
 * CLAIM_BATCH wait), what was made is recorded every MADE_FLUSH_MS (or MADE_BATCH writes), claims
 * are taken out FORGET_BATCH at a time, and at most LOOK_AHEAD writes are claimed but not yet sent (what a crash can leave open).
 */
export const GATHER_MS = 100;
/** After the run's first claims: the next ones go CLAIM_CHUNK at a time, or after LATER_GATHER_MS. */
export const CLAIM_CHUNK = 250;
export const LATER_GATHER_MS = 2_000;
export const CLAIM_BATCH = 1_000;
export const LOOK_AHEAD = 500;
export const MADE_BATCH = 1_000;
export const MADE_FLUSH_MS = 10_000;
/**
 * Values are taken out of the list in calls of at least this many (or at the run's end): n8n looks
 * each one up from the list's oldest end, so a call costs the list once plus that per value; during
 * the run, while sends wait on the rate limit, rather than all at its end.
 */
export const FORGET_BATCH = 250;
/** The least time between two calls of a run: a call's token is looked for only after it (ledger.ts). */
export const SETTLE_MIN_MS = 250;
/** How often claims held by another attempt are looked at again, and how long without any of them resolving before giving up. */
export const POLL_MS = 2_000;
export const BUSY_QUIET_MS = 30_000;
export const BUSY_MAX_MS = 15 * 60_000;
/** Calls of a run written over by other processes in a row before its claims fail. */
export const MAX_OVERWRITTEN = 5;
/** How often a waiting run looks whether its next call is due. */
export const TICK_MS = 25;
