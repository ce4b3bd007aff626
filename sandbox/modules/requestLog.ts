import type { FastifyRequest } from 'fastify';

import type { SandboxModule } from '../module';
import { redactBody, redactHeaders, type LoggedRequest } from '../core/requestLog';

declare module 'fastify' {
	interface FastifyRequest {
		/** This request's entry in ctx.requests (absent for the simulation controls). */
		logged: LoggedRequest | null;
	}
}

/** The body's size as received (Content-Length), or as JSON when the request was chunked. */
function bodySize(request: FastifyRequest): number {
	const declared = Number(request.headers['content-length']);
	if (Number.isFinite(declared) && declared >= 0) return declared;
	try {
		return Buffer.byteLength(JSON.stringify(request.body) ?? '');
	} catch {
		return 0;
	}
}

export const isControlPath = (url: string) => url === '/sandbox' || url.startsWith('/sandbox/') || url.startsWith('/sandbox?');

/**
 * Records every request except the simulation controls in ctx.requests (GET /sandbox/requests
 * serves it), so tests can assert what actually reached the sandbox. Registered first: the entry
 * exists even when a fault or the rate limit answers the request.
 */
export const requestLogModule: SandboxModule = {
	name: 'request-log',
	register(app, ctx) {
		app.decorateRequest('logged', null);
		app.addHook('onRequest', async (request) => {
			if (isControlPath(request.url)) return;
			request.logged = ctx.requests.start({
				at: ctx.clock.now().toISOString(),
				method: request.method,
				path: request.url.split('?')[0],
				query: { ...(request.query as Record<string, string | string[]>) },
				headers: redactHeaders(request.headers),
			});
		});
		// After parsing: malformed bodies never get here and stay undefined in the log.
		app.addHook('preValidation', async (request) => {
			if (request.logged && request.body !== undefined) ctx.requests.setBody(request.logged, request.body, bodySize(request), redactBody);
		});
		app.addHook('onResponse', async (request, reply) => {
			if (request.logged && !request.logged.dropped) request.logged.status = reply.statusCode;
		});
	},
};
