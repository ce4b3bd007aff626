// An n8n whose own community-package installer (Settings → Community nodes: the endpoints its Install,
// Update and Uninstall buttons call) takes this package from a local npm registry (verdaccio), as a
// user's n8n takes it from npmjs.com. Used by the installer and the upgrade suites.
//
// n8n refuses a registry other than npmjs.com unless its licence has the custom-registry feature. This
// throwaway n8n runs in n8n's own E2E mode (E2E_TESTS=true), whose `PATCH /rest/e2e/feature` switches
// that feature on: it is how n8n's own end-to-end tests do it. That mode also exposes unauthenticated
// test endpoints, so it is only ever used here, on loopback, for an instance deleted afterwards.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import type { N8nInstall } from '../../../tools/n8n/install';
import { PACKAGE_NAME } from '../../../tools/n8n/package';
import { DEFAULT_OWNER, freePort, startN8n, userFolderLog, type RunningN8n } from '../../../tools/n8n/server';
import { startLocalRegistry, type LocalRegistry } from '../../../tools/n8n/verdaccio';
import { E2eN8n } from './n8n';
import { BUSINESS_BANKING_NODE, BUSINESS_BANKING_TRIGGER } from './workflows';

export interface InstalledPackage {
	packageName: string;
	installedVersion: string;
	updateAvailable?: string;
	installedNodes: Array<{ name: string; type: string }>;
}

export class InstallerN8n {
	private constructor(
		readonly registry: LocalRegistry,
		readonly userFolder: string,
		public server: RunningN8n,
		readonly n8n: E2eN8n,
		private readonly install: N8nInstall,
	) {}

	/** A local registry and an n8n (logged in as the owner) that installs community packages from it. */
	static async start(install: N8nInstall): Promise<InstallerN8n> {
		const registry = await startLocalRegistry();
		const userFolder = mkdtempSync(join(tmpdir(), 'business-banking-e2e-installer-'));
		// n8n's update check (`npm outdated` in the nodes folder) reads npm's own configuration, not
		// n8n's registry setting: a user with a private registry has this file too.
		mkdirSync(join(userFolder, '.n8n', 'nodes'), { recursive: true });
		writeFileSync(join(userFolder, '.n8n', 'nodes', '.npmrc'), `registry=${registry.url}/\n`);
		const server = await InstallerN8n.startServer(install, userFolder, registry, await freePort());
		const feature = await fetch(`${server.url}/rest/e2e/feature`, {
			method: 'PATCH',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ feature: 'feat:communityNodes:customRegistry', enabled: true }),
		});
		if (feature.status !== 200) throw new Error(`n8n's E2E feature switch answered ${feature.status}`);
		const n8n = new E2eN8n(install, userFolder, server.url);
		await n8n.client.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
		return new InstallerN8n(registry, userFolder, server, n8n, install);
	}

	private static async startServer(install: N8nInstall, userFolder: string, registry: LocalRegistry, port: number): Promise<RunningN8n> {
		return await startN8n({
			install,
			userFolder,
			port,
			owner: DEFAULT_OWNER,
			logFile: userFolderLog(userFolder),
			env: { E2E_TESTS: 'true', N8N_COMMUNITY_PACKAGES_REGISTRY: registry.url },
		});
	}

	nodesDir(): string {
		return join(this.userFolder, '.n8n', 'nodes');
	}

	/** Where n8n's installer put the package. */
	installedCopy(): string {
		return join(this.nodesDir(), 'node_modules', PACKAGE_NAME);
	}

	async listPackages(): Promise<InstalledPackage[]> {
		return await this.n8n.client.rest<InstalledPackage[]>('GET', '/community-packages');
	}

	/** The package's node types n8n's editor can load right now (it answers an unknown one with an error). */
	async loadedNodeTypes(): Promise<string[]> {
		const loaded: string[] = [];
		for (const name of [BUSINESS_BANKING_NODE, BUSINESS_BANKING_TRIGGER]) {
			try {
				const [description] = await this.n8n.client.rest<Array<{ name: string } | null>>('POST', '/node-types', { nodeInfos: [{ name, version: 1 }] });
				if (description) loaded.push(description.name);
			} catch (error) {
				if (!/Unrecognized node type/.test((error as Error).message)) throw error;
			}
		}
		return loaded;
	}

	/** Install (POST) or Update (PATCH) through n8n's endpoints, as its buttons do. */
	async installPackage(): Promise<InstalledPackage> {
		return await this.n8n.client.rest<InstalledPackage>('POST', '/community-packages', { name: PACKAGE_NAME });
	}

	async updatePackage(): Promise<InstalledPackage> {
		return await this.n8n.client.rest<InstalledPackage>('PATCH', '/community-packages', { name: PACKAGE_NAME });
	}

	/** Stops n8n and starts it again on the same port and user folder. */
	async restart(): Promise<void> {
		await this.server.stop();
		this.server = await InstallerN8n.startServer(this.install, this.userFolder, this.registry, this.server.port);
		await this.n8n.client.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
	}

	async stop(): Promise<void> {
		await this.server.stop();
		await this.registry.stop();
		this.n8n.cleanup();
		if (!process.env.E2E_KEEP) rmSync(this.userFolder, { recursive: true, force: true });
	}
}
