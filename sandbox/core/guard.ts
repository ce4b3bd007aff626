import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { SandboxContext } from './context';
import { ApiError } from './errors';
import type { Grant } from './tokens';

declare module 'fastify' {
	interface FastifyContextConfig {
		/** The OAuth scope a route needs; routes without one are not API routes. */
		scope?: string;
	}
	interface FastifyRequest {
		grant: Grant;
	}
}

/** The API surface: the versioned resources and the unversioned organization test call. */
export const isApiPath = (url: string) => url.startsWith('/v2/') || url === '/organization' || url.startsWith('/organization?');

/** The caller's organization; every resource handler reads it from here. */
export const organizationId = (request: FastifyRequest) => request.grant.organizationId;

/**
 * Checks every API call in the order a real gateway would: staging token, bearer token, scope.
 * Rate limiting and fault injection run before this (modules/faults.ts, modules/rateLimit.ts).
 */
export function registerGuard(app: FastifyInstance, ctx: SandboxContext): void {
	app.decorateRequest('grant', null as unknown as Grant);
	app.addHook('preHandler', async (request) => {
		const scope = request.routeOptions.config?.scope;
		if (!scope) return;
		const staging = ctx.options.stagingToken;
		if (staging !== undefined && request.headers['x-service-staging-token'] !== staging) {
			throw ApiError.single(401, 'invalid_staging_token', 'X-Service-Staging-Token is missing or wrong');
		}
		const authorization = request.headers.authorization ?? '';
		const match = /^Bearer (.+)$/i.exec(authorization);
		if (!match) throw ApiError.single(401, 'unauthorized', 'Missing bearer access token');
		const grant = ctx.tokens.verifyAccessToken(match[1]);
		if (!grant) throw ApiError.single(401, 'unauthorized', 'The access token is invalid or has expired');
		if (!grant.scopes.includes(scope)) {
			throw ApiError.single(403, 'insufficient_scope', `This operation needs the OAuth scope ${scope}`);
		}
		request.grant = grant;
	});
}
