import { Collection } from '../../core/collection';
import { perSandbox } from '../../core/perSandbox';

export interface Money {
	value: string;
	currency: string;
}

/** A quote as the API answers it (docs/assumptions.md: id, rate, fee, source_amount, target_amount, expires_at). */
export interface Quote {
	id: string;
	source_currency: string;
	target_currency: string;
	rate: string;
	fee: Money;
	source_amount: Money;
	target_amount: Money;
	created_at: string;
	expires_at: string;
}

export interface StoredQuote {
	id: string;
	quote: Quote;
	/** Which side the caller fixed; a renewed quote keeps it. */
	fixed: 'source' | 'target';
	usedBy?: string;
}

export interface InternationalBeneficiary {
	id: string;
	name: string;
	currency: string;
	type: string;
	details: Record<string, unknown>;
	created_at: string;
	updated_at: string;
}

export interface StoredBeneficiary {
	id: string;
	beneficiary: InternationalBeneficiary;
	/** The account a transfer targets; a new one after each update. */
	targetAccountId: string;
}

export type InternationalTransferStatus = 'TRANSACTION_STATUS_PROCESSING' | 'TRANSACTION_STATUS_COMPLETED' | 'TRANSACTION_STATUS_FAILED';

/**
 * The spec shows id, beneficiary_id, bank_account_id and status; the quote actually used, its rate
 * and amounts are added so that a caller sees when an expired quote was replaced.
 */
export interface InternationalTransfer {
	id: string;
	beneficiary_id: string;
	bank_account_id: string;
	status: InternationalTransferStatus;
	quote_id: string;
	rate: string;
	fee: Money;
	source_amount: Money;
	target_amount: Money;
	target_account_id: string;
	created_at: string;
}

export interface InternationalState {
	quotes: Collection<StoredQuote>;
	beneficiaries: Collection<StoredBeneficiary>;
	transfers: Collection<InternationalTransfer>;
}

export const international = perSandbox((ctx) => {
	const created: InternationalState = {
		quotes: ctx.collection('international_quotes'),
		beneficiaries: ctx.collection('international_beneficiaries'),
		transfers: ctx.collection('international_transfers'),
	};
	ctx.onReset(() => {
		created.quotes.clear();
		created.beneficiaries.clear();
		created.transfers.clear();
	});
	return created;
});
