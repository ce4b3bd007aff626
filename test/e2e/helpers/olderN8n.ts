// An older n8n release of its own for one describe block (the suite's n8n is the newest): the packed
// package installed into a throwaway user folder, the owner logged in, an API key made; torn down after.
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import type { N8nInstall } from '../../../tools/n8n/install';
import { installPackageIntoUserFolder } from '../../../tools/n8n/package';
import { DEFAULT_OWNER, freePort, startN8n, userFolderLog, type RunningN8n } from '../../../tools/n8n/server';
import { E2eN8n } from './n8n';

export interface OlderN8n {
	n8n: E2eN8n;
	server: RunningN8n;
	stop(): Promise<void>;
}

export async function startOlderN8n(install: N8nInstall, tarball: string): Promise<OlderN8n> {
	const userFolder = mkdtempSync(join(tmpdir(), `business-banking-e2e-n8n-${install.n8nVersion}-`));
	installPackageIntoUserFolder(userFolder, tarball, install.env);
	const server = await startN8n({ install, userFolder, port: await freePort(), owner: DEFAULT_OWNER, logFile: userFolderLog(userFolder) });
	const n8n = new E2eN8n(install, userFolder, server.url);
	await n8n.client.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
	await n8n.client.createApiKey(`e2e n8n ${install.n8nVersion}`);
	return {
		n8n,
		server,
		stop: async () => {
			await server.stop();
			n8n.cleanup();
			if (!process.env.E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
		},
	};
}
