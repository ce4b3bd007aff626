import { randomUUID } from 'crypto';

import { ApiError } from '../../core/errors';
import { organizationId } from '../../core/guard';
import { perSandbox } from '../../core/perSandbox';
import type { SandboxModule } from '../../module';
import { insuranceContractRequestSchema, type InsuranceContractInput } from '../../../nodes/shared/schemas/insurance';
import { parseBody } from '../transfers/parse';

/** An insurance contract as stored and answered: the request's fields (optional ones null) and an id. */
export type InsuranceContract = { id: string } & Required<{ [K in keyof InsuranceContractInput]: Exclude<InsuranceContractInput[K], undefined> | null }>;

/** The insurance contracts of one sandbox. */
export const insuranceContractsOf = perSandbox((ctx) => ctx.collection<InsuranceContract>('insurance_contracts'));

/**
 * POST /v2/insurance_contracts: a partner records a contract it supplied. contract_id (the
 * partner's own reference) is unique within an organization. No event type fits, so none is emitted.
 */
export const insuranceModule: SandboxModule = {
	name: 'insurance',
	register(app, ctx) {
		const contracts = insuranceContractsOf(ctx);
		ctx.onReset(() => contracts.clear());

		app.post('/v2/insurance_contracts', { config: { scope: 'insurance_contracts.write' } }, async (request, reply) => {
			const input = parseBody(insuranceContractRequestSchema, request.body).insurance_contract;
			const orgId = organizationId(request);
			if (contracts.list(orgId).some((c) => c.contract_id === input.contract_id)) {
				throw ApiError.validation('/insurance_contract/contract_id', `contract_id: ${input.contract_id} is already recorded in this organization`, 'taken');
			}
			const contract = contracts.insert(orgId, {
				id: randomUUID(),
				name: input.name,
				contract_id: input.contract_id,
				origin: input.origin,
				provider_slug: input.provider_slug,
				type: input.type,
				status: input.status,
				troubleshooting_url: input.troubleshooting_url ?? null,
				service_url: input.service_url ?? null,
				expiration_date: input.expiration_date ?? null,
				start_date: input.start_date,
				renewal_date: input.renewal_date ?? null,
				payment_frequency: input.payment_frequency,
				price: input.price,
			});
			return reply.code(201).send({ insurance_contract: contract });
		});
	},
};
