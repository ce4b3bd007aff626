import type { FastifyInstance } from 'fastify';

import type { SandboxContext } from '../../core/context';
import { ApiError } from '../../core/errors';
import { presentInvoice } from './present';
import { EVENT_TYPE, originOf } from './routes';
import type { InvoiceState } from './state';

/**
 * Simulation controls (off the public contract): pay an unpaid invoice, and read the exact
 * Factur-X XML that was embedded (tests compare it byte for byte with the PDF's attachment).
 */
export function registerInvoiceControls(app: FastifyInstance, ctx: SandboxContext, state: InvoiceState): void {
	const find = (id: string) => {
		const found = state.invoices.find(id);
		if (!found) throw ApiError.notFound('Client invoice');
		return found.row;
	};

	app.post<{ Params: { id: string } }>('/sandbox/client_invoices/:id/pay', async (request) => {
		const record = find(request.params.id);
		if (record.status !== 'unpaid') {
			throw ApiError.validation('/client_invoice/status', `Only unpaid invoices can be paid; this invoice is ${record.status}`, 'not_unpaid');
		}
		record.status = 'paid';
		record.paidAt = ctx.clock.now().toISOString();
		state.invoices.update(record.organizationId, record.id, record);
		const invoice = presentInvoice(ctx, state, record, originOf(request));
		ctx.events.emit(EVENT_TYPE, record.organizationId, invoice);
		return { client_invoice: invoice };
	});

	app.get<{ Params: { id: string } }>('/sandbox/client_invoices/:id/facturx.xml', async (request, reply) => {
		const record = find(request.params.id);
		if (record.facturxXml === null) throw ApiError.single(404, 'not_found', 'The invoice has no Factur-X XML yet: finalize it first');
		return reply.header('Content-Type', 'application/xml; charset=utf-8').send(record.facturxXml);
	});
}
