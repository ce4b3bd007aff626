import { quoteRequestSchema } from '../../../nodes/shared/schemas/international';
import { ApiError } from '../../core/errors';
import { organizationId } from '../../core/guard';
import { withIdempotency } from '../../core/idempotency';
import type { SandboxModule } from '../../module';
import { parseBody } from '../transfers/parse';
import { createBeneficiary, updateBeneficiary } from './beneficiaries';
import { createQuote, findQuote } from './quotes';
import { beneficiaryRequirements, transferRequirements } from './requirements';
import { international } from './store';
import { createInternationalTransfer, finishTransfer } from './transfers';

const SCOPE = 'international_transfers.write';

const queryQuote = (query: { quote_id?: string }) => {
	if (!query.quote_id) throw ApiError.single(400, 'invalid_parameter', 'quote_id is required');
	return query.quote_id;
};

/** The answers given so far, as `details[<key>]=<value>` query parameters (they can add dependent fields). */
const queryAnswers = (query: Record<string, unknown>): Record<string, string> =>
	Object.fromEntries(
		Object.entries(query).flatMap(([name, value]) => {
			const key = /^details\[(.+)\]$/.exec(name)?.[1];
			return key && typeof value === 'string' ? [[key, value]] : [];
		}),
	);

/**
 * International transfers: quotes (30 minutes), beneficiary and transfer requirements, beneficiaries
 * (create, update) and transfers (idempotency key required). GET of a transfer and the simulation
 * controls POST /sandbox/international_transfers/{id}/complete|fail are the sandbox's additions.
 */
export const internationalModule: SandboxModule = {
	name: 'international',
	register(app, ctx) {
		const state = international(ctx);

		app.post('/v2/international/quotes', { config: { scope: SCOPE } }, async (request, reply) => {
			const stored = createQuote(ctx, organizationId(request), parseBody(quoteRequestSchema, request.body));
			return reply.code(201).send({ quote: stored.quote });
		});

		app.get<{ Querystring: { quote_id?: string } }>('/v2/international/beneficiaries/requirements', { config: { scope: SCOPE } }, async (request) => {
			const stored = findQuote(ctx, organizationId(request), queryQuote(request.query));
			return { requirements: beneficiaryRequirements(stored.quote, queryAnswers(request.query)) };
		});

		app.get<{ Querystring: { quote_id?: string; beneficiary_id?: string } }>(
			'/v2/international/transfers/requirements',
			{ config: { scope: SCOPE } },
			async (request) => {
				const orgId = organizationId(request);
				const stored = findQuote(ctx, orgId, queryQuote(request.query));
				if (!request.query.beneficiary_id) throw ApiError.single(400, 'invalid_parameter', 'beneficiary_id is required');
				if (!state.beneficiaries.get(orgId, request.query.beneficiary_id)) throw ApiError.notFound('Beneficiary');
				return { requirements: transferRequirements(stored.quote) };
			},
		);

		app.post('/v2/international/beneficiaries', { config: { scope: SCOPE } }, async (request, reply) =>
			reply.code(201).send(createBeneficiary(ctx, organizationId(request), request.body)),
		);

		app.put<{ Params: { id: string } }>('/v2/international/beneficiaries/:id', { config: { scope: SCOPE } }, async (request) =>
			updateBeneficiary(ctx, organizationId(request), request.params.id, request.body),
		);

		app.post('/v2/international/transfers', { config: { scope: SCOPE } }, (request, reply) =>
			withIdempotency(
				ctx,
				request,
				reply,
				'POST /v2/international/transfers',
				() => ({ status: 201, body: { transfer: createInternationalTransfer(ctx, request) } }),
				{ uuid: true },
			),
		);

		app.get<{ Params: { id: string } }>('/v2/international/transfers/:id', { config: { scope: SCOPE } }, async (request) => {
			const transfer = state.transfers.get(organizationId(request), request.params.id);
			if (!transfer) throw ApiError.notFound('International transfer');
			return { transfer };
		});

		app.post<{ Params: { id: string } }>('/sandbox/international_transfers/:id/complete', async (request) => ({
			transfer: finishTransfer(ctx, request.params.id, 'TRANSACTION_STATUS_COMPLETED'),
		}));
		app.post<{ Params: { id: string } }>('/sandbox/international_transfers/:id/fail', async (request) => ({
			transfer: finishTransfer(ctx, request.params.id, 'TRANSACTION_STATUS_FAILED'),
		}));
	},
};
