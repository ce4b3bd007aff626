import type { FastifyRequest } from 'fastify';
import { z, type ZodTypeAny } from 'zod/v3';

import type { SandboxModule } from '../module';
import { ApiError } from '../core/errors';
import { seedCore } from '../core/seed';
import { seedClients } from './clients';
import { faultInputSchema, faultsOf } from './faults';

function bodyOf<T extends ZodTypeAny>(schema: T, request: FastifyRequest): z.output<T> {
	const parsed = schema.safeParse(request.body ?? {});
	if (!parsed.success) throw ApiError.fromZod(parsed.error, '');
	return parsed.data;
}

const advanceSchema = z.object({ seconds: z.number().positive().max(10 * 365 * 24 * 3600) });
const setClockSchema = z.object({ now: z.string().datetime({ offset: true }) });
const seedClientsSchema = z.object({
	organization_id: z.string(),
	count: z.number().int().min(1).max(5000),
});

/**
 * Simulation controls (off the public contract, no auth): reset, clock, faults, seeding and the
 * request log. Tests and `npm run dev` drive the sandbox through these.
 */
export const controlsModule: SandboxModule = {
	name: 'controls',
	register(app, ctx) {
		const faults = faultsOf(ctx);

		app.post('/sandbox/reset', async () => {
			ctx.reset(seedCore);
			return { reset: true, now: ctx.clock.now().toISOString() };
		});

		const clock = () => ({ now: ctx.clock.now().toISOString(), offset_seconds: Math.round((ctx.clock.nowMs() - Date.now()) / 1000) });
		app.get('/sandbox/clock', async () => clock());
		app.post('/sandbox/clock/advance', async (request) => {
			ctx.clock.advance(bodyOf(advanceSchema, request).seconds * 1000);
			return clock();
		});
		app.post('/sandbox/clock/set', async (request) => {
			ctx.clock.setTo(Date.parse(bodyOf(setClockSchema, request).now));
			return clock();
		});

		app.post('/sandbox/faults', async (request, reply) => {
			const fault = faults.add(bodyOf(faultInputSchema, request));
			return reply.code(201).send({ fault });
		});
		app.get('/sandbox/faults', async () => ({ faults: faults.list() }));
		app.delete('/sandbox/faults', async () => ({ deleted: faults.clear() }));

		app.post('/sandbox/seed/clients', async (request, reply) => {
			const body = bodyOf(seedClientsSchema, request);
			if (!ctx.organizations.has(body.organization_id)) {
				throw ApiError.validation('/organization_id', 'organization_id: is not a seeded organization');
			}
			const created = seedClients(ctx, body.organization_id, body.count);
			return reply.code(201).send({ created: created.length, client_ids: created.map((c) => c.id) });
		});

		app.get('/sandbox/requests', async (request) => {
			const query = request.query as Record<string, unknown>;
			const path = typeof query.path === 'string' ? query.path : undefined;
			const method = typeof query.method === 'string' ? query.method : undefined;
			const requests = path || method ? ctx.requests.find(method, path ?? '/*') : ctx.requests.all();
			return { requests };
		});
		app.delete('/sandbox/requests', async () => {
			ctx.requests.clear();
			return { cleared: true };
		});
	},
};
