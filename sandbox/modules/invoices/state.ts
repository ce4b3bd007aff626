import { createSecretKey, randomBytes, type KeyObject } from 'crypto';

import type { ClientInvoiceCreate, InvoiceStatus } from '../../../nodes/shared/schemas/invoice';
import type { Collection } from '../../core/collection';
import type { SandboxContext } from '../../core/context';
import { perSandbox } from '../../core/perSandbox';
import type { StoredMap } from '../../core/storedMap';
import type { InvoiceTotals } from './totals';

/** The request fields of an invoice once validated and merged (number resolved). */
export type InvoiceFields = Omit<ClientInvoiceCreate, 'status' | 'number'> & { number: string };

export interface InvoiceRecord {
	id: string;
	/** Insertion order: ties of created_at (same millisecond) keep it in lists. */
	seq: number;
	organizationId: string;
	fields: InvoiceFields;
	status: InvoiceStatus;
	/** The client block of the response, taken when the invoice is created or updated. */
	client: Record<string, unknown>;
	/** The organization block of the response (organization merged with the invoice's settings). */
	organization: Record<string, unknown>;
	totals: InvoiceTotals;
	createdAt: string;
	finalizedAt: string | null;
	paidAt: string | null;
	attachmentId: string;
	einvoicingStatus: string | null;
	einvoicingEvents: Array<{ status_code: number; reason: string; reason_message: string; timestamp: string }>;
	/** The exact Factur-X XML embedded at finalization (null before). */
	facturxXml: string | null;
}

/** A stored file: an invoice's PDF (its attachment). */
export interface AttachmentRecord {
	id: string;
	file_name: string;
	file_size: number;
	content_type: string;
	updated_at: string;
	bytes: Uint8Array;
	/** 'plain' until the Factur-X PDF replaces it. */
	kind: 'plain' | 'facturx';
}

export interface UploadRecord {
	id: string;
	file_name: string;
	file_size: number;
	content_type: string;
	created_at: string;
	bytes: Uint8Array;
}

/** A PDF that is due: `render` draws and stores it; `drawing` is the one drawing under way. */
export interface PendingPdf {
	render: () => Promise<void>;
	drawing?: Promise<void>;
}

/** A Factur-X swap waiting for its time: kept with the state, so a restart still swaps the PDF. */
export interface PendingFacturx {
	organizationId: string;
	/** The origin of the finalizing request (the PDF's links use it). */
	origin: string;
	/** When the swap is due, on the sandbox clock. */
	dueAtMs: number;
}

/** Everything the invoices module keeps, emptied on reset; pending Factur-X timers are cancelled then. */
export class InvoiceState {
	readonly invoices: Collection<InvoiceRecord>;
	readonly attachments: Collection<AttachmentRecord>;
	readonly uploads: Collection<UploadRecord>;
	/** Invoice numbers in use (see lifecycle.ts): `indexedRows` is the invoice count it was built for. */
	readonly numberIndex = { byNumber: new Map<string, InvoiceRecord>(), indexedRows: 0 };
	/** Automatic numbering: last sequence per organization and year. */
	readonly numberCounters: StoredMap<number>;
	readonly pendingFacturx: StoredMap<PendingFacturx>;
	readonly timers = new Map<string, NodeJS.Timeout>();
	/** PDFs due but not drawn yet, by attachment id: drawn on first use (see documents.ts). */
	readonly pendingPdfs = new Map<string, PendingPdf>();
	/** Signs the pre-signed file URLs; kept with the state, so a URL outlives a restart (not a new data file). */
	readonly urlKey: KeyObject;
	/** The signatures of the invoices' own (non-expiring) links, by attachment id (present.ts). */
	readonly linkSignatures = new Map<string, string>();
	private readonly settings: StoredMap<string>;

	constructor(private readonly ctx: SandboxContext) {
		this.invoices = ctx.collection('invoices');
		this.attachments = ctx.collection('invoice_attachments');
		this.uploads = ctx.collection('invoice_uploads');
		this.numberCounters = ctx.storedMap('invoice_number_counters');
		this.pendingFacturx = ctx.storedMap('invoice_facturx_pending');
		this.settings = ctx.storedMap('invoice_settings');
		const key = this.settings.get('url_key') ?? randomBytes(32).toString('base64');
		this.settings.set('url_key', key);
		this.urlKey = createSecretKey(Buffer.from(key, 'base64'));
	}

	nextSeq(): number {
		return this.ctx.nextInSequence('invoices');
	}

	/** Stops the timers; their swaps stay pending in the store (closing the server). */
	cancelTimers(): void {
		for (const timer of this.timers.values()) clearTimeout(timer);
		this.timers.clear();
	}

	clear(): void {
		this.cancelTimers();
		this.invoices.clear();
		this.attachments.clear();
		this.pendingPdfs.clear();
		this.uploads.clear();
		this.numberCounters.clear();
		this.numberIndex.byNumber.clear();
		this.numberIndex.indexedRows = 0;
		this.pendingFacturx.clear();
		this.linkSignatures.clear();
		// The URL key survives a reset, as it did in memory.
		const key = this.settings.get('url_key');
		this.settings.clear();
		if (key) this.settings.set('url_key', key);
	}
}

/** The invoices state of this sandbox (one per context, cleared on every reset). */
export const invoiceState = perSandbox((ctx) => {
	const created = new InvoiceState(ctx);
	ctx.onReset(() => created.clear());
	return created;
});
