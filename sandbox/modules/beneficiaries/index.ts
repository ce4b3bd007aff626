import { ApiError } from '../../core/errors';
import { organizationId } from '../../core/guard';
import type { SandboxModule } from '../../module';
import { beneficiaries } from './store';

const SCOPE = 'transfers.write';

const positiveInt = (value: unknown, fallback: number) => {
	const n = Number(value ?? fallback);
	return Number.isInteger(n) && n > 0 ? n : NaN;
};

/** Trusted beneficiaries of external transfers: GET /v2/beneficiaries (paged) and GET /v2/beneficiaries/{id}. */
export const beneficiariesModule: SandboxModule = {
	name: 'beneficiaries',
	register(app, ctx) {
		const table = beneficiaries(ctx);

		app.get<{ Querystring: { page?: string; per_page?: string } }>('/v2/beneficiaries', { config: { scope: SCOPE } }, async (request) => {
			const page = positiveInt(request.query.page, 1);
			const perPage = positiveInt(request.query.per_page, 100);
			if (Number.isNaN(page)) throw ApiError.single(400, 'invalid_parameter', 'page must be an integer from 1');
			if (Number.isNaN(perPage) || perPage > 100) throw ApiError.single(400, 'invalid_parameter', 'per_page must be an integer from 1 to 100');
			const all = table.list(organizationId(request)).sort((a, b) => a.name.localeCompare(b.name));
			const totalPages = Math.max(1, Math.ceil(all.length / perPage));
			return {
				beneficiaries: all.slice((page - 1) * perPage, page * perPage),
				meta: {
					current_page: page,
					next_page: page < totalPages ? page + 1 : null,
					prev_page: page > 1 ? page - 1 : null,
					total_pages: totalPages,
					total_count: all.length,
					per_page: perPage,
				},
			};
		});

		app.get<{ Params: { id: string } }>('/v2/beneficiaries/:id', { config: { scope: SCOPE } }, async (request) => {
			const beneficiary = table.get(organizationId(request), request.params.id);
			if (!beneficiary) throw ApiError.notFound('Beneficiary');
			return { beneficiary };
		});
	},
};
