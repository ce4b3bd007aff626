// n8n in queue mode for a bench (tools/n8n/queue.ts): Postgres, Redis, main and one worker. Main
// takes the production webhook and queues the execution; the worker runs it; main answers the call
// once the worker's job is done (a `lastNode` webhook reads the execution back from Postgres). No
// `n8n webhook` process: main serves production webhooks in queue mode too, and one process fewer
// leaves the 2 cores to the run. Postgres keeps its default durability (fsync on), as in production.
import type { N8nInstall } from '../tools/n8n/install';
import { startQueueWithPackage } from '../tools/n8n/queue';
import type { BenchN8n } from './n8nUnderBench';
import { postgresRows } from './processedRowPostgres';

export async function startQueueN8n(install: N8nInstall, tarball: string, folderPrefix: string): Promise<Omit<BenchN8n, 'client'>> {
	const { topology, baseDir } = await startQueueWithPackage({
		install,
		tarball,
		folderPrefix,
		workers: 1,
		webhookProcesses: 0,
		// The worker's "Worker started execution" line is info; the bench's own process may carry the
		// engine harness's 'silent' (test/helpers/engine/environment.ts), which n8n's processes inherit.
		env: { N8N_LOG_LEVEL: 'info' },
	});
	const [worker] = topology.workers;
	return {
		mode: 'queue',
		url: topology.main.url,
		scratch: baseDir,
		cli: topology.cli,
		processedRows: postgresRows(install, topology.postgres),
		ranOnWorker: (executionId) => worker.log().includes(`Worker started execution ${executionId} `),
		// Removes the folder too, kept with E2E_KEEP as the regular mode's user folder is: the processes' logs are in it.
		stop: topology.stop,
	};
}
