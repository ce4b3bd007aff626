/** The sandbox's own time: tests move it forward to expire tokens, quotes and idempotency keys, or set it to a recorded instant. */
export class Clock {
	/**
	 * `offsetMs` is where a stored sandbox's clock stood; `onChange` saves each new offset.
	 */
	constructor(
		private offsetMs = 0,
		private readonly onChange: (offsetMs: number) => void = () => undefined,
	) {}

	now(): Date {
		return new Date(Date.now() + this.offsetMs);
	}

	nowMs(): number {
		return Date.now() + this.offsetMs;
	}

	advance(ms: number): void {
		this.offsetMs += ms;
		this.onChange(this.offsetMs);
	}

	/** Puts the clock at `instantMs` (it runs on from there): a test replays a recorded day on any day. */
	setTo(instantMs: number): void {
		this.offsetMs = instantMs - Date.now();
		this.onChange(this.offsetMs);
	}

	reset(): void {
		this.offsetMs = 0;
		this.onChange(this.offsetMs);
	}
}
