/**
 * Profiling aid (not part of `npm run bench`): 1,000 invoice creations by one contender, in n8n's
 * engine against the bench's sandbox process, after two warm-up runs. Prints wall time and CPU per
 * request of five runs; with PROFILE_DIR=<dir>, writes a V8 CPU profile of one more run there.
 * CONTENDER=ours|http|floor (default ours), LATENCY=<ms> of added latency (default 0).
 */
import './preferTs';
import { writeFileSync } from 'fs';
import { Session } from 'inspector/promises';
import { join } from 'path';

import { createBenchClient, HTTP_REQUEST_TYPE, httpRequestParameters, invoiceBody, invoiceRows, loadHttpRequestNode, NODE_TYPE, oursCreateParameters, timeNode, type Timing } from './contenders';
import { FLOOR_NODE_TYPE, floorParameters } from './floorNode';
import { startRemoteSandbox } from './remoteSandbox';

const CONTENDER = process.env.CONTENDER ?? 'ours';
const LATENCY_MS = Number(process.env.LATENCY ?? 0);
const CREATE_PATH = { method: 'POST', path: '/v2/client_invoices' };

async function main(): Promise<void> {
	const http = loadHttpRequestNode();
	const sandbox = await startRemoteSandbox();
	try {
		await sandbox.call({ kind: 'reset' });
		if (LATENCY_MS) {
			const fault = { ...CREATE_PATH, kind: 'latency', latencyMs: LATENCY_MS, count: 10_000 };
			await fetch(`${sandbox.url}/sandbox/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(fault) });
		}
		const clientId = await createBenchClient(sandbox);
		const run = (): Promise<Timing> => {
			const rows = invoiceRows(1000);
			const bodies = rows.map((row) => ({ body: invoiceBody(clientId, row) }));
			if (CONTENDER === 'http' && http) return timeNode(sandbox, { type: HTTP_REQUEST_TYPE, typeVersion: http.version, parameters: httpRequestParameters(sandbox.url) }, bodies, CREATE_PATH);
			if (CONTENDER === 'floor') return timeNode(sandbox, { type: FLOOR_NODE_TYPE, typeVersion: 1, parameters: floorParameters(sandbox.url) }, bodies, CREATE_PATH);
			return timeNode(sandbox, { type: NODE_TYPE, typeVersion: 1, parameters: oursCreateParameters(clientId) }, rows, CREATE_PATH);
		};
		const show = (label: string, t: Timing) => console.log(label, { ms: Math.round(t.ms), cpuMsPerRequest: (t.cpuMs / t.requests).toFixed(3), requests: t.requests });
		for (let round = 0; round < 2; round++) await run();
		for (let round = 0; round < 5; round++) show('run', await run());
		const directory = process.env.PROFILE_DIR;
		if (!directory) return;
		const session = new Session();
		session.connect();
		await session.post('Profiler.enable');
		await session.post('Profiler.start');
		show('profiled', await run());
		const { profile } = await session.post('Profiler.stop');
		writeFileSync(join(directory, `${CONTENDER}.cpuprofile`), JSON.stringify(profile));
	} finally {
		sandbox.stop();
	}
}

void main();
