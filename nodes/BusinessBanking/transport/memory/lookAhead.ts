/**
 * How many writes a run has claimed (or is claiming) but not yet sent: bounded, so that what an abort
 * or a crash leaves open is at most `limit`. An item waits to claim while the run is at the bound.
 */
export class LookAhead {
	count = 0;
	private readonly waiting: Array<() => void> = [];

	constructor(private readonly limit: number) {}

	async enter(): Promise<void> {
		while (this.count >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
		this.count++;
	}

	leave(): void {
		this.count--;
		this.waiting.shift()?.();
	}
}
