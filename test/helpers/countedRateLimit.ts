/**
 * A sandbox rate limit whose windows are counted in requests, not in the machine's time: while it
 * is on, the sandbox's clock moves forward a fixed step with each API request that arrives (and
 * stands still otherwise), so a window of `max` requests ends with the request after the one it
 * refused, however fast or slow the machine is. Every (max + 1)-th request is refused: a batch of
 * N calls meets exactly ceil(N / max) - 1 refusals (a 429 creates nothing and is retried).
 * The node still waits each 429's Retry-After (1 s) in real time.
 */
import { isApiPath } from '../../sandbox/core/guard';
import type { TestSandbox } from './sandbox';

/** The sandbox clock's step per request, in ms: a window is (max + 1) steps long. */
const STEP_MS = 50;

/** The refusals a batch of `calls` meets under `max` per window (each refused call is retried). */
export const expectedRefusals = (calls: number, max: number) => Math.ceil(calls / max) - 1;

/** Turns the counted limit on; the function it answers turns it off (restores the clock and the limit). */
export function useCountedRateLimit(sandbox: TestSandbox, max: number): () => void {
	const { ctx } = sandbox;
	const log = ctx.requests;
	const start = log.start.bind(log);
	const windowMs = (max + 1) * STEP_MS;
	// One window past now: a window the token opened before (in real time) is over at the first request.
	const startedAt = ctx.clock.nowMs() + windowMs;
	let arrivals = 0;
	// The request log sees each request first (its module is registered before the rate limit's).
	log.start = (entry) => {
		if (isApiPath(entry.path)) arrivals++;
		return start(entry);
	};
	ctx.clock.nowMs = () => startedAt + arrivals * STEP_MS;
	ctx.options.rateLimit = { max, windowMs };
	return () => {
		delete (log as { start?: unknown }).start;
		delete (ctx.clock as { nowMs?: unknown }).nowMs;
		ctx.options.rateLimit = undefined;
	};
}
