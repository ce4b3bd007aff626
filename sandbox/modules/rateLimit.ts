import { createHash } from 'crypto';

import type { SandboxModule } from '../module';
import { ApiError } from '../core/errors';
import { isApiPath } from '../core/guard';

/** docs/assumptions.md: 1,000 requests per 10 seconds per token. */
export const DEFAULT_RATE_LIMIT = { max: 1000, windowMs: 10_000 };

interface Window {
	startedAt: number;
	count: number;
}

/** An Authorization header up to this length is its own key; a longer one is digested. */
const KEY_MAX_CHARS = 256;

/**
 * Who a request counts against: its Authorization header (a digest of it when it is longer than
 * KEY_MAX_CHARS, so a caller sending huge headers cannot grow the windows' memory), or its address
 * when it has none. A digest starts with a line feed, which no header value holds.
 */
function callerKey(authorization: string | undefined, ip: string): string {
	if (authorization === undefined) return `anonymous:${ip}`;
	return authorization.length <= KEY_MAX_CHARS ? authorization : `\n${createHash('sha256').update(authorization).digest('base64url')}`;
}

/**
 * Fixed windows per caller, on the sandbox clock (so tests move time instead of waiting). Windows
 * that have ended are dropped once per window length, so a stream of ever new tokens (a load test,
 * a long `npm run dev`) keeps at most one window's worth of callers in memory.
 */
export class RateLimiter {
	private readonly windows = new Map<string, Window>();
	private lastSweep = 0;

	/** Counts one request at `now`; answers the seconds to wait when it is over the limit. */
	hit(key: string, now: number, { max, windowMs }: { max: number; windowMs: number }): number | undefined {
		this.sweep(now, windowMs);
		let window = this.windows.get(key);
		if (!window || now - window.startedAt >= windowMs) {
			window = { startedAt: now, count: 0 };
			this.windows.set(key, window);
		}
		window.count += 1;
		if (window.count <= max) return undefined;
		return Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000));
	}

	/** How many callers have a window in memory. */
	get size(): number {
		return this.windows.size;
	}

	clear(): void {
		this.windows.clear();
	}

	private sweep(now: number, windowMs: number): void {
		if (now - this.lastSweep < windowMs) return;
		this.lastSweep = now;
		for (const [key, window] of this.windows) {
			if (now - window.startedAt >= windowMs) this.windows.delete(key);
		}
	}
}

/** Runs in onRequest, before the guard's preHandler: even a request with a bad token is counted. */
export const rateLimitModule: SandboxModule = {
	name: 'rate-limit',
	register(app, ctx) {
		const limiter = new RateLimiter();
		ctx.onReset(() => limiter.clear());
		app.addHook('onRequest', async (request, reply) => {
			if (!isApiPath(request.url)) return;
			const limit = ctx.options.rateLimit ?? DEFAULT_RATE_LIMIT;
			const retryAfter = limiter.hit(callerKey(request.headers.authorization, request.ip), ctx.clock.nowMs(), limit);
			if (retryAfter === undefined) return;
			reply.header('Retry-After', String(retryAfter));
			throw ApiError.single(429, 'rate_limited', `Rate limit of ${limit.max} requests per ${limit.windowMs / 1000} s exceeded; retry after ${retryAfter} s`);
		});
	},
};
