import type { SandboxModule } from '../module';
import { ApiError } from '../core/errors';
import { isApiPath } from '../core/guard';

/** decisions.md: 1,000 requests per 10 seconds per token. */
export const DEFAULT_RATE_LIMIT = { max: 1000, windowMs: 10_000 };

interface Window {
	startedAt: number;
	count: number;
}

/**
 * A fixed window per access token on the sandbox clock (so tests move time instead of waiting).
 * Runs in onRequest, before the guard's preHandler: even a request with a bad token is counted.
 */
export const rateLimitModule: SandboxModule = {
	name: 'rate-limit',
	register(app, ctx) {
		const windows = new Map<string, Window>();
		ctx.onReset(() => windows.clear());
		app.addHook('onRequest', async (request, reply) => {
			if (!isApiPath(request.url)) return;
			const { max, windowMs } = ctx.options.rateLimit ?? DEFAULT_RATE_LIMIT;
			const key = request.headers.authorization ?? `anonymous:${request.ip}`;
			const now = ctx.clock.nowMs();
			let window = windows.get(key);
			if (!window || now - window.startedAt >= windowMs) {
				window = { startedAt: now, count: 0 };
				windows.set(key, window);
			}
			window.count += 1;
			if (window.count <= max) return;
			const retryAfter = Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000));
			reply.header('Retry-After', String(retryAfter));
			throw ApiError.single(429, 'rate_limited', `Rate limit of ${max} requests per ${windowMs / 1000} s exceeded; retry after ${retryAfter} s`);
		});
	},
};
