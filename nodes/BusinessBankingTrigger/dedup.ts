import type { IDataObject } from 'n8n-workflow';

/**
 * Delivery is at least once: an event id seen recently starts no second execution. The ids live
 * in the node's static data (saved by n8n after each webhook call), bounded in count and age.
 */
export const DEDUP_MAX_IDS = 500;
export const DEDUP_TTL_MS = 24 * 60 * 60 * 1000;

/** Returns true when `eventId` was already seen; otherwise remembers it. Prunes old ids either way. */
export function seenBefore(staticData: IDataObject, eventId: string, nowMs: number): boolean {
	const recent = { ...((staticData.recentEventIds as Record<string, number> | undefined) ?? {}) };
	for (const [id, seenAt] of Object.entries(recent)) {
		if (typeof seenAt !== 'number' || nowMs - seenAt > DEDUP_TTL_MS) delete recent[id];
	}
	const duplicate = eventId in recent;
	if (!duplicate) {
		recent[eventId] = nowMs;
		const ids = Object.entries(recent).sort((a, b) => b[1] - a[1]);
		if (ids.length > DEDUP_MAX_IDS) {
			for (const [id] of ids.slice(DEDUP_MAX_IDS)) delete recent[id];
		}
	}
	// A fresh object, so that n8n's observable static data notices the change and saves it.
	staticData.recentEventIds = recent;
	return duplicate;
}
