import { randomUUID } from 'crypto';

import type { ClientInvoiceCreate } from '../../../nodes/shared/schemas/invoice';
import type { Organization, SandboxContext } from '../../core/context';
import { ApiError } from '../../core/errors';
import { checkClientForInvoicing, clientBlock } from './clientRules';
import { invoicedClient } from './clientSource';
import { checkOrganizationRules, checkStampDuty, invoiceTotals } from './invoiceRules';
import { organizationBlock } from './present';
import type { InvoiceFields, InvoiceRecord, InvoiceState } from './state';

/**
 * What create, update and finalize share: the checks of a whole invoice, numbering, and the
 * Italian e-invoicing status. Routes stay thin.
 */

/** Automatic numbers look like F-2026-0001 (per organization and issue year), skipping used ones. */
function nextNumber(state: InvoiceState, organizationId: string, issueDate: string): string {
	const year = issueDate.slice(0, 4);
	const key = `${organizationId}:${year}`;
	let n = state.numberCounters.get(key) ?? 0;
	let number: string;
	do {
		n += 1;
		number = `F-${year}-${String(n).padStart(4, '0')}`;
	} while (numberTaken(state, organizationId, number));
	state.numberCounters.set(key, n);
	return number;
}

function numberTaken(state: InvoiceState, organizationId: string, number: string, exceptId?: string): boolean {
	const holder = numberHolder(state, organizationId, number);
	return holder !== undefined && holder.id !== exceptId;
}

const numberKey = (organizationId: string, number: string) => `${organizationId}\u0000${number}`;

/**
 * The invoice holding a number, from an index instead of a scan of every invoice (a scan per
 * creation made a batch quadratic). The index is rebuilt whenever invoices were added or removed
 * behind its back, and an entry is trusted only while its invoice still exists with that number.
 */
function numberHolder(state: InvoiceState, organizationId: string, number: string): InvoiceRecord | undefined {
	if (state.numberIndex.indexedRows !== state.invoices.size) {
		state.numberIndex.byNumber.clear();
		for (const record of state.invoices.all()) state.numberIndex.byNumber.set(numberKey(record.organizationId, record.fields.number), record);
		state.numberIndex.indexedRows = state.invoices.size;
	}
	const holder = state.numberIndex.byNumber.get(numberKey(organizationId, number));
	if (holder && state.invoices.get(organizationId, holder.id) === holder && holder.fields.number === number) return holder;
	return undefined;
}

/** Records an invoice's (new) number in the index: after a creation or a renumbering update. */
export function indexNumber(state: InvoiceState, record: InvoiceRecord): void {
	state.numberIndex.byNumber.set(numberKey(record.organizationId, record.fields.number), record);
	if (state.invoices.get(record.organizationId, record.id) === record) state.numberIndex.indexedRows = state.invoices.size;
}

/** The number an invoice gets: required without automatic numbering, unique in the organization. */
export function resolveNumber(state: InvoiceState, organization: Organization, fields: { number?: string; issue_date: string }, exceptId?: string): string {
	if (fields.number === undefined) {
		if (!organization.automatic_numbering) {
			throw ApiError.validation('/client_invoice/number', 'number is required: automatic numbering is disabled for this organization', 'blank');
		}
		return nextNumber(state, organization.id, fields.issue_date);
	}
	if (numberTaken(state, organization.id, fields.number, exceptId)) {
		throw ApiError.validation('/client_invoice/number', `number ${fields.number} is already used by another invoice of this organization`, 'taken');
	}
	return fields.number;
}

/** Every rule that needs more than the request: organization, upload, client, totals, stamp duty. */
export function checkWholeInvoice(ctx: SandboxContext, state: InvoiceState, organization: Organization, fields: InvoiceFields) {
	checkOrganizationRules(fields, organization);
	if (fields.upload_id !== undefined && !state.uploads.get(organization.id, fields.upload_id)) {
		throw ApiError.validation('/client_invoice/upload_id', `No upload ${fields.upload_id}: upload the file with POST /v2/client_invoices/uploads first`, 'not_found');
	}
	const client = invoicedClient(ctx, organization.id, fields.client_id);
	checkClientForInvoicing(client, organization);
	const totals = invoiceTotals(fields);
	checkStampDuty(fields, totals);
	return { client: clientBlock(client), totals, organization: organizationBlock(organization, fields.settings) };
}

/**
 * Italian organizations only (null elsewhere): `not_sent` when report_einvoicing is false,
 * `pending` for a draft that will be sent once finalized, `submitted` once sent to the
 * exchange system (with a lifecycle event).
 */
export function updateEinvoicing(record: InvoiceRecord, organization: Organization, now: string): void {
	if (organization.legal_country !== 'IT') {
		record.einvoicingStatus = null;
		return;
	}
	if (record.fields.report_einvoicing === false) record.einvoicingStatus = 'not_sent';
	else if (record.status === 'draft') record.einvoicingStatus = 'pending';
	else if (record.einvoicingStatus !== 'submitted') {
		record.einvoicingStatus = 'submitted';
		record.einvoicingEvents.push({ status_code: 1, reason: 'submitted', reason_message: 'Sent to the Italian exchange system', timestamp: now });
	}
}

export function newRecord(
	organizationId: string,
	seq: number,
	fields: InvoiceFields,
	status: ClientInvoiceCreate['status'] & string,
	checked: ReturnType<typeof checkWholeInvoice>,
	now: string,
): InvoiceRecord {
	return {
		id: randomUUID(),
		seq,
		organizationId,
		fields,
		status,
		client: checked.client,
		organization: checked.organization,
		totals: checked.totals,
		createdAt: now,
		finalizedAt: status === 'draft' ? null : now,
		paidAt: null,
		attachmentId: randomUUID(),
		einvoicingStatus: null,
		einvoicingEvents: [],
		facturxXml: null,
	};
}
