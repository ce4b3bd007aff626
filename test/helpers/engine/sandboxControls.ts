/** The sandbox's request log and fault controls, over HTTP as a user of `npm run dev` would use them. */
import type { LoggedRequest } from '../../../sandbox/core/requestLog';
import type { TestSandbox } from '../sandbox';

/** A request of the sandbox's log as GET /sandbox/requests serves it (the fields tests read). */
export type SeenRequest = Omit<LoggedRequest, 'seq' | 'at'>;

/** What reached the sandbox since the last clear, oldest first; `path` may end with * (prefix). */
export async function seenRequests(sandbox: TestSandbox, filter: { method?: string; path?: string } = {}): Promise<SeenRequest[]> {
	const response = await sandbox.http.get('/sandbox/requests', { params: filter });
	if (response.status !== 200) throw new Error(`GET /sandbox/requests answered ${response.status}`);
	return response.data.requests as SeenRequest[];
}

export async function clearSeenRequests(sandbox: TestSandbox): Promise<void> {
	await sandbox.http.delete('/sandbox/requests');
}

/** Arms a fault (see sandbox/modules/faults.ts): a status (429, 5xx), latency, a dropped connection, or a redirect (3xx to `location`); optionally a seeded share of requests, from the `after`-th on. */
export async function injectFault(
	sandbox: TestSandbox,
	fault: {
		method?: string;
		path: string;
		kind: 'status' | 'latency' | 'drop_after_commit' | 'redirect';
		status?: number;
		location?: string;
		retryAfter?: number;
		latencyMs?: number;
		count?: number;
		/** The share of matching requests hit, drawn from `seed` (reproducible). */
		probability?: number;
		seed?: number;
		/** Matching requests let through before the fault starts. */
		after?: number;
	},
): Promise<void> {
	const response = await sandbox.http.post('/sandbox/faults', fault);
	if (response.status !== 201) throw new Error(`POST /sandbox/faults answered ${response.status}: ${JSON.stringify(response.data)}`);
}
