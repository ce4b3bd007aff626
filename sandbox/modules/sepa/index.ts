import type { FastifyRequest } from 'fastify';

import { ApiError } from '../../core/errors';
import { organizationId } from '../../core/guard';
import type { SandboxModule } from '../../module';
import { mandateRequestSchema, subscriptionRequestSchema } from '../../../nodes/shared/schemas/sepa';
import { parseBody } from '../transfers/parse';
import { createMandate, requireClient, signMandate } from './mandates';
import { signPage } from './signPage';
import { clearSepa, sepaOf } from './store';
import { createSubscription } from './subscriptions';

export { sepaOf, type Mandate, type Subscription } from './store';

const SCOPE = 'sepa_direct_debit.write';

/** A form post (the sign page's button) gets a page back; anything else gets JSON. */
const fromForm = (request: FastifyRequest) => (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

/**
 * SEPA direct debit: POST /v2/sepa/direct_debit_mandates and /v2/sepa/direct_debit_subscriptions.
 * No event type fits them, so they emit none. Simulation controls: GET
 * /sandbox/direct_debit_mandates/{id}/sign (the page of sign_url) and POST on the same path (the
 * client signs: pending_signature → active, and the mandate's subscriptions pending → active).
 */
export const sepaModule: SandboxModule = {
	name: 'sepa',
	register(app, ctx) {
		ctx.onReset(() => clearSepa(ctx));

		app.post('/v2/sepa/direct_debit_mandates', { config: { scope: SCOPE } }, async (request, reply) => {
			const input = parseBody(mandateRequestSchema, request.body).direct_debit_mandate;
			const orgId = organizationId(request);
			requireClient(ctx, orgId, input.client_id, '/direct_debit_mandate');
			const send = input.send_mandate_signature_email ?? false;
			// A mandate created on its own serves any number of collections.
			const mandate = createMandate(ctx, request, orgId, { client_id: input.client_id, schedule_type: 'recurring', notify_client: send });
			return reply.code(201).send({ direct_debit_mandate: mandate });
		});

		app.post('/v2/sepa/direct_debit_subscriptions', { config: { scope: SCOPE } }, async (request, reply) => {
			const input = parseBody(subscriptionRequestSchema, request.body).direct_debit_subscription;
			const subscription = createSubscription(ctx, request, organizationId(request), input);
			return reply.code(201).send({ direct_debit_subscription: subscription });
		});

		app.get<{ Params: { id: string } }>('/sandbox/direct_debit_mandates/:id/sign', async (request, reply) => {
			const found = sepaOf(ctx).mandates.find(request.params.id);
			if (!found) throw ApiError.notFound(`Direct debit mandate ${request.params.id}`);
			const creditor = ctx.organization(found.organizationId).legal_name;
			return reply.type('text/html; charset=utf-8').send(signPage(found.row, creditor));
		});

		app.post<{ Params: { id: string } }>('/sandbox/direct_debit_mandates/:id/sign', async (request, reply) => {
			const { organizationId: orgId, mandate } = signMandate(ctx, request.params.id);
			if (!fromForm(request)) return { direct_debit_mandate: mandate };
			return reply.type('text/html; charset=utf-8').send(signPage(mandate, ctx.organization(orgId).legal_name));
		});
	},
};
