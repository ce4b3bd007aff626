// The real n8n a bench part runs against, in either of the modes users run it in: regular (one
// `n8n start` on its SQLite database) or queue (Postgres, Redis, main and a worker: queueN8n.ts). The
// newest release the project installs, this package packed and installed as users install it, the
// owner logged in with an API key.
import { join } from 'path';

import { N8nClient } from '../tools/n8n/api';
import type { N8nInstall } from '../tools/n8n/install';
import { DEFAULT_OWNER, runN8nCli, startN8nWithPackage } from '../tools/n8n/server';
import { MODE_NAMES, type BenchN8n, type N8nMode } from './n8nUnderBench';
import { sqliteRows } from './processedRow';
import { startQueueN8n } from './queueN8n';

async function startRegularN8n(install: N8nInstall, tarball: string, folderPrefix: string): Promise<Omit<BenchN8n, 'client'>> {
	const n8n = await startN8nWithPackage({ install, tarball, folderPrefix, env: { N8N_LOG_LEVEL: 'warn' } });
	return {
		mode: 'sqlite',
		url: n8n.url,
		scratch: n8n.userFolder,
		cli: async (args) => await runN8nCli(install, n8n.userFolder, args),
		processedRows: sqliteRows(install, join(n8n.userFolder, '.n8n', 'database.sqlite')),
		ranOnWorker: () => undefined,
		stop: n8n.stop,
	};
}

/** Started and ready, the owner logged in with an API key; stop() ends every process it started. */
export async function startBenchN8n(mode: N8nMode, install: N8nInstall, tarball: string, folderPrefix: string): Promise<BenchN8n> {
	const n8n = mode === 'queue' ? await startQueueN8n(install, tarball, folderPrefix) : await startRegularN8n(install, tarball, folderPrefix);
	try {
		const client = new N8nClient(n8n.url);
		await client.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
		await client.createApiKey(`bench (${MODE_NAMES[mode]})`);
		return { ...n8n, client };
	} catch (error) {
		await n8n.stop();
		throw error;
	}
}
