import type { Claim } from './claim';
import { BUSY_MAX_MS, BUSY_QUIET_MS, POLL_MS } from './timing';

/**
 * A run's claims held by another attempt (another execution making them now, or an answer lost
 * before): looked at again every POLL_MS, given up (answered 'busy') once BUSY_QUIET_MS passed
 * without any of them resolving, or BUSY_MAX_MS after one was first found held.
 */
export class HeldClaims {
	private list: Claim[] = [];
	private lastLookAt = 0;
	private progressAt = 0;

	get size(): number {
		return this.list.length;
	}

	hold(claim: Claim, now: number): void {
		if (this.progressAt < now - BUSY_QUIET_MS) this.progressAt = now;
		claim.busySince ??= now;
		this.list.push(claim);
	}

	due(now: number): boolean {
		return this.list.length > 0 && now - this.lastLookAt >= POLL_MS;
	}

	/** The claims to look at in this call (all, when due). */
	take(now: number): Claim[] {
		if (!this.due(now)) return [];
		this.lastLookAt = now;
		return this.list.splice(0);
	}

	/** One of them resolved: the others are waited for a while longer. */
	resolved(now: number): void {
		this.progressAt = now;
	}

	/** Still held: kept, or given up past the bounds. */
	stillHeld(claim: Claim, now: number): void {
		if (now - this.progressAt > BUSY_QUIET_MS || now - (claim.busySince ?? now) > BUSY_MAX_MS) claim.answer('busy');
		else this.list.push(claim);
	}

	clear(): void {
		this.list.length = 0;
	}
}
