import { ApiError } from '../../core/errors';
import { organizationId } from '../../core/guard';
import { pageParams, paginate } from '../../core/pagination';
import type { SandboxModule } from '../../module';
import { beneficiaries } from './store';

const SCOPE = 'transfers.write';

/** Trusted beneficiaries of external transfers: GET /v2/beneficiaries (paged) and GET /v2/beneficiaries/{id}. */
export const beneficiariesModule: SandboxModule = {
	name: 'beneficiaries',
	register(app, ctx) {
		const table = beneficiaries(ctx);

		app.get<{ Querystring: { page?: string; per_page?: string } }>('/v2/beneficiaries', { config: { scope: SCOPE } }, async (request) => {
			const { page, perPage } = pageParams(request.query);
			const all = table.list(organizationId(request)).sort((a, b) => a.name.localeCompare(b.name));
			const { items, meta } = paginate(all, page, perPage);
			return { beneficiaries: items, meta };
		});

		app.get<{ Params: { id: string } }>('/v2/beneficiaries/:id', { config: { scope: SCOPE } }, async (request) => {
			const beneficiary = table.get(organizationId(request), request.params.id);
			if (!beneficiary) throw ApiError.notFound('Beneficiary');
			return { beneficiary };
		});
	},
};
