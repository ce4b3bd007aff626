import { PDFDocument } from 'pdf-lib';

import type { SandboxContext } from '../../core/context';
import { buildCiiXml } from '../../facturx/cii';
import { embedFacturx, renderInvoicePdf, savePlainPdf } from '../../facturx/pdf';
import { presentInvoice } from './present';
import type { AttachmentRecord, InvoiceRecord, InvoiceState } from './state';

/** docs/assumptions.md / spec: the Factur-X PDF replaces the draft one about 10 seconds after finalization. */
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

/** What the invoice's PDF is drawn from, taken when the PDF is due: later changes do not show in it. */
interface PdfSource {
	invoice: ReturnType<typeof presentInvoice>;
	upload?: Uint8Array;
}

function pdfSource(ctx: SandboxContext, state: InvoiceState, record: InvoiceRecord, origin: string, presented?: PdfSource['invoice']): PdfSource {
	const uploadId = record.fields.upload_id;
	const upload = uploadId ? state.uploads.get(record.organizationId, uploadId) : undefined;
	const invoice = presented ?? presentInvoice(ctx, state, record, origin);
	if (upload) return { invoice, upload: upload.bytes };
	// A shallow copy is a snapshot: the record's blocks are replaced on change, never edited, except
	// the lifecycle events, which grow in place.
	return { invoice: { ...invoice, einvoicing_lifecycle_events: [...invoice.einvoicing_lifecycle_events] } };
}

/**
 * The PDF the invoice shows: the uploaded file when the invoice has an upload_id, else the
 * sandbox's own rendering. pdf-lib loads both, so Factur-X can be embedded in either.
 */
async function basePdf(source: PdfSource, at: Date): Promise<PDFDocument> {
	if (source.upload) return PDFDocument.load(source.upload, { ignoreEncryption: true, updateMetadata: false });
	return renderInvoicePdf(source.invoice, at);
}

/**
 * Marks the invoice's PDF as due: it is drawn on its first download (or attachment lookup), not
 * on the hot write path: drawing a PDF costs far more than the API call that makes it due.
 */
function pdfDue(state: InvoiceState, record: InvoiceRecord, kind: AttachmentRecord['kind'], at: Date, draw: () => Promise<Uint8Array>): void {
	// A Factur-X PDF that fails to draw leaves the plain one in place, drawn if it was not yet.
	const previous = state.pendingPdfs.get(record.attachmentId);
	state.pendingPdfs.set(record.attachmentId, {
		render: async () => {
			let bytes: Uint8Array;
			try {
				bytes = await draw();
			} catch (error) {
				// A sandbox bug, not a user error: say why on stderr.
				process.stderr.write(`PDF generation (${kind}) failed for invoice ${record.id}: ${String(error)}\n`);
				if (previous) await previous.render();
				return;
			}
			// The record may have been reset away meanwhile.
			if (state.invoices.get(record.organizationId, record.id) === record) storePdf(state, record, bytes, at, kind);
		},
	});
}

/** Draws the attachment's due PDF, if one is due; concurrent callers share the one drawing. */
export async function renderDuePdf(state: InvoiceState, attachmentId: string): Promise<void> {
	const due = state.pendingPdfs.get(attachmentId);
	if (!due) return;
	due.drawing ??= due.render().finally(() => {
		if (state.pendingPdfs.get(attachmentId) === due) state.pendingPdfs.delete(attachmentId);
	});
	await due.drawing;
}

/**
 * The invoice's plain PDF is due: at creation, and after each draft update. `changedAt` is the
 * change's own timestamp, so that a new invoice's attachment carries exactly its created_at.
 * `presented`: the invoice as the response shows it, when the caller has it already.
 */
export function writePlainPdf(ctx: SandboxContext, state: InvoiceState, record: InvoiceRecord, origin: string, changedAt: string, presented?: PdfSource['invoice']): void {
	const at = new Date(changedAt);
	const source = pdfSource(ctx, state, record, origin, presented);
	pdfDue(state, record, 'plain', at, async () => await savePlainPdf(await basePdf(source, at)));
}

/**
 * At finalization: builds the CII XML now (kept byte for byte for the tests), and after
 * `facturxDelayMs` makes the Factur-X PDF due in place of the draft one. Until then the attachment
 * serves the plain PDF with its older updated_at, as the spec warns. The wait is kept with the
 * state (`pendingFacturx`), so a restarted sandbox still swaps the PDF.
 */
export function scheduleFacturx(ctx: SandboxContext, state: InvoiceState, record: InvoiceRecord, origin: string): void {
	const invoice = presentInvoice(ctx, state, record, origin);
	record.facturxXml = buildCiiXml({ invoice, totals: record.totals });
	state.invoices.update(record.organizationId, record.id, record);
	const dueAtMs = ctx.clock.nowMs() + (ctx.options.facturxDelayMs ?? DEFAULT_FACTURX_DELAY_MS);
	state.pendingFacturx.set(record.id, { organizationId: record.organizationId, origin, dueAtMs });
	armFacturxTimer(ctx, state, record, origin, dueAtMs);
}

/**
 * After a restart: the swaps that were waiting run when due (at once when overdue), and the PDFs
 * that were due but not drawn yet (kept only in memory) are due again, drawn from the invoice as stored.
 */
export function resumeFacturx(ctx: SandboxContext, state: InvoiceState): void {
	for (const [invoiceId, pending] of state.pendingFacturx) {
		const record = state.invoices.get(pending.organizationId, invoiceId);
		if (record) armFacturxTimer(ctx, state, record, pending.origin, pending.dueAtMs);
		else state.pendingFacturx.delete(invoiceId);
	}
	for (const record of state.invoices.all()) {
		const attachment = state.attachments.get(record.organizationId, record.attachmentId);
		const origin = state.pendingFacturx.get(record.id)?.origin ?? `http://localhost:${ctx.options.port ?? 4010}`;
		if (record.facturxXml !== null && !state.pendingFacturx.has(record.id) && attachment?.kind !== 'facturx') facturxDue(ctx, state, record, origin);
		else if (!attachment) writePlainPdf(ctx, state, record, origin, record.createdAt);
	}
}

function armFacturxTimer(ctx: SandboxContext, state: InvoiceState, record: InvoiceRecord, origin: string, dueAtMs: number): void {
	const previous = state.timers.get(record.id);
	if (previous) clearTimeout(previous);
	const timer = setTimeout(() => {
		state.timers.delete(record.id);
		state.pendingFacturx.delete(record.id);
		facturxDue(ctx, state, record, origin);
	}, Math.max(0, dueAtMs - ctx.clock.nowMs()));
	timer.unref();
	state.timers.set(record.id, timer);
}

function facturxDue(ctx: SandboxContext, state: InvoiceState, record: InvoiceRecord, origin: string): void {
	// The record may have been reset away while the timer waited.
	const xml = record.facturxXml;
	if (state.invoices.get(record.organizationId, record.id) !== record || xml === null) return;
	// Strictly after finalized_at: clients wait for exactly that (spec: Factur-X download procedure).
	const at = new Date(Math.max(ctx.clock.nowMs(), Date.parse(record.finalizedAt ?? '') + 1 || 0));
	const source = pdfSource(ctx, state, record, origin);
	const organization = record.organization as { legal_name: string };
	pdfDue(state, record, 'facturx', at, async () =>
		embedFacturx(await basePdf(source, at), { xml, title: `Invoice ${record.fields.number}`, author: organization.legal_name, at }),
	);
}
