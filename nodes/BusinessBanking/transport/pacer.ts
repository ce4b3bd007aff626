import { sleep } from 'n8n-workflow';

/** A rate limit contract: at most `max` requests in any `windowMs`. */
export interface RateLimit {
	max: number;
	windowMs: number;
}

/** docs/assumptions.md: 1,000 requests per 10 seconds per token. */
export const DEFAULT_RATE_LIMIT: RateLimit = { max: 1000, windowMs: 10_000 };
/**
 * The most requests one credential keeps in flight when the node adapts by itself. At 25 ms of
 * latency 50 left the n8n process idle a sixth of the time (answers wait behind the CPU work of the
 * others); 100 keeps it busy: 1,000 creations took about a fifth less. The rate limit and the
 * latency bounds below still decide how many start.
 */
export const MAX_IN_FLIGHT = 100;
const INITIAL_IN_FLIGHT = 8;
const MIN_IN_FLIGHT = 2;
/**
 * The service counts arrivals in fixed windows, the pacer counts starts in sliding ones: a window
 * this much longer covers the time between a start here and its arrival there.
 */
const WINDOW_MARGIN_MS = 200;
/**
 * Vegas-style bounds on the share of the latency spent waiting (1 − fastest/now): grow while answers
 * take less than twice the fastest seen, shrink past four times. Shares, not request counts: the
 * latency measured here also holds the time items wait for this process's own CPU, which grows with
 * what is in flight whether or not the service queues; a bound in requests stalled the node near 8
 * in flight at 25 ms of network latency.
 */
const GROW_BELOW_SHARE = 0.5;
const SHRINK_ABOVE_SHARE = 0.75;
/** A pacer unused this long (and longer than its window) is forgotten. */
const IDLE_MS = 10 * 60_000;

/** How a paced request ended, for the pacer to learn from. */
export interface Outcome {
	status?: number;
	retryAfterSeconds?: number;
}

export interface Slot {
	/** Call once when the answer (or the failure) came. */
	done(outcome: Outcome): void;
}

interface Waiter {
	adaptive: boolean;
	resolve: (slot: Slot) => void;
}

/**
 * Paces one token's requests: never more than the limit's `max` starts in any window (plus a
 * margin), as many in flight as hide the latency (grows from 8 to at most 100 while answers take
 * less than twice the fastest seen; shrinks past four times, when the service is queueing), and a
 * pause for the whole token when the service answers 429 (its Retry-After). Waiters start in
 * arrival order. `adaptive: false` requests (a user's fixed Batch Concurrency) skip the in-flight
 * cap but not the rate.
 */
export class Pacer {
	private limit: RateLimit = DEFAULT_RATE_LIMIT;
	/** Start times of the last window, oldest first (`head` is the first live one). */
	private starts: number[] = [];
	private head = 0;
	private inFlight = 0;
	private allowed = INITIAL_IN_FLIGHT;
	private slowStart = true;
	private baseLatencyMs = Infinity;
	private smoothedLatencyMs = 0;
	private blockedUntil = 0;
	private wakeAt = Infinity;
	private readonly waiting: Waiter[] = [];
	private lastUsedMs = Date.now();

	configure(limit: RateLimit): void {
		this.limit = limit;
	}

	/** Resolves when this request may start. */
	async acquire(adaptive: boolean): Promise<Slot> {
		return await new Promise<Slot>((resolve) => {
			this.waiting.push({ adaptive, resolve });
			this.pump();
		});
	}

	/** Nothing waiting, nothing running, and no start left in any window. */
	isIdle(now: number): boolean {
		return this.waiting.length === 0 && this.inFlight === 0 && this.lastUsedMs < now - Math.max(IDLE_MS, this.limit.windowMs + WINDOW_MARGIN_MS);
	}

