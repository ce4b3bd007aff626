import type { FastifyInstance, FastifyReply } from 'fastify';

import { ALL_SCOPES, type SandboxContext, type User } from '../../core/context';
import { errorPage, pickerPage, signInPage, type ConsentView } from './pages';
import type { PendingAuthorization, PendingAuthorizations } from './pending';
import { organizationForRegistration } from './registrations';

type Params = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The requested scopes that exist; no `scope` at all means every scope but offline_access. */
export function grantedScopes(scope: string | undefined): string[] {
	if (scope === undefined) return ALL_SCOPES.filter((s) => s !== 'offline_access');
	const requested = new Set(scope.split(/[\s+]+/).filter(Boolean));
	return ALL_SCOPES.filter((s) => requested.has(s));
}

function html(reply: FastifyReply, status: number, page: string): FastifyReply {
	return reply
		.code(status)
		.header('Cache-Control', 'no-store')
		.header('X-Frame-Options', 'DENY')
		.type('text/html; charset=utf-8')
		.send(page);
}

/** Back to the application: redirect_uri plus the given parameters (and state, echoed unchanged). */
function redirectBack(reply: FastifyReply, redirectUri: string, params: Record<string, string>, state?: string): FastifyReply {
	const url = new URL(redirectUri);
	for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
	if (state !== undefined) url.searchParams.set('state', state);
	return reply.header('Cache-Control', 'no-store').redirect(url.toString(), 302);
}

/**
 * GET /oauth2/auth and the two form posts of the consent pages (sign in, pick an organization).
 * A bad client_id or redirect_uri is answered here with an error page, never redirected.
 */
export function registerAuthorize(app: FastifyInstance, ctx: SandboxContext, pending: PendingAuthorizations): void {
	const view = (request: PendingAuthorization): ConsentView => ({
		requestId: request.id,
		appName: ctx.applications.get(request.applicationId)?.name ?? 'An application',
		scopes: request.scopes,
	});

	/** The organization picker's choices: the user's organizations that exist. */
	const organizationChoices = (user: User) =>
		Object.keys(user.memberships)
			.filter((id) => ctx.organizations.has(id))
			.map((id) => ctx.organization(id))
			.map((o) => ({ id: o.id, name: o.legal_name, country: o.legal_country }));

	/** Issues the code for the organization and ends the flow. */
	const approve = (reply: FastifyReply, request: PendingAuthorization, organizationId: string) => {
		pending.finish(request.id);
		const code = ctx.tokens.createCode(
			{ applicationId: request.applicationId, userId: request.userId as string, organizationId, scopes: request.scopes },
			request.redirectUri,
		);
		return redirectBack(reply, request.redirectUri, { code }, request.state);
	};

	const deny = (reply: FastifyReply, request: PendingAuthorization, description: string) => {
		pending.finish(request.id);
		return redirectBack(reply, request.redirectUri, { error: 'access_denied', error_description: description }, request.state);
	};

	const expired = (reply: FastifyReply) =>
		html(reply, 400, errorPage('This sign-in page has expired', 'The authorization request is unknown, finished or expired.'));

	app.get('/oauth2/auth', async (request, reply) => {
		const query = request.query as Params;
		const clientId = text(query.client_id);
		const application = clientId === undefined ? undefined : ctx.applications.get(clientId);
		if (!application) {
			return html(reply, 400, errorPage('Unknown application', 'The client_id is missing or is not a registered application.'));
		}
		const redirectUri = text(query.redirect_uri);
		if (redirectUri === undefined || !application.redirectUris.includes(redirectUri)) {
			return html(
				reply,
				400,
				errorPage('Redirect URI not registered', 'The redirect_uri is missing or differs from the application’s registered redirect URIs.'),
			);
		}
		const state = text(query.state);
		if (query.response_type !== 'code') {
			return redirectBack(reply, redirectUri, { error: 'unsupported_response_type', error_description: 'response_type must be code' }, state);
		}
		const scopeParam = query.scope === undefined ? undefined : text(query.scope) ?? '';
		const scopes = grantedScopes(scopeParam);
		if (scopes.length === 0) {
			return redirectBack(reply, redirectUri, { error: 'invalid_scope', error_description: 'None of the requested scopes exists' }, state);
		}
		const organizationId = text(query.organization_id);
		if (query.organization_id !== undefined && (organizationId === undefined || !ctx.organizations.has(organizationId))) {
			return redirectBack(reply, redirectUri, { error: 'invalid_request', error_description: 'organization_id is not a known organization' }, state);
		}
		const registrationId = text(query.registration_id);
		const preselected = registrationId === undefined ? undefined : organizationForRegistration(registrationId);
		const created = pending.create({
			applicationId: application.clientId,
			redirectUri,
			scopes,
			state,
			lockedOrganizationId: organizationId,
			preselectedOrganizationId: preselected,
			unknownRegistration: registrationId !== undefined && preselected === undefined,
		});
		const organizationName = organizationId ? ctx.organization(organizationId).legal_name : undefined;
		return html(reply, 200, signInPage({ ...view(created), organizationName }));
	});

	app.post('/oauth2/auth/sign-in', async (request, reply) => {
		const body = (request.body ?? {}) as Params;
		const current = pending.get(body.request_id);
		if (!current) return expired(reply);
		const email = text(body.email)?.trim() ?? '';
		const user = [...ctx.users.values()].find((u) => u.email.toLowerCase() === email.toLowerCase());
		if (!user || user.password !== text(body.password)) {
			return html(reply, 401, signInPage({ ...view(current), email, error: 'The e-mail or the password is wrong.' }));
		}
		current.userId = user.id;
		pending.save(current);
		const fixed = current.lockedOrganizationId ?? current.preselectedOrganizationId;
		if (fixed) {
			if (!user.memberships[fixed]) return deny(reply, current, 'The signed-in user is not a member of that organization');
			return approve(reply, current, fixed);
		}
		return html(
			reply,
			200,
			pickerPage({
				...view(current),
				userName: user.name,
				organizations: organizationChoices(user),
				notice: current.unknownRegistration ? 'The registration was not found: choose the organization yourself.' : undefined,
			}),
		);
	});

	app.post('/oauth2/auth/consent', async (request, reply) => {
		const body = (request.body ?? {}) as Params;
		const current = pending.get(body.request_id);
		const user = current?.userId ? ctx.users.get(current.userId) : undefined;
		if (!current || !user) return expired(reply);
		if (body.decision === 'deny') return deny(reply, current, 'The user denied the request');
		const organizationId = text(body.organization_id);
		if (!organizationId || !user.memberships[organizationId] || !ctx.organizations.has(organizationId)) {
			return html(
				reply,
				400,
				pickerPage({
					...view(current),
					userName: user.name,
					organizations: organizationChoices(user),
					error: 'Choose one of your organizations.',
				}),
			);
		}
		return approve(reply, current, organizationId);
	});
}
