import { timingSafeEqual } from 'crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { Application, SandboxContext } from '../../core/context';
import { ApiError, OAuthError } from '../../core/errors';
import type { Grant } from '../../core/tokens';

const FORM = 'application/x-www-form-urlencoded';

const invalidRequest = (description: string) => new OAuthError(400, 'invalid_request', description);
const invalidGrant = (description: string) => new OAuthError(400, 'invalid_grant', description);

function sameSecret(a: string, b: string): boolean {
	const left = Buffer.from(a);
	const right = Buffer.from(b);
	return left.length === right.length && timingSafeEqual(left, right);
}

/** One form field as a plain string; repeated fields are a malformed request. */
function field(form: Record<string, unknown>, name: string): string | undefined {
	const value = form[name];
	if (value === undefined || value === '') return undefined;
	if (typeof value !== 'string') throw invalidRequest(`${name} must be sent once`);
	return value;
}

function required(form: Record<string, unknown>, name: string): string {
	const value = field(form, name);
	if (value === undefined) throw invalidRequest(`${name} is required`);
	return value;
}

/** The form body of a token request, after the transport rules of the spec. */
function readForm(request: FastifyRequest): Record<string, unknown> {
	const contentType = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
	if (contentType !== FORM) throw invalidRequest(`Content-Type must be ${FORM}`);
	if (/^basic\s/i.test(request.headers.authorization ?? '')) {
		throw new OAuthError(401, 'invalid_client', 'Send client_id and client_secret in the form body, not in a Basic Authorization header');
	}
	const body = request.body;
	return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

/** Injected faults and rate limits keep their status; any other 4xx is a malformed request. */
function asOAuthError(error: Error & { statusCode?: number }): OAuthError {
	if (error instanceof OAuthError) return error;
	if (error instanceof ApiError) return new OAuthError(error.statusCode, error.errors[0]?.code ?? 'server_error', error.message);
	if ((error.statusCode ?? 500) < 500) return invalidRequest(`Malformed token request: ${error.message}`);
	return new OAuthError(500, 'server_error', 'Internal server error');
}

/**
 * POST /oauth2/token: authorization_code and refresh_token grants. Client credentials only in the
 * form body; codes single use (10 minutes); refresh tokens rotate and the old one dies at once.
 */
export function registerToken(app: FastifyInstance, ctx: SandboxContext): void {
	const authenticate = (form: Record<string, unknown>): Application => {
		const clientId = required(form, 'client_id');
		const clientSecret = required(form, 'client_secret');
		const application = ctx.applications.get(clientId);
		if (!application || !sameSecret(application.clientSecret, clientSecret)) {
			throw new OAuthError(401, 'invalid_client', 'Unknown client or wrong client secret');
		}
		return application;
	};

	const authorizationCode = (form: Record<string, unknown>, application: Application): Grant => {
		const code = required(form, 'code');
		const redirectUri = required(form, 'redirect_uri');
		const entry = ctx.tokens.consumeCode(code);
		if (!entry || entry.applicationId !== application.clientId) {
			throw invalidGrant('The authorization code is invalid, expired or already used');
		}
		// Byte for byte: a pre-encoded or otherwise rewritten redirect_uri is a different one.
		if (redirectUri !== entry.redirectUri || !application.redirectUris.includes(redirectUri)) {
			throw invalidGrant('redirect_uri differs from the one of the authorization request');
		}
		const { expiresAt: _expiresAt, redirectUri: _redirectUri, ...grant } = entry;
		return grant;
	};

	const refreshToken = (form: Record<string, unknown>, application: Application): Grant => {
		const token = required(form, 'refresh_token');
		const grant = ctx.tokens.consumeRefreshToken(token, application.clientId);
		if (!grant) throw invalidGrant('The refresh token is invalid, expired or already used');
		return grant;
	};

	app.post(
		'/oauth2/token',
		{
			// Whatever goes wrong before the handler (unparsable body, unknown content type) is still an RFC 6749 error.
			errorHandler: (error: Error & { statusCode?: number }, _request, reply) => {
				const oauth = asOAuthError(error);
				if (oauth.statusCode === 401) reply.header('WWW-Authenticate', 'Basic realm="oauth2", error="invalid_client"');
				return reply
					.code(oauth.statusCode)
					.header('Cache-Control', 'no-store')
					.send({ error: oauth.error, error_description: oauth.description });
			},
		},
		async (request, reply) => {
			const form = readForm(request);
			const grantType = required(form, 'grant_type');
			const application = authenticate(form);
			let grant: Grant;
			if (grantType === 'authorization_code') grant = authorizationCode(form, application);
			else if (grantType === 'refresh_token') grant = refreshToken(form, application);
			else throw new OAuthError(400, 'unsupported_grant_type', `grant_type ${grantType} is not supported`);
			return reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache').send(ctx.tokens.issue(grant));
		},
	);
}
