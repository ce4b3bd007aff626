import { perSandbox } from '../../core/perSandbox';

/** The external_transfer response shape of the spec (amounts as strings, *_cents as strings). */
export interface ExternalTransfer {
	id: string;
	slug: string;
	debit_iban: string;
	debit_amount: string;
	debit_amount_cents: string;
	debit_currency: string;
	beneficiary_id: string;
	initiator_id: string;
	credit_amount: string;
	credit_amount_cents: string;
	credit_currency: string;
	reference: string;
	status: 'pending' | 'processed' | 'completed' | 'declined';
	scheduled_date: string;
	created_at: string;
	rate_applied: string;
	payment_purpose: string | null;
	note: string | null;
	declined_reason: string | null;
	completed_at: string | null;
	processed_at: string | null;
	transaction_id: string | null;
}

export const externalTransfers = perSandbox((ctx) => {
	const created = ctx.collection<ExternalTransfer>('external_transfers');
	ctx.onReset(() => created.clear());
	return created;
});
