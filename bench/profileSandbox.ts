import './preferTs';
import { createBenchClient, invoiceBody, invoiceRows } from './contenders';
import { rawCreations } from './raw';
import { startRemoteSandbox } from './remoteSandbox';

/** Profiling aid: raw creations 50 at a time against the sandbox process (BENCH_SANDBOX_PROFILE=<dir> for a CPU profile of it). */
async function main() {
	const sandbox = await startRemoteSandbox();
	try {
		await sandbox.call({ kind: 'reset' });
		const clientId = await createBenchClient(sandbox);
		for (let i = 0; i < 6; i++) {
			const before = await sandbox.cpuMs();
			const t = await rawCreations(sandbox, invoiceRows(1000).map((row) => invoiceBody(clientId, row)), 50);
			const cpu = (await sandbox.cpuMs()) - before;
			console.log({ ms: Math.round(t.ms), sandboxCpuPerRequestMs: (cpu / t.requests).toFixed(3), perCpuSecond: Math.round((1000 * t.requests) / cpu) });
		}
	} finally {
		sandbox.stop();
	}
}
void main();
