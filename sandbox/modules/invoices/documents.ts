import { PDFDocument } from 'pdf-lib';

import type { SandboxContext } from '../../core/context';
import { buildCiiXml } from '../../facturx/cii';
import { embedFacturx, renderInvoicePdf, savePlainPdf } from '../../facturx/pdf';
import { presentInvoice } from './present';
import type { AttachmentRecord, InvoiceRecord, InvoiceState } from './state';

/** decisions.md / spec: the Factur-X PDF replaces the draft one about 10 seconds after finalization. */
export const DEFAULT_FACTURX_DELAY_MS = 10_000;

const fileName = (record: InvoiceRecord) => `invoice-${record.fields.number.replace(/[^A-Za-z0-9._-]+/g, '_')}.pdf`;

/** The invoice's one attachment, (re)written with `bytes`: the plain PDF or the Factur-X one. */
function storePdf(state: InvoiceState, record: InvoiceRecord, bytes: Uint8Array, at: Date, kind: AttachmentRecord['kind']): void {
	state.attachments.insert(record.organizationId, {
		id: record.attachmentId,
		file_name: fileName(record),
		file_size: bytes.length,
		content_type: 'application/pdf',
		updated_at: at.toISOString(),
		bytes,
		kind,
	});
}

/**
 * The PDF the invoice shows: the uploaded file when the invoice has an upload_id, else the
 * sandbox's own rendering. pdf-lib loads both, so Factur-X can be embedded in either.
 */
async function basePdf(ctx: SandboxContext, state: InvoiceState, record: InvoiceRecord, origin: string, at: Date): Promise<PDFDocument> {
	const uploadId = record.fields.upload_id;
	const upload = uploadId ? state.uploads.get(record.organizationId, uploadId) : undefined;
	if (upload) return PDFDocument.load(upload.bytes, { ignoreEncryption: true, updateMetadata: false });
	return renderInvoicePdf(presentInvoice(ctx, state, record, origin), at);
}

/**
 * (Re)writes the invoice's plain PDF: at creation, and after each draft update. `changedAt` is the
 * change's own timestamp, so that a new invoice's attachment carries exactly its created_at.
 */
export async function writePlainPdf(ctx: SandboxContext, state: InvoiceState, record: InvoiceRecord, origin: string, changedAt: string): Promise<void> {
	const at = new Date(changedAt);
	const bytes = await savePlainPdf(await basePdf(ctx, state, record, origin, at));
	storePdf(state, record, bytes, at, 'plain');
}

/**
 * At finalization: builds the CII XML now (kept byte for byte for the tests), and after
 * `facturxDelayMs` swaps the attachment for the Factur-X PDF. Until then the attachment serves
 * the plain PDF with its older updated_at, as the spec warns.
 */
export function scheduleFacturx(ctx: SandboxContext, state: InvoiceState, record: InvoiceRecord, origin: string): void {
	const invoice = presentInvoice(ctx, state, record, origin);
	record.facturxXml = buildCiiXml({ invoice, totals: record.totals });
	state.invoices.update(record.organizationId, record.id, record);
	const dueAtMs = ctx.clock.nowMs() + (ctx.options.facturxDelayMs ?? DEFAULT_FACTURX_DELAY_MS);
	state.pendingFacturx.set(record.id, { organizationId: record.organizationId, origin, dueAtMs });
	armFacturxTimer(ctx, state, record, origin, dueAtMs);
}

/** After a restart: the swaps that were waiting run when due (at once when overdue). */
export function resumeFacturx(ctx: SandboxContext, state: InvoiceState): void {
	for (const [invoiceId, pending] of state.pendingFacturx) {
		const record = state.invoices.get(pending.organizationId, invoiceId);
		if (record) armFacturxTimer(ctx, state, record, pending.origin, pending.dueAtMs);
		else state.pendingFacturx.delete(invoiceId);
	}
}

function armFacturxTimer(ctx: SandboxContext, state: InvoiceState, record: InvoiceRecord, origin: string, dueAtMs: number): void {
	const previous = state.timers.get(record.id);
	if (previous) clearTimeout(previous);
	const timer = setTimeout(() => {
		state.timers.delete(record.id);
		void swapInFacturx(ctx, state, record, origin)
			.catch((error: unknown) => {
				// A sandbox bug, not a user error: keep the plain PDF and say why on stderr.
				process.stderr.write(`Factur-X generation failed for invoice ${record.id}: ${String(error)}\n`);
			})
			.finally(() => {
				if (!state.timers.has(record.id)) state.pendingFacturx.delete(record.id);
			});
	}, Math.max(0, dueAtMs - ctx.clock.nowMs()));
	timer.unref();
	state.timers.set(record.id, timer);
}

async function swapInFacturx(ctx: SandboxContext, state: InvoiceState, record: InvoiceRecord, origin: string): Promise<void> {
	// The record may have been reset away while the timer waited.
	if (state.invoices.get(record.organizationId, record.id) !== record || record.facturxXml === null) return;
	// Strictly after finalized_at: clients wait for exactly that (spec: Factur-X download procedure).
	const at = new Date(Math.max(ctx.clock.nowMs(), Date.parse(record.finalizedAt ?? '') + 1 || 0));
	const doc = await basePdf(ctx, state, record, origin, at);
	const organization = record.organization as { legal_name: string };
	const bytes = await embedFacturx(doc, { xml: record.facturxXml, title: `Invoice ${record.fields.number}`, author: organization.legal_name, at });
	if (state.invoices.get(record.organizationId, record.id) !== record) return;
	storePdf(state, record, bytes, at, 'facturx');
}
