import type { IDataObject } from 'n8n-workflow';

import { DEDUP_MAX_IDS, DEDUP_TTL_MS, seenBefore } from '../../nodes/BusinessBankingTrigger/dedup';

let scopeCounter = 0;
const newScope = () => `wf:node:${++scopeCounter}`;

describe('recent event ids', () => {
	it('sees an id once per scope, remembering it in static data too', () => {
		const scope = newScope();
		const staticData: IDataObject = {};
		expect(seenBefore(scope, staticData, 'evt-1', 1_000)).toBe(false);
		expect(seenBefore(scope, staticData, 'evt-1', 2_000)).toBe(true);
		expect(staticData.recentEventIds).toEqual({ 'evt-1': 1_000 });
		// Another scope (e.g. the test URL of the same node) has its own memory.
		expect(seenBefore(newScope(), {}, 'evt-1', 2_000)).toBe(false);
	});

	it('finds an id kept in static data only (after a restart of n8n)', () => {
		expect(seenBefore(newScope(), { recentEventIds: { 'evt-9': 5_000 } }, 'evt-9', 6_000)).toBe(true);
	});

	it('forgets ids older than the time to live', () => {
		const scope = newScope();
		const staticData: IDataObject = {};
		seenBefore(scope, staticData, 'old', 0);
		expect(seenBefore(scope, staticData, 'old', DEDUP_TTL_MS + 1)).toBe(false);
	});

	it('keeps at most the newest ids, dropping the oldest first', () => {
		const scope = newScope();
		const staticData: IDataObject = {};
		for (let index = 0; index <= DEDUP_MAX_IDS; index++) seenBefore(scope, staticData, `evt-${index}`, 10_000 + index);
		const kept = Object.keys(staticData.recentEventIds as object);
		expect(kept).toHaveLength(DEDUP_MAX_IDS);
		expect(kept).not.toContain('evt-0');
		expect(kept).toContain(`evt-${DEDUP_MAX_IDS}`);
		// evt-0 was dropped from both memories, so it counts as new again.
		expect(seenBefore(scope, staticData, 'evt-0', 20_000)).toBe(false);
	});

	it('ignores malformed stored entries', () => {
		const staticData: IDataObject = { recentEventIds: { good: 1_000, bad: 'yesterday' } };
		expect(seenBefore(newScope(), staticData, 'bad', 2_000)).toBe(false);
		expect(staticData.recentEventIds).toEqual({ good: 1_000, bad: 2_000 });
	});
});
