/**
 * A run's places for items at work: `limit` at a time, in input order. An item waiting on
 * something that sends nothing (the write memory's claim) gives its place up meanwhile and takes
 * one again ahead of the items not yet started, so that claims for later items are made while
 * earlier ones are sent. After the first failure no new item starts (`stopped`).
 */
export class Slots {
	stopped = false;
	private free: number;
	private readonly waiting: Array<() => void> = [];
	private readonly returning: Array<() => void> = [];

	constructor(limit: number) {
		this.free = Math.max(1, limit);
	}

	async acquire(returning = false): Promise<void> {
		if (this.free > 0) {
			this.free--;
			return;
		}
		await new Promise<void>((resolve) => (returning ? this.returning : this.waiting).push(resolve));
	}

	release(): void {
		const next = this.returning.shift() ?? this.waiting.shift();
		if (next) next();
		else this.free++;
	}

	/** Runs `wait` without holding a place (nothing is sent meanwhile). */
	async without<T>(wait: () => Promise<T>): Promise<T> {
		this.release();
		try {
			return await wait();
		} finally {
			await this.acquire(true);
		}
	}
}

/** The places of the run whose context is the key (the context the router hands the operations). */
const slotsOfRun = new WeakMap<object, Slots>();

export function runSlots(context: object): Slots | undefined {
	return slotsOfRun.get(context);
}

/**
 * Calls `task(index)` for 0…count-1, `limit` at a time (the run's Slots, known to what the tasks call:
 * runSlots). Stops starting new tasks after the first failure and rethrows it once the running ones settle.
 */
export async function runWithSlots(context: object, count: number, limit: number, task: (index: number) => Promise<void>): Promise<void> {
	const slots = new Slots(limit);
	slotsOfRun.set(context, slots);
	let failure: { error: unknown } | undefined;
	await Promise.all(
		Array.from({ length: count }, async (_, index) => {
			await slots.acquire();
			try {
				if (!failure) await task(index);
			} catch (error) {
				failure ??= { error };
				slots.stopped = true;
			} finally {
				slots.release();
			}
		}),
	);
	if (failure) throw failure.error;
}
