import type { FastifyInstance, FastifyRequest } from 'fastify';

import {
	INVOICE_STATUSES,
	invoiceCreateSchema,
	invoiceUpdateSchema,
	type InvoiceStatus,
} from '../../../nodes/shared/schemas/invoice';
import type { SandboxContext } from '../../core/context';
import { ApiError } from '../../core/errors';
import { organizationId } from '../../core/guard';
import { pageParams, paginate } from '../../core/pagination';
import { scheduleFacturx, writePlainPdf } from './documents';
import { checkWholeInvoice, indexNumber, newRecord, resolveNumber, updateEinvoicing } from './lifecycle';
import { presentInvoice } from './present';
import type { InvoiceFields, InvoiceRecord, InvoiceState } from './state';

const READ = 'client_invoices.read';
const WRITE = 'client_invoices.write';
export const EVENT_TYPE = 'v1/client-invoices';

export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The body is the invoice's fields; a `{"client_invoice": {…}}` wrapper is accepted too. */
function unwrap(body: unknown): unknown {
	if (body && typeof body === 'object' && !Array.isArray(body)) {
		const keys = Object.keys(body);
		const inner = (body as Record<string, unknown>).client_invoice;
		if (keys.length === 1 && inner && typeof inner === 'object') return inner;
	}
	return body ?? {};
}

function notDraft(record: InvoiceRecord, action: string): ApiError {
	return ApiError.validation('/client_invoice/status', `Only draft invoices can be ${action}; this invoice is ${record.status}`, 'not_draft');
}

export function registerInvoiceRoutes(app: FastifyInstance, ctx: SandboxContext, state: InvoiceState): void {
	const find = (request: FastifyRequest<{ Params: { id: string } }>) => {
		const record = state.invoices.get(organizationId(request), request.params.id);
		if (!record) throw ApiError.notFound('Client invoice');
		return record;
	};
	const respond = (record: InvoiceRecord, request: FastifyRequest) => {
		const invoice = presentInvoice(ctx, state, record, originOf(request));
		return { invoice, body: { client_invoice: invoice } };
	};
	const emit = (record: InvoiceRecord, invoice: unknown) => ctx.events.emit(EVENT_TYPE, record.organizationId, invoice);

	app.post('/v2/client_invoices', { config: { scope: WRITE } }, async (request, reply) => {
		const organization = ctx.organization(organizationId(request));
		const parsed = invoiceCreateSchema.safeParse(unwrap(request.body));
		if (!parsed.success) throw ApiError.fromZod(parsed.error, '/client_invoice');
		const { status = 'unpaid', number, ...rest } = parsed.data;
		// Cheap organization checks first, so a refused field is named before numbering runs.
		const fields: InvoiceFields = { ...rest, number: number ?? '' };
		const checked = checkWholeInvoice(ctx, state, organization, fields);
		fields.number = resolveNumber(state, organization, { number, issue_date: rest.issue_date });
		const now = ctx.clock.now().toISOString();
		const record = newRecord(organization.id, state.nextSeq(), fields, status, checked, now);
		updateEinvoicing(record, organization, now);
		state.invoices.insert(organization.id, record);
		indexNumber(state, record);
		const { invoice, body } = respond(record, request);
		writePlainPdf(ctx, state, record, originOf(request), now, invoice);
		if (record.status !== 'draft') scheduleFacturx(ctx, state, record, originOf(request));
		emit(record, invoice);
		return reply.code(201).send(body);
	});

	app.patch<{ Params: { id: string } }>('/v2/client_invoices/:id', { config: { scope: WRITE } }, async (request) => {
		const record = find(request);
		if (record.status !== 'draft') throw notDraft(record, 'updated');
		const organization = ctx.organization(record.organizationId);
		const parsed = invoiceUpdateSchema.safeParse(unwrap(request.body));
		if (!parsed.success) throw ApiError.fromZod(parsed.error, '/client_invoice');
		const { number, ...changes } = parsed.data;
		const merged = invoiceCreateSchema.safeParse({ ...record.fields, ...changes });
		if (!merged.success) throw ApiError.fromZod(merged.error, '/client_invoice');
		const { status: _status, number: _number, ...mergedFields } = merged.data;
		const fields: InvoiceFields = { ...mergedFields, number: record.fields.number };
		const checked = checkWholeInvoice(ctx, state, organization, fields);
		if (number !== undefined) fields.number = resolveNumber(state, organization, { number, issue_date: fields.issue_date }, record.id);
		Object.assign(record, { fields, client: checked.client, organization: checked.organization, totals: checked.totals });
		indexNumber(state, record);
		const now = ctx.clock.now().toISOString();
		updateEinvoicing(record, organization, now);
		state.invoices.update(record.organizationId, record.id, record);
		writePlainPdf(ctx, state, record, originOf(request), now);
		const { invoice, body } = respond(record, request);
		emit(record, invoice);
		return body;
	});

	app.get<{ Params: { id: string } }>('/v2/client_invoices/:id', { config: { scope: READ } }, async (request) => respond(find(request), request).body);

	app.post<{ Params: { id: string } }>('/v2/client_invoices/:id/finalize', { config: { scope: WRITE } }, async (request) => {
		const record = find(request);
		if (record.status !== 'draft') throw notDraft(record, 'finalized');
		const organization = ctx.organization(record.organizationId);
		// The client may have changed since the draft: it must still pass the invoicing rules.
		const checked = checkWholeInvoice(ctx, state, organization, record.fields);
		const now = ctx.clock.now().toISOString();
		Object.assign(record, { client: checked.client, organization: checked.organization, totals: checked.totals, status: 'unpaid', finalizedAt: now });
		updateEinvoicing(record, organization, now);
		state.invoices.update(record.organizationId, record.id, record);
		// The draft PDF stays (older updated_at) until the Factur-X one replaces it.
		scheduleFacturx(ctx, state, record, originOf(request));
		const { invoice, body } = respond(record, request);
		emit(record, invoice);
		return body;
	});

	app.get<{ Querystring: Record<string, string | undefined> }>('/v2/client_invoices', { config: { scope: READ } }, async (request) => {
		const query = parseListQuery(request.query);
		const all = state.invoices
			.list(organizationId(request))
			.filter((record) => matches(record, query))
			.sort((a, b) => (a.createdAt === b.createdAt ? a.seq - b.seq : a.createdAt < b.createdAt ? -1 : 1) * (query.descending ? -1 : 1));
		const { items, meta } = paginate(all, query.page, query.perPage);
		return { client_invoices: items.map((record) => respond(record, request).invoice), meta };
	});
}

