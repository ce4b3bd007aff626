import type { SandboxContext } from '../../core/context';
import { ApiError } from '../../core/errors';
import { toClientResponse } from '../clients/build';
import { clientsOf } from '../clients/store';
import type { InvoicedClient } from './clientRules';

/** The invoice's client, read from the clients module; an unknown id is a 422 on client_id. */
export function invoicedClient(ctx: SandboxContext, organizationId: string, clientId: string): InvoicedClient {
	const record = clientsOf(ctx).get(organizationId, clientId);
	if (!record) throw ApiError.validation('/client_invoice/client_id', `No client ${clientId} in this organization`, 'not_found');
	return toClientResponse(record);
}
