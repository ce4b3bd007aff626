import { randomUUID } from 'crypto';
import type { FastifyRequest } from 'fastify';

import { clientCreateSchema, clientUpdateSchema } from '../../../nodes/shared/schemas/client';
import type { SandboxModule } from '../../module';
import { ApiError } from '../../core/errors';
import { organizationId } from '../../core/guard';
import { findOwned } from '../../core/lookup';
import { applyUpdate, createRecord, toClientResponse } from './build';
import { listClients, parseListQuery } from './list';
import { checkOrganizationRules } from './organizationRules';
import { seedDefaultClients } from './seed';
import { clearClients, clientsOf, nextClientSeq } from './store';

export { clientsOf, type ClientRecord } from './store';
export { seedClients } from './seed';
export { toClientResponse, type ClientResponse } from './build';
export { E_INVOICING_DIRECTORY } from './directory';

/** The body may come flat (the spec's field table) or wrapped as `{"client": {…}}`. */
function clientBody(body: unknown): unknown {
	if (body === undefined) return {};
	if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
		const keys = Object.keys(body);
		if (keys.length === 1 && keys[0] === 'client') return (body as { client: unknown }).client;
	}
	return body;
}

/** Client bodies are JSON: a form or text body is refused before any rule runs (415). */
async function requireJson(request: FastifyRequest): Promise<void> {
	if (request.body === undefined) return;
	const contentType = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
	if (contentType !== 'application/json') {
		throw ApiError.single(415, 'unsupported_media_type', 'Send the client as JSON (Content-Type: application/json)');
	}
}

/** /v2/clients: create, update, retrieve, list. Clients emit no event (the spec has no type for them). */
export const clientsModule: SandboxModule = {
	name: 'clients',
	register(app, ctx) {
		const clients = clientsOf(ctx);
		ctx.onReset(() => clearClients(ctx), () => seedDefaultClients(ctx));

		const find = (organization: string, id: string) => findOwned(clients, organization, id, 'Client');

		app.post('/v2/clients', { config: { scope: 'clients.write' }, preValidation: requireJson }, async (request, reply) => {
			const parsed = clientCreateSchema.safeParse(clientBody(request.body));
			if (!parsed.success) throw ApiError.fromZod(parsed.error, '/client');
			const organization = ctx.organization(organizationId(request));
			const now = ctx.clock.now().toISOString();
			const record = createRecord(parsed.data, randomUUID(), nextClientSeq(ctx), now);
			checkOrganizationRules(organization, record, parsed.data, true);
			clients.insert(organization.id, record);
			return reply.code(201).send({ client: toClientResponse(record) });
		});

		app.patch<{ Params: { id: string } }>('/v2/clients/:id', { config: { scope: 'clients.write' }, preValidation: requireJson }, async (request) => {
			const organization = ctx.organization(organizationId(request));
			const existing = find(organization.id, request.params.id);
			const parsed = clientUpdateSchema.safeParse(clientBody(request.body));
			if (!parsed.success) throw ApiError.fromZod(parsed.error, '/client');
			const record = applyUpdate(existing, parsed.data, ctx.clock.now().toISOString());
			checkOrganizationRules(organization, record, parsed.data, false);
			clients.update(organization.id, record.id, record);
			return { client: toClientResponse(record) };
		});

		app.get<{ Params: { id: string } }>('/v2/clients/:id', { config: { scope: 'clients.read' } }, async (request) => {
			return { client: toClientResponse(find(organizationId(request), request.params.id)) };
		});

		app.get('/v2/clients', { config: { scope: 'clients.read' } }, async (request) => {
			const query = parseListQuery(request.query as Record<string, unknown>);
			const page = listClients(clients.list(organizationId(request)), query);
			return { clients: page.items.map(toClientResponse), meta: page.meta };
		});
	},
};
