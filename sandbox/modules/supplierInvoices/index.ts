import type { FastifyRequest } from 'fastify';
import { z } from 'zod/v3';

import { ApiError } from '../../core/errors';
import { organizationId } from '../../core/guard';
import { findOwned } from '../../core/lookup';
import { pageQueryFields, paginate } from '../../core/pagination';
import type { SandboxModule } from '../../module';
import { markAsPaidRequestSchema, SUPPLIER_INVOICE_STATUSES } from '../../../nodes/shared/schemas/supplierInvoice';
import { parseBody } from '../transfers/parse';
import { seedSupplierInvoices } from './seed';
import { supplierInvoicesOf, type SupplierInvoice } from './store';

export { supplierInvoicesOf, type SupplierInvoice } from './store';
export { seededSupplierInvoiceId } from './seed';

/** The spec names no read scope for supplier invoices: reading needs the write scope too. */
const SCOPE = 'supplier_invoices.write';

const listQuerySchema = z.object({
	...pageQueryFields,
	'filter[status]': z
		.string()
		.optional()
		.refine(
			(value) => value === undefined || value.split(',').every((s) => (SUPPLIER_INVOICE_STATUSES as readonly string[]).includes(s.trim())),
			`must be ${SUPPLIER_INVOICE_STATUSES.join(' or ')}, comma-separated`,
		),
});

function listQuery(request: FastifyRequest) {
	const parsed = listQuerySchema.safeParse(request.query ?? {});
	if (!parsed.success) throw ApiError.fromZod(parsed.error, '');
	return parsed.data;
}

/** Newest first; the id breaks ties so that pages never overlap. */
const newestFirst = (a: SupplierInvoice, b: SupplierInvoice) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id);

/**
 * Supplier invoices: POST /v2/supplier_invoices/{id}/mark_as_paid (to_review → paid; answered
 * unwrapped, as the spec shows), and the reads a user needs to pick one: GET /v2/supplier_invoices
 * (filter[status], page, per_page) and GET /v2/supplier_invoices/{id} (unwrapped too). Seeded per
 * organization; no event type fits them, so they emit none.
 */
export const supplierInvoicesModule: SandboxModule = {
	name: 'supplierInvoices',
	register(app, ctx) {
		const invoices = supplierInvoicesOf(ctx);
		ctx.onReset(() => invoices.clear(), () => seedSupplierInvoices(ctx));

		const find = (orgId: string, id: string) => findOwned(invoices, orgId, id, 'Supplier invoice');

		app.post<{ Params: { id: string } }>('/v2/supplier_invoices/:id/mark_as_paid', { config: { scope: SCOPE } }, async (request) => {
			const orgId = organizationId(request);
			const invoice = find(orgId, request.params.id);
			const { payment_date } = parseBody(markAsPaidRequestSchema, request.body).supplier_invoice;
			if (invoice.status === 'paid') {
				throw ApiError.single(422, 'invalid_state', `The supplier invoice is already paid (on ${invoice.payment_date})`, '/supplier_invoice');
			}
			const today = ctx.clock.now().toISOString().slice(0, 10);
			if (payment_date > today) {
				throw ApiError.validation('/supplier_invoice/payment_date', `payment_date: must be today (${today}) or earlier`);
			}
			const currency = invoice.total_amount?.currency ?? 'EUR';
			return invoices.update(orgId, invoice.id, {
				...invoice,
				status: 'paid',
				payment_date,
				updated_at: ctx.clock.now().toISOString(),
				payable_amount: invoice.payable_amount ? { value: '0.00', currency } : null,
				available_actions: {
					...invoice.available_actions,
					pay: false,
					reasons: { ...invoice.available_actions.reasons, pay: ['already_paid'] },
				},
			});
		});

		app.get<{ Params: { id: string } }>('/v2/supplier_invoices/:id', { config: { scope: SCOPE } }, async (request) =>
			find(organizationId(request), request.params.id),
		);

		app.get('/v2/supplier_invoices', { config: { scope: SCOPE } }, async (request) => {
			const query = listQuery(request);
			const statuses = query['filter[status]']?.split(',').map((s) => s.trim());
			const all = invoices
				.list(organizationId(request))
				.filter((invoice) => !statuses || statuses.includes(invoice.status))
				.sort(newestFirst);
			const { items, meta } = paginate(all, query.page, query.per_page);
			return { supplier_invoices: items, meta };
		});
	},
};
