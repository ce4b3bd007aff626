/**
 * The values the write memory keeps in the node's list in n8n's processed-data store (n8n keeps
 * only their hashes: a value is known or not, nothing more). Per write `K`:
 * - `K|c`, its claim: recorded before anything is sent, taken out once what was made is recorded
 *   for good (or the bank refused for sure). Kept, it says "started, outcome not known": another
 *   execution making it now, or an answer that was lost. It never expires.
 * - `K|m<level>.<generation>`, made: recorded for the generation it was made in and the next one,
 *   so it is found for at least one generation and at most two (generations.ts).
 * And per node: `@d|<day>`, the first value recorded on a day (the list keeps the order values came
 * in, so it marks where that day's values begin: capacity.ts); `@l|<level>.<generation>`, a window
 * length in use (a changed Remember … For keeps reading what the former one recorded);
 * `@t|<run>.<n>`, a call's token (still there at the next call: nothing wrote over that call).
 */
const DAY_MS = 86_400_000;

export const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

/** The generation lengths in days: powers of two, so that few can be in use (markers, `@l|…`, are read per run). */
export const LEVELS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512] as const;

/** The generation length of a window: the shortest that is at least the window (it is remembered between one and two of them). */
export function levelOf(windowMinutes: number): number {
	const days = Math.ceil(windowMinutes / (24 * 60));
	return LEVELS.find((level) => level >= days) ?? LEVELS[LEVELS.length - 1];
}

export const generationOf = (level: number, ms: number) => Math.floor(dayOf(ms) / level);

export const claimValue = (key: string) => `${key}|c`;
export const madeValue = (key: string, level: number, generation: number) => `${key}|m${level}.${generation}`;
export const dayAnchor = (day: number) => `@d|${day}`;
export const levelMarker = (level: number, generation: number) => `@l|${level}.${generation}`;
export const callToken = (run: string, call: number) => `@t|${run}.${call}`;

/**
 * What a claim asks about besides itself: made in its window's generation now and the next (once
 * made, only the claim goes: these were recorded with it), and made now under former windows in use.
 */
export function madeValuesAsked(key: string, level: number, formerLevels: number[], now: number): string[] {
	const generation = generationOf(level, now);
	return [madeValue(key, level, generation), madeValue(key, level, generation + 1), ...formerLevels.map((former) => madeValue(key, former, generationOf(former, now)))];
}

/** What every call of a run records: today's anchor, its window's marker for this generation and the next. */
export function runMarkers(level: number, now: number): string[] {
	const generation = generationOf(level, now);
	return [dayAnchor(dayOf(now)), levelMarker(level, generation), levelMarker(level, generation + 1)];
}
