import type { IExecuteFunctions } from 'n8n-workflow';

import { dayAnchor, dayOf } from './names';
import { countValues, MEMORY_MAX_ENTRIES } from './rowCalls';

/** How many days before the window's first day a surviving day anchor is looked for. */
const DAYS_BEFORE_WINDOW = 7;
/** Below this many free places the list is counted again (other runs add values too). */
const RECOUNT_BELOW = 20_000;

/**
 * Whether one more call may record values without n8n dropping a write made within the window.
 * n8n drops the oldest values once the list is full, and the list keeps the order values came in:
 * while a day anchor from before the window's first day is still there, everything recorded since
 * that day is too, so what n8n drops first is older than the window. Without one, the list is
 * counted: while it is not full, n8n drops nothing. Otherwise the claim is refused (full).
 * What is left open: one call (at most a run's look-ahead of claims) could drop past the anchor
 * when fewer values than that lie between it and the window's first day (docs/rerunning-safely.md).
 */
export class Capacity {
	private proof?: string;
	private counted?: number;

	constructor(private readonly windowMinutes: number) {}

	/** The anchors a run's first call asks about; each absent one it records is to be taken out again. */
	firstCallValues(now: number): string[] {
		const firstDay = dayOf(now - this.windowMinutes * 60_000);
		return Array.from({ length: DAYS_BEFORE_WINDOW }, (_, back) => dayAnchor(firstDay - 1 - back));
	}

	/** After the first call: the newest anchor that was there proves it; the ones the call added are strays. */
	readFirstCall(asked: string[], fresh: ReadonlySet<string>): string[] {
		this.proof = asked.find((anchor) => !fresh.has(anchor));
		return asked.filter((anchor) => fresh.has(anchor));
	}

	/** What each later call asks about again: the proving anchor, if any. */
	callValues(): string[] {
		return this.proof ? [this.proof] : [];
	}

	/** After a later call: the anchor gone means n8n has started dropping that day (the call re-added it: a stray). */
	readCall(fresh: ReadonlySet<string>): string[] {
		if (!this.proof || !fresh.has(this.proof)) return [];
		const stray = this.proof;
		this.proof = undefined;
		return [stray];
	}

	/** Whether a call adding up to `adding` values drops nothing within the window. */
	async allows(context: IExecuteFunctions, adding: number): Promise<boolean> {
		if (this.proof) return true;
		if (this.counted === undefined || this.counted + adding > MEMORY_MAX_ENTRIES - RECOUNT_BELOW) this.counted = await countValues(context);
		if (this.counted + adding > MEMORY_MAX_ENTRIES) return false;
		this.counted += adding;
		return true;
	}
}
