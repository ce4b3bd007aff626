import type { IDataObject } from 'n8n-workflow';

/**
 * Delivery is at least once: an event id seen recently starts no second execution.
 *
 * Two memories, because neither is enough alone:
 * - the node's static data, which n8n keeps with the workflow across restarts. But n8n (2.40 seen)
 *   does not save static data that `webhook()` changed when that call starts an execution (the
 *   execution re-reads it first), so it only holds ids where n8n does save it;
 * - this process's memory, per workflow, node and mode, which catches a repeated delivery that
 *   reaches the same n8n process (not one after a restart or on another instance).
 * Both are bounded in count and age.
 */
export const DEDUP_MAX_IDS = 500;
export const DEDUP_TTL_MS = 24 * 60 * 60 * 1000;

const recentInProcess = new Map<string, Map<string, number>>();

function prune(ids: Map<string, number>, nowMs: number): void {
	for (const [id, seenAt] of ids) {
		if (nowMs - seenAt > DEDUP_TTL_MS) ids.delete(id);
	}
	// Maps iterate in insertion order: the oldest ids go first.
	for (const id of ids.keys()) {
		if (ids.size <= DEDUP_MAX_IDS) break;
		ids.delete(id);
	}
}

function fromStaticData(staticData: IDataObject): Map<string, number> {
	const stored = (staticData.recentEventIds as Record<string, unknown> | undefined) ?? {};
	const entries = Object.entries(stored).filter((entry): entry is [string, number] => typeof entry[1] === 'number');
	return new Map(entries.sort((a, b) => a[1] - b[1]));
}

/**
 * Returns true when `eventId` was already seen by this trigger (`scope` names workflow, node and
 * mode); otherwise remembers it in both memories.
 */
export function seenBefore(scope: string, staticData: IDataObject, eventId: string, nowMs: number): boolean {
	let inProcess = recentInProcess.get(scope);
	if (!inProcess) recentInProcess.set(scope, (inProcess = new Map()));
	const stored = fromStaticData(staticData);
	prune(inProcess, nowMs);
	prune(stored, nowMs);
	const duplicate = inProcess.has(eventId) || stored.has(eventId);
	if (!duplicate) {
		inProcess.set(eventId, nowMs);
		stored.set(eventId, nowMs);
		prune(inProcess, nowMs);
		prune(stored, nowMs);
	}
	// A fresh object, so that n8n's observable static data notices the change.
	staticData.recentEventIds = Object.fromEntries(stored);
	return duplicate;
}
