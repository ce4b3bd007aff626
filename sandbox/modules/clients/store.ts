import type { ClientKind, ClientLocale } from '../../../nodes/shared/schemas/client';
import type { SandboxContext } from '../../core/context';
import { perSandbox } from '../../core/perSandbox';

/** An address as stored: every part present, null when not given. */
export interface StoredAddress {
	street_address: string | null;
	city: string | null;
	zip_code: string | null;
	province_code: string | null;
	country_code: string | null;
}

/** A client as the sandbox keeps it; `toClientResponse` derives the deprecated mirrors. */
export interface ClientRecord {
	id: string;
	/** Creation order: the tie-breaker of every sort. */
	seq: number;
	kind: ClientKind;
	name: string | null;
	first_name: string | null;
	last_name: string | null;
	email: string | null;
	extra_emails: string[] | null;
	phone: { country_code: string; number: string } | null;
	currency: string | null;
	locale: ClientLocale | null;
	e_invoicing_address: string | null;
	vat_number: string | null;
	tax_identification_number: string | null;
	billing_address: StoredAddress | null;
	delivery_address: StoredAddress | null;
	recipient_code: string | null;
	created_at: string;
	updated_at: string;
}

/** The clients of one sandbox (other modules read them, e.g. invoices checking a client_id). */
export const clientsOf = perSandbox((ctx) => ctx.collection<ClientRecord>('clients'));

/** 1, 2, … in creation order (restarted by reset, which empties the sequences). */
export function nextClientSeq(ctx: SandboxContext): number {
	return ctx.nextInSequence('clients');
}

export function clearClients(ctx: SandboxContext): void {
	clientsOf(ctx).clear();
}
