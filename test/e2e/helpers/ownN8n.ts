// An n8n of a test file's own, besides the suite's (another release, or settings of its own): the
// packed package installed into a throwaway user folder, the owner logged in, an API key made.
import type { N8nInstall } from '../../../tools/n8n/install';
import { DEFAULT_OWNER, startN8nWithPackage, type RunningN8n } from '../../../tools/n8n/server';
import { E2eN8n } from './n8n';

export interface OwnN8n {
	n8n: E2eN8n;
	server: RunningN8n;
	/** Ends n8n and removes its user folder. */
	stop(): Promise<void>;
}

export async function startOwnN8n(install: N8nInstall, tarball: string, folderPrefix = `business-banking-e2e-n8n-${install.n8nVersion}-`): Promise<OwnN8n> {
	const server = await startN8nWithPackage({ install, tarball, folderPrefix });
	const n8n = new E2eN8n(install, server.userFolder, server.url);
	await n8n.client.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
	await n8n.client.createApiKey(`e2e n8n ${install.n8nVersion}`);
	return {
		n8n,
		server,
		stop: async () => {
			await server.stop();
			n8n.cleanup();
		},
	};
}
