import { createHash } from 'crypto';
import type { IExecuteFunctions } from 'n8n-workflow';

import { executionRecord } from '../../n8n/executionContext';

/**
 * What this execution (and the executions it was retried from) did with each write, kept in the
 * node's execution context (n8n/executionContext.ts): n8n saves it with the execution and copies it
 * into a "Retry execution", so a retry knows when each of its writes was first sent, which execution
 * sent it and the bank's ids of what was made. Another execution of the same input does not see it:
 * there the node's list in n8n's store says only whether it was made (ledger.ts).
 */
export interface LineageEntry {
	/** made: the bank answered; tried: sent, no answer (it may exist). */
	state: 'made' | 'tried';
	/** When it was first sent, in minutes since 1970 (n8n's clock). */
	at: number;
	executionId: string;
	ids?: string[];
}

const RECORD_NAME = 'businessBankingWrites';

/**
 * The entries by a hash of the write's key: n8n saves the execution's data where anyone who may open
 * the execution reads it, and an idempotency key is not to be shown (docs/production.md, secrets).
 */
export class Lineage {
	private readonly entries: Record<string, LineageEntry>;

	constructor(context: IExecuteFunctions) {
		this.entries = executionRecord<Record<string, LineageEntry>>(context, RECORD_NAME);
	}

	get(key: string): LineageEntry | undefined {
		return this.entries[entryName(key)];
	}

	set(key: string, entry: LineageEntry): void {
		this.entries[entryName(key)] = entry;
	}

	delete(key: string): void {
		delete this.entries[entryName(key)];
	}
}

const entryName = (key: string) => createHash('sha256').update(`business-banking-write\u0000${key}`).digest('base64url').slice(0, 22);

export const minutesNow = () => Math.floor(Date.now() / 60_000);
export const isoOfMinutes = (minutes: number) => new Date(minutes * 60_000).toISOString();
