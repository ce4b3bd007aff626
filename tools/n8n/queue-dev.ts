// `npm run dev -- --queue`: the dev n8n in queue mode (queue.ts) instead of one process. Main keeps the
// dev user folder (its package install, encryption key and log); Postgres's data stays in
// `<user folder>/queue/postgres`, so the credential and workflows survive a restart like in one process.
import { join } from 'path';

import type { N8nInstall } from './install';
import { log } from './install';
import { startQueueTopology } from './queue';
import type { Owner, RunningN8n } from './server';

export async function startQueueForDev(options: { install: N8nInstall; userFolder: string; port: number; owner: Owner }): Promise<RunningN8n> {
	const topology = await startQueueTopology({
		install: options.install,
		baseDir: join(options.userFolder, 'queue'),
		nodesDir: join(options.userFolder, '.n8n', 'nodes'),
		mainUserFolder: options.userFolder,
		mainPort: options.port,
		owner: options.owner,
		installServices: true,
	});
	log(`queue mode: webhook process ${topology.webhook.url} (production webhooks), workers: ${topology.workers.map((worker) => worker.logFile).join(', ')}`);
	return { ...topology.main, stop: topology.stop };
}
