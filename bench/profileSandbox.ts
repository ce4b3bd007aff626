import './preferTs';
import { createBenchClient, invoiceBody, invoiceRows } from './contenders';
import { rawCreations } from './raw';
import { startRemoteSandbox, type RemoteSandbox } from './remoteSandbox';

/**
 * Profiling aid: the sandbox process's CPU per request, for raw creations 50 at a time and, as a
 * yardstick, for the lightest API call (GET /organization: the same server, gateway and bearer
 * check, next to no work of its own). BENCH_SANDBOX_PROFILE=<dir> writes a CPU profile of it.
 */
async function organizationReads(sandbox: RemoteSandbox, count: number, concurrency: number): Promise<number> {
	const { access_token: token } = await sandbox.call<{ access_token: string }>({ kind: 'mint' });
	let next = 0;
	await Promise.all(
		Array.from({ length: concurrency }, async () => {
			while (next < count) {
				next++;
				const response = await fetch(`${sandbox.url}/organization`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
				await response.arrayBuffer();
			}
		}),
	);
	return count;
}

async function main() {
	const sandbox = await startRemoteSandbox();
	try {
		await sandbox.call({ kind: 'reset' });
		const clientId = await createBenchClient(sandbox);
		const measure = async (label: string, run: () => Promise<number>) => {
			const before = await sandbox.cpuMs();
			const requests = await run();
			const cpu = (await sandbox.cpuMs()) - before;
			console.log(label, { sandboxCpuPerRequestMs: (cpu / requests).toFixed(3), perCpuSecond: Math.round((1000 * requests) / cpu) });
		};
		for (let i = 0; i < 6; i++) {
			await measure('creations', async () => (await rawCreations(sandbox, invoiceRows(1000).map((row) => invoiceBody(clientId, row)), 50)).requests);
			await measure('GET /organization', () => organizationReads(sandbox, 1000, 50));
		}
	} finally {
		sandbox.stop();
	}
}
void main();
