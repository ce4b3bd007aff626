// Section 3 of `npm run bench`: many writes against the service's real limit (failures, 429s, time against the floor).
import { createBenchClient, HTTP_REQUEST_TYPE, httpRequestParameters, invoiceBody, invoiceRows, type loadHttpRequestNode, NODE_TYPE, oursCreateParameters, timeNode, type Timing } from './contenders';
import type { RemoteSandbox } from './remoteSandbox';
import { CREATE_PATH, LIMIT, WRITE_ROUNDS, WRITES } from './settings';
import { load, withSpread } from './stats';

async function runWrites(sandbox: RemoteSandbox, http: ReturnType<typeof loadHttpRequestNode>): Promise<{ ours: Timing[]; httpDefault?: Timing }> {
	await sandbox.call({ kind: 'reset' });
	const clientId = await createBenchClient(sandbox);
	const ours: Timing[] = [];
	for (let round = 0; round < WRITE_ROUNDS; round++) {
		ours.push(await timeNode(sandbox, { type: NODE_TYPE, typeVersion: 1, parameters: oursCreateParameters(clientId) }, invoiceRows(WRITES), CREATE_PATH));
		process.stderr.write('.');
	}
	let httpDefault: Timing | undefined;
	if (http) {
		const items = invoiceRows(WRITES).map((row) => ({ body: invoiceBody(clientId, row) }));
		httpDefault = await timeNode(sandbox, { type: HTTP_REQUEST_TYPE, typeVersion: http.version, parameters: httpRequestParameters(sandbox.url) }, items, CREATE_PATH);
	}
	process.stderr.write('\n');
	return { ours, httpDefault };
}

/** Runs section 3 against the floor of the limit (`oursThousandMs`: this node's time for a thousand creations, if measured); its summary row. */
export async function benchWrites(sandbox: RemoteSandbox, http: ReturnType<typeof loadHttpRequestNode>, oursThousandMs: number | undefined): Promise<string[][]> {
	const { ours, httpDefault } = await runWrites(sandbox, http);
	const windows = Math.ceil(WRITES / LIMIT.max) - 1;
	// The floor: the service lets the first thousand in at once, then a thousand per window.
	const floorMs = windows * LIMIT.windowMs + (oursThousandMs ?? 0);
	const failures = ours.map((t) => t.failedItems);
	return [[
		`${WRITES} writes at 1,000 / 10 s: failures; time ÷ practical floor`,
		`${Math.max(...failures)}; ${withSpread(ours.map((t) => t.ms / floorMs), 3)}`,
		'0; ≤ 1.03',
		`429s ${ours.map((t) => t.statuses['429'] ?? 0).join('/')}, floor ${(floorMs / 1000).toFixed(1)} s${oursThousandMs ? '' : ' (no 1,000-creation run: windows only)'}${httpDefault ? `; HTTP Request default: ${httpDefault.failedItems} failed items, ${httpDefault.statuses['429'] ?? 0} 429s` : ''}, load ${load()}`,
	]];
}
