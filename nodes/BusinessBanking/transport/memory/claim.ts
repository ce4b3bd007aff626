/** What the ledger (ledger.ts) keeps of each claim it was asked for. */

/** mine: claimed by this run (send it); made: made before, within the window; busy: another attempt holds it; full: see capacity.ts. */
export type ClaimAnswer = 'mine' | 'made' | 'busy' | 'full';

export interface Claim {
	key: string;
	/** The made values it asks about: its window's generation now, and those of former windows in use (set when it is sent). */
	made: string[];
	queuedAt: number;
	/** Whether to wait while another attempt holds it (a write this execution sent itself knows the holder: itself). */
	waitIfHeld: boolean;
	/** Whether it may be sent before its call's token is seen (the bank's idempotency key covers that moment). */
	early: boolean;
	/** Answered 'mine' already (early). */
	answered?: boolean;
	/** Its call's token seen: its values stand. */
	confirmed?: boolean;
	/** Made before its token was seen: the claim goes once it is. */
	madeEarly?: boolean;
	/** When it was first found held by another attempt. */
	busySince?: number;
	answer: (answer: ClaimAnswer) => void;
	fail: (error: unknown) => void;
}

/** What a call recorded that counts only once its token is seen at the next call. */
export interface Unconfirmed {
	token: string;
	claims: Claim[];
	forwards: string[];
}

