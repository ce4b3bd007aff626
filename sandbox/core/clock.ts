/** The sandbox's own time: tests move it forward to expire tokens, quotes and idempotency keys. */
export class Clock {
	private offsetMs = 0;

	now(): Date {
		return new Date(Date.now() + this.offsetMs);
	}

	nowMs(): number {
		return Date.now() + this.offsetMs;
	}

	advance(ms: number): void {
		this.offsetMs += ms;
	}

	reset(): void {
		this.offsetMs = 0;
	}
}
