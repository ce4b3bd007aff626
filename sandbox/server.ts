import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';

import { SandboxContext, type SandboxOptions } from './core/context';
import { collectControlRoutes, type ControlRoute } from './core/controlRoutes';
import { ApiError, OAuthError, sendError } from './core/errors';
import { registerGuard } from './core/guard';
import { seedApplication, seedCore } from './core/seed';
import { modules } from './modules';
import { sandboxIndexModule } from './modules/sandboxIndex';

export interface RunningSandbox {
	app: FastifyInstance;
	ctx: SandboxContext;
	/** e.g. http://127.0.0.1:4010 — base, auth and register URL alike. */
	url: string;
	/** Every simulation control under /sandbox, as registered. */
	controls: ControlRoute[];
	reset(): void;
	close(): Promise<void>;
}

/** 1 MiB for JSON bodies; the uploads route sets its own limit. */
const BODY_LIMIT = 1024 * 1024;

export async function buildSandbox(options: SandboxOptions = {}): Promise<{ app: FastifyInstance; ctx: SandboxContext; controls: ControlRoute[] }> {
	const ctx = new SandboxContext(options);
	const app = Fastify({ logger: options.quiet ? false : { level: 'info' }, bodyLimit: BODY_LIMIT });
	await app.register(formbody);
	app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, _request, reply) => {
		if (error instanceof ApiError) return sendError(reply, error);
		if (error instanceof OAuthError) {
			return reply.code(error.statusCode).send({ error: error.error, error_description: error.description });
		}
		const status = error.statusCode ?? 500;
		// Fastify's own 4xx (malformed JSON, body too large, wrong content type) keep their status.
		if (status >= 400 && status < 500) {
			return sendError(reply, ApiError.single(status, error.code ?? 'bad_request', error.message));
		}
		reply.log.error(error);
		return sendError(reply, ApiError.single(500, 'internal_error', 'Internal server error'));
	});
	app.setNotFoundHandler((request, reply) =>
		sendError(reply, ApiError.single(404, 'not_found', `No route ${request.method} ${request.url.split('?')[0]}`)),
	);
	// A change is on disk before the response that reports it leaves (a no-op in memory).
	app.addHook('onSend', async (_request, _reply, payload) => {
		ctx.store.flush();
		return payload;
	});
	registerGuard(app, ctx);
	const controls = collectControlRoutes(app);
	for (const module of [...modules, sandboxIndexModule(controls)]) await module.register(app, ctx);
	// Registered after the modules' own: their timers are stopped before the file closes.
	app.addHook('onClose', async () => ctx.store.close());
	if (ctx.store.restored) ctx.restore(seedApplication);
	else ctx.reset(seedCore);
	return { app, ctx, controls };
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
	const { app, ctx, controls } = await buildSandbox(options);
	const address = await app.listen({ port: options.port ?? 4010, host: options.host ?? '127.0.0.1' });
	return {
		app,
		ctx,
		url: address.replace('[::1]', 'localhost'),
		controls,
		reset: () => ctx.reset(seedCore),
		close: () => app.close(),
	};
}