	private pump(): void {
		while (this.waiting.length > 0) {
			const now = Date.now();
			if (now < this.blockedUntil) return this.wakeUpAt(this.blockedUntil);
			const windowMs = this.limit.windowMs + WINDOW_MARGIN_MS;
			while (this.head < this.starts.length && this.starts[this.head] <= now - windowMs) this.head++;
			if (this.head > 1024 && this.head * 2 > this.starts.length) {
				this.starts = this.starts.slice(this.head);
				this.head = 0;
			}
			if (this.starts.length - this.head >= this.limit.max) return this.wakeUpAt(this.starts[this.head] + windowMs);
			if (this.waiting[0].adaptive && this.inFlight >= Math.floor(this.allowed)) return; // a finishing request pumps again
			const waiter = this.waiting.shift() as Waiter;
			this.starts.push(now);
			this.inFlight++;
			this.lastUsedMs = now;
			waiter.resolve(this.slot(now));
		}
	}

	private slot(startedAt: number): Slot {
		let finished = false;
		return {
			done: (outcome) => {
				if (finished) return;
				finished = true;
				this.inFlight--;
				this.learn(outcome, Date.now() - startedAt);
				this.pump();
			},
		};
	}

	private learn(outcome: Outcome, latencyMs: number): void {
		if (outcome.status === 429) {
			const pauseMs = (outcome.retryAfterSeconds ?? 1) * 1000;
			this.blockedUntil = Math.max(this.blockedUntil, Date.now() + pauseMs);
			this.allowed = Math.max(MIN_IN_FLIGHT, this.allowed / 2);
			this.slowStart = false;
			return;
		}
		if (outcome.status !== undefined && outcome.status >= 500) return;
		// The base latency drifts up slowly, so that a service that got slower for good is followed.
		// (The first answer sets it: Infinity + (x − Infinity) would be NaN, and NaN stalls every comparison.)
		this.baseLatencyMs = this.baseLatencyMs === Infinity ? latencyMs : Math.min(latencyMs, this.baseLatencyMs + (latencyMs - this.baseLatencyMs) * 0.01);
		this.smoothedLatencyMs = this.smoothedLatencyMs === 0 ? latencyMs : this.smoothedLatencyMs * 0.8 + latencyMs * 0.2;
		const waitingShare = this.smoothedLatencyMs > 0 ? 1 - this.baseLatencyMs / this.smoothedLatencyMs : 0;
		if (waitingShare < GROW_BELOW_SHARE) {
			this.allowed += this.slowStart ? 1 : 1 / this.allowed;
		} else if (waitingShare > SHRINK_ABOVE_SHARE) {
			this.slowStart = false;
			this.allowed -= 1 / this.allowed;
		}
		this.allowed = Math.min(MAX_IN_FLIGHT, Math.max(MIN_IN_FLIGHT, this.allowed));
	}

	private wakeUpAt(at: number): void {
		if (at >= this.wakeAt) return;
		this.wakeAt = at;
		void sleep(Math.max(0, at - Date.now())).then(() => {
			if (this.wakeAt === at) this.wakeAt = Infinity;
			this.pump();
		});
	}
}

/**
 * One pacer per credential and access token (the service limits per token), shared by every run
 * of every node in this process. Each n8n process (main, each queue-mode worker) paces itself: two
 * workers running the same credential at once can each use the whole limit, and the transport's
 * 429 handling absorbs the excess.
 */
const pacers = new Map<string, Pacer>();

export function pacerFor(credentialId: string, accessToken: string): Pacer {
	const key = `${credentialId}\u0000${accessToken}`;
	let pacer = pacers.get(key);
	if (!pacer) {
		forgetIdlePacers();
		pacer = new Pacer();
		pacers.set(key, pacer);
	}
	return pacer;
}

/** Idle pacers are dropped (each token refresh leaves the old token's behind). */
function forgetIdlePacers(): void {
	const now = Date.now();
	for (const [key, pacer] of pacers) if (pacer.isIdle(now)) pacers.delete(key);
}
