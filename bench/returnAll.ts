// Section 2 of `npm run bench`: Return All of many clients, this node against a raw page loop.
import { NODE_TYPE, timeNode, type Timing } from './contenders';
import { rawAllClients } from './raw';
import type { RemoteSandbox } from './remoteSandbox';
import { CLIENTS, ROUNDS } from './settings';
import { load, ratios, withSpread } from './stats';
import { median } from './table';

async function runReturnAll(sandbox: RemoteSandbox): Promise<{ ours: Timing[]; raw: Timing[] }> {
	await sandbox.call({ kind: 'reset' });
	await sandbox.call({ kind: 'seedClients', count: CLIENTS });
	const ours: Timing[] = [];
	const raw: Timing[] = [];
	for (let round = 0; round < ROUNDS; round++) {
		const runOurs = () => timeNode(sandbox, { type: NODE_TYPE, typeVersion: 1, parameters: { resource: 'client', operation: 'getMany', returnAll: true } }, [{}], { method: 'GET', path: '/v2/clients' });
		if (round % 2 === 0) {
			ours.push(await runOurs());
			raw.push(await rawAllClients(sandbox));
		} else {
			raw.push(await rawAllClients(sandbox));
			ours.push(await runOurs());
		}
		process.stderr.write('.');
	}
	process.stderr.write('\n');
	return { ours, raw };
}

/** Runs section 2; its summary row. */
export async function benchReturnAll(sandbox: RemoteSandbox): Promise<string[][]> {
	const { ours, raw } = await runReturnAll(sandbox);
	return [[
		`Return All ${CLIENTS} clients: requests; time ÷ raw`,
		`${median(ours.map((t) => t.requests))} (raw ${median(raw.map((t) => t.requests))}); ${withSpread(ratios(ours.map((t) => t.ms), raw.map((t) => t.ms)))}`,
		'101; ≤ 1.1',
		`${withSpread(ours.map((t) => t.ms), 0)} ms vs ${withSpread(raw.map((t) => t.ms), 0)} ms, load ${load()}`,
	]];
}
