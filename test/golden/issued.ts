// What a golden run's requests and outputs hold that the bank hands out anew on each run (ids, a payee
// check's proof token, its address) and polls repeated as often as its timing makes them: named or
// dropped, so that two runs of one saved workflow compare (the engine's golden test, the upgrade e2e).
import type { INodeExecutionData, IWorkflowBase } from 'n8n-workflow';

const UUID_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const IS_UUID = new RegExp(`^${UUID_TEXT.source}$`, 'i');

/**
 * Ids the API handed out during the run (what an earlier node of the workflow created, e.g. a draft
 * invoice, a quote): UUIDs of the nodes' outputs that the workflow itself does not name, each named
 * by where it first shows as an object's own `id` (e.g. "Get Quote: quote.id"), so that two issued
 * ids are told apart without comparing their random values.
 */
export function issuedIds(outputs: Record<string, INodeExecutionData[]>, workflow: IWorkflowBase): Map<string, string> {
	const named = JSON.stringify(workflow).toLowerCase();
	const issued = new Map<string, string>();
	const walk = (value: unknown, where: string, ownIdsOnly: boolean, key = ''): void => {
		if (typeof value === 'string' && IS_UUID.test(value) && (!ownIdsOnly || key === 'id')) {
			const id = value.toLowerCase();
			if (!named.includes(id) && !issued.has(id)) issued.set(id, `<id issued by the API: ${where}>`);
		} else if (value && typeof value === 'object') {
			for (const [child, entry] of Object.entries(value)) walk(entry, where.endsWith(': ') ? `${where}${child}` : `${where}.${child}`, ownIdsOnly, child);
		}
	};
	for (const ownIdsOnly of [true, false]) {
		for (const [node, items] of Object.entries(outputs)) items.forEach((item, index) => walk(item.json, `${node}${index ? ` item ${index}` : ''}: `, ownIdsOnly));
	}
	return issued;
}

/** Values the API handed out during the run (a payee check's proof token, issued ids) and the bank's address: named, not compared. */
export function withoutIssuedValues(value: unknown, issued: Map<string, string>, bankAddress: string): unknown {
	if (typeof value === 'string') {
		if (/^vop_[\w-]+$/.test(value)) return '<proof token from the API>';
		return value.split(bankAddress).join('<bank address>').replace(UUID_TEXT, (id) => issued.get(id.toLowerCase()) ?? id);
	}
	if (Array.isArray(value)) return value.map((entry) => withoutIssuedValues(entry, issued, bankAddress));
	if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, withoutIssuedValues(entry, issued, bankAddress)]));
	return value;
}


/**
 * The requests without a GET repeated right after itself: a node polling while the bank prepares a
 * file (Factur-X) asks as often as the bank's timing makes it, which is no part of what was saved.
 */
export function withoutRepeatedPolls<T extends { method: string; path: string; query: unknown }>(requests: T[]): T[] {
	const same = (a: T, b: T) => a.method === 'GET' && b.method === 'GET' && a.path === b.path && JSON.stringify(a.query) === JSON.stringify(b.query);
	return requests.filter((request, index) => index === 0 || !same(request, requests[index - 1]));
}
