import { performance } from 'perf_hooks';

import type { IDataObject } from 'n8n-workflow';

import type { Timing } from './contenders';
import type { RemoteSandbox } from './remoteSandbox';

/**
 * The floor any n8n node stands on: a bare keep-alive `fetch` loop (Node's own HTTP client), the
 * token already in hand, the body already built, no engine, no retries.
 */
async function rawLoop(
	sandbox: RemoteSandbox,
	count: number,
	concurrency: number,
	send: (index: number, authorization: string) => Promise<Response>,
	countPath: { method: string; path: string },
): Promise<Timing & { responses: unknown[] }> {
	const tokens = await sandbox.call<{ access_token: string }>({ kind: 'mint' });
	const authorization = `Bearer ${tokens.access_token}`;
	const afterSeq = await sandbox.call<number>({ kind: 'lastSeq' });
	const responses: unknown[] = new Array(count);
	let next = 0;
	let failedItems = 0;
	const cpuBefore = process.cpuUsage();
	const start = performance.now();
	await Promise.all(
		Array.from({ length: Math.min(concurrency, count) }, async () => {
			while (next < count) {
				const index = next++;
				const response = await send(index, authorization);
				responses[index] = await response.json();
				if (!response.ok) failedItems++;
			}
		}),
	);
	const ms = performance.now() - start;
	const cpu = process.cpuUsage(cpuBefore);
	const statuses = await sandbox.call<Record<string, number>>({ kind: 'statuses', ...countPath, afterSeq });
	const requests = Object.values(statuses).reduce((sum, n) => sum + n, 0);
	return { ms, cpuMs: (cpu.user + cpu.system) / 1000, requests, statuses, failedItems, responses };
}

/** POST /v2/client_invoices for each body, `concurrency` at a time. */
export async function rawCreations(sandbox: RemoteSandbox, bodies: IDataObject[], concurrency: number): Promise<Timing> {
	const url = `${sandbox.url}/v2/client_invoices`;
	const { responses: _, ...timing } = await rawLoop(
		sandbox,
		bodies.length,
		concurrency,
		(index, authorization) =>
			fetch(url, {
				method: 'POST',
				headers: { Authorization: authorization, 'Content-Type': 'application/json', Accept: 'application/json' },
				body: JSON.stringify({ client_invoice: bodies[index] }),
			}),
		{ method: 'POST', path: '/v2/client_invoices' },
	);
	return timing;
}

/** Every client, page after page (100 a page) until `meta.next_page` is null. */
export async function rawAllClients(sandbox: RemoteSandbox): Promise<Timing & { items: number }> {
	const tokens = await sandbox.call<{ access_token: string }>({ kind: 'mint' });
	const afterSeq = await sandbox.call<number>({ kind: 'lastSeq' });
	const cpuBefore = process.cpuUsage();
	const start = performance.now();
	let items = 0;
	for (let page: number | null = 1; page; ) {
		const response = await fetch(`${sandbox.url}/v2/clients?sort_by=name%3Aasc&page=${page}&per_page=100`, {
			headers: { Authorization: `Bearer ${tokens.access_token}`, Accept: 'application/json' },
		});
		const body = (await response.json()) as { clients: unknown[]; meta: { next_page: number | null } };
		items += body.clients.length;
		page = body.clients.length > 0 ? body.meta.next_page : null;
	}
	const ms = performance.now() - start;
	const cpu = process.cpuUsage(cpuBefore);
	const statuses = await sandbox.call<Record<string, number>>({ kind: 'statuses', method: 'GET', path: '/v2/clients', afterSeq });
	const requests = Object.values(statuses).reduce((sum, n) => sum + n, 0);
	return { ms, cpuMs: (cpu.user + cpu.system) / 1000, requests, statuses, failedItems: 0, items };
}
