// The suite against an n8n it did not start: the CI job on n8n's 3.x Docker image, which n8n no longer
// publishes to npm. E2E_N8N_URL names that n8n and E2E_N8N_CONTAINER its container, where the n8n CLI
// runs (tools/n8n/docker-n8n-cli.sh); the job installs the packed package into the container's nodes
// folder before it starts. Only the files that need nothing but that n8n run in this mode.
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { N8nClient } from '../../../tools/n8n/api';
import type { N8nInstall } from '../../../tools/n8n/install';
import { REPO_ROOT } from '../../../tools/n8n/package';
import { DEFAULT_OWNER } from '../../../tools/n8n/server';
import type { E2eState } from './state';

export const EXTERNAL_N8N_URL = process.env.E2E_N8N_URL;

/** The suite's handle on the external n8n: the default owner set up (or logged in) and an API key. */
export async function externalN8n(url: string): Promise<NonNullable<E2eState['n8n']>> {
	const container = process.env.E2E_N8N_CONTAINER;
	if (!container) throw new Error('E2E_N8N_URL needs E2E_N8N_CONTAINER: the Docker container whose n8n CLI imports and runs workflows');
	const client = new N8nClient(url);
	await client.setupOwner(DEFAULT_OWNER);
	await client.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
	const apiKey = await client.createApiKey('e2e suite');
	const install: N8nInstall = {
		major: 3,
		n8nVersion: `${container} (${url})`,
		n8nDir: '',
		n8nBin: join(REPO_ROOT, 'tools', 'n8n', 'docker-n8n-cli.sh'),
		nodeBin: 'bash',
		nodeDir: '',
		env: { ...process.env },
	};
	// runN8nCli's working folder; the container keeps its own user folder.
	const userFolder = mkdtempSync(join(tmpdir(), 'business-banking-e2e-external-'));
	return { url, port: Number(new URL(url).port), userFolder, owner: DEFAULT_OWNER, apiKey, install };
}
