// n8n in queue mode for a bench (tools/n8n/queue.ts): Postgres, Redis, main and one worker. Main
// takes the production webhook and queues the execution; the worker runs it; main answers the call
// once the worker's job is done (a `lastNode` webhook reads the execution back from Postgres). No
// `n8n webhook` process: main serves production webhooks in queue mode too, and one process fewer
// leaves the 2 cores to the run. Postgres keeps its default durability (fsync on), as in production.
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import type { N8nInstall } from '../tools/n8n/install';
import { installPackageIntoUserFolder } from '../tools/n8n/package';
import { startQueueTopology } from '../tools/n8n/queue';
import { DEFAULT_OWNER, freePort } from '../tools/n8n/server';
import type { BenchN8n } from './n8nUnderBench';
import { postgresRows } from './processedRowPostgres';

export async function startQueueN8n(install: N8nInstall, tarball: string, folderPrefix: string): Promise<Omit<BenchN8n, 'client'>> {
	const baseDir = mkdtempSync(join(tmpdir(), folderPrefix));
	const packageFolder = join(baseDir, 'package');
	installPackageIntoUserFolder(packageFolder, tarball, install.env);
	const topology = await startQueueTopology({
		install,
		baseDir,
		nodesDir: join(packageFolder, '.n8n', 'nodes'),
		owner: DEFAULT_OWNER,
		mainPort: await freePort(),
		workers: 1,
		webhookProcesses: 0,
		// The worker's "Worker started execution" line is info; the bench's own process may carry the
		// engine harness's 'silent' (test/helpers/engine/environment.ts), which n8n's processes inherit.
		env: { N8N_LOG_LEVEL: 'info' },
	}).catch((error: unknown) => {
		rmSync(baseDir, { recursive: true, force: true });
		throw error;
	});
	const [worker] = topology.workers;
	return {
		mode: 'queue',
		url: topology.main.url,
		scratch: baseDir,
		cli: topology.cli,
		processedRows: postgresRows(install, topology.postgres),
		ranOnWorker: (executionId) => worker.log().includes(`Worker started execution ${executionId} `),
		stop: async () => {
			await topology.stop();
			// Kept with E2E_KEEP, as the regular mode's user folder is: the processes' logs are in it.
			if (!process.env.E2E_KEEP) rmSync(baseDir, { recursive: true, force: true });
		},
	};
}