interface ListQuery {
	statuses?: InvoiceStatus[];
	from?: number;
	to?: number;
	clientId?: string;
	/** Exact matches: how a re-run finds the invoice it made before (the node's "Skip If It Already Exists"). */
	number?: string;
	purchaseOrder?: string;
	descending: boolean;
	page: number;
	perPage: number;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date-time, or a date meaning its whole day (start of day for `from`, end of day for `to`). */
function timeBound(value: string, name: string, end: boolean): number {
	const ms = Date.parse(DATE_ONLY.test(value) ? `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : value);
	if (Number.isNaN(ms)) throw ApiError.single(400, 'invalid_parameter', `${name} must be an ISO 8601 date or date-time`);
	return ms;
}

function parseListQuery(raw: Record<string, string | undefined>): ListQuery {
	const sort = raw.sort_by ?? raw.sort ?? 'created_at:desc';
	if (sort !== 'created_at:asc' && sort !== 'created_at:desc') {
		throw ApiError.single(400, 'invalid_parameter', 'sort_by must be created_at:asc or created_at:desc');
	}
	const query: ListQuery = { descending: sort === 'created_at:desc', ...pageParams(raw) };
	const status = raw['filter[status]'];
	if (status !== undefined) {
		const statuses = status.split(',').map((s) => s.trim());
		const unknown = statuses.filter((s) => !(INVOICE_STATUSES as readonly string[]).includes(s));
		if (unknown.length) throw ApiError.single(400, 'invalid_parameter', `filter[status] values must be among ${INVOICE_STATUSES.join(', ')} (got ${unknown.join(', ')})`);
		query.statuses = statuses as InvoiceStatus[];
	}
	if (raw['filter[created_at_from]'] !== undefined) query.from = timeBound(raw['filter[created_at_from]'], 'filter[created_at_from]', false);
	if (raw['filter[created_at_to]'] !== undefined) query.to = timeBound(raw['filter[created_at_to]'], 'filter[created_at_to]', true);
	if (raw['filter[client_id]'] !== undefined) query.clientId = raw['filter[client_id]'];
	if (raw['filter[number]'] !== undefined) query.number = raw['filter[number]'];
	if (raw['filter[purchase_order]'] !== undefined) query.purchaseOrder = raw['filter[purchase_order]'];
	return query;
}

function matches(record: InvoiceRecord, query: ListQuery): boolean {
	const created = Date.parse(record.createdAt);
	if (query.statuses && !query.statuses.includes(record.status)) return false;
	if (query.from !== undefined && created < query.from) return false;
	if (query.to !== undefined && created > query.to) return false;
	if (query.clientId !== undefined && record.fields.client_id !== query.clientId) return false;
	if (query.number !== undefined && record.fields.number !== query.number) return false;
	if (query.purchaseOrder !== undefined && record.fields.purchase_order !== query.purchaseOrder) return false;
	return true;
}
