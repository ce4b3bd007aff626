import { MADE_BATCH, MADE_FLUSH_MS } from './timing';

/** Keys made whose made values a run records for the window (ledger.ts): due at MADE_BATCH of them, or MADE_FLUSH_MS after the oldest. */
export class MadeQueue {
	private keys: string[] = [];
	private oldestAt = 0;

	get length(): number {
		return this.keys.length;
	}

	push(key: string): void {
		if (this.keys.length === 0) this.oldestAt = Date.now();
		this.keys.push(key);
	}

	due(now: number): boolean {
		return this.keys.length >= MADE_BATCH || (this.keys.length > 0 && now - this.oldestAt >= MADE_FLUSH_MS);
	}

	/** All of them, for the next call. */
	take(): string[] {
		return this.keys.splice(0);
	}

	/** A call that failed: its keys again, first. */
	putBack(keys: string[]): void {
		this.keys.unshift(...keys);
	}

	clear(): void {
		this.keys.length = 0;
	}
}
