// The package installed the way users install it: n8n's own installer (Settings → Community nodes, the
// endpoints its Install, Update and Uninstall buttons call) takes it from an npm registry, here a local
// verdaccio with the packed package published to it. Then a connected credential and a saved workflow
// run; the next patch version is published, reported and installed in place; the same workflow and
// credential run again; uninstalling leaves no node behind. On every n8n release the suite installed.
//
// n8n refuses a registry other than npmjs.com unless its licence has the custom-registry feature. This
// throwaway n8n runs in n8n's own E2E mode (E2E_TESTS=true), whose `PATCH /rest/e2e/feature` switches
// that feature on: it is how n8n's own end-to-end tests do it. That mode also exposes unauthenticated
// test endpoints, so it is only ever used here, on loopback, for an instance deleted afterwards.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import type { N8nInstall } from '../../tools/n8n/install';
import { PACKAGE_NAME } from '../../tools/n8n/package';
import { DEFAULT_OWNER, freePort, startN8n, userFolderLog, type RunningN8n } from '../../tools/n8n/server';
import { startLocalRegistry, type LocalRegistry } from '../../tools/n8n/verdaccio';
import type { TestSandbox } from '../helpers/sandbox';
import { E2eN8n } from './helpers/n8n';
import { clearRequestLog, connectedCredentialData, requestsTo, startE2eSandbox } from './helpers/sandbox';
import { readE2eState } from './helpers/state';
import { BUSINESS_BANKING_NODE, BUSINESS_BANKING_TRIGGER, manualWorkflow } from './helpers/workflows';

jest.setTimeout(10 * 60_000);

interface InstalledPackage {
	packageName: string;
	installedVersion: string;
	updateAvailable?: string;
	installedNodes: Array<{ name: string; type: string }>;
}

const state = readE2eState();
const PUBLISHED = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
const NEXT_PATCH = PUBLISHED.replace(/(\d+)$/, (patch) => String(Number(patch) + 1));

/** Every n8n release the global setup installed: the newest 2.x, the minor before it, and 1.x. */
const releases: Array<[string, N8nInstall]> = [state.n8n?.install, state.previous?.install, state.n8n1?.install]
	.filter((install): install is N8nInstall => install !== undefined)
	.map((install) => [install.n8nVersion, install]);

const seconds = (startedAt: number) => Math.round((Date.now() - startedAt) / 100) / 10;

if (!state.tarball || releases.length === 0) {
	const reason = state.skipReason ?? 'the global setup installed no n8n';
	process.stderr.write(`\n[e2e] SKIPPED "n8n's community-package installer": ${reason}\n`);
	describe.skip(`n8n's community-package installer (skipped: ${reason})`, () => it('needs a real n8n', () => undefined));
} else {
	const tarball = state.tarball;

	describe.each(releases)("n8n %s's community-package installer", (version, install) => {
		let registry: LocalRegistry;
		let server: RunningN8n;
		let n8n: E2eN8n;
		let sandbox: TestSandbox;
		let userFolder: string;
		let workflowId: string;
		const nodesDir = () => join(userFolder, '.n8n', 'nodes');
		const installedCopy = () => join(nodesDir(), 'node_modules', PACKAGE_NAME);

		const listPackages = () => n8n.client.rest<InstalledPackage[]>('GET', '/community-packages');
		/** The package's node types n8n's editor can load right now (it answers an unknown one with an error). */
		const loadedNodeTypes = async () => {
			const loaded: string[] = [];
			for (const name of [BUSINESS_BANKING_NODE, BUSINESS_BANKING_TRIGGER]) {
				try {
					const [description] = await n8n.client.rest<Array<{ name: string } | null>>('POST', '/node-types', { nodeInfos: [{ name, version: 1 }] });
					if (description) loaded.push(description.name);
				} catch (error) {
					if (!/Unrecognized node type/.test((error as Error).message)) throw error;
				}
			}
			return loaded;
		};

		const startServer = async (port: number) =>
			await startN8n({
				install,
				userFolder,
				port,
				owner: DEFAULT_OWNER,
				logFile: userFolderLog(userFolder),
				env: { E2E_TESTS: 'true', N8N_COMMUNITY_PACKAGES_REGISTRY: registry.url },
			});

		beforeAll(async () => {
			registry = await startLocalRegistry();
			registry.publish(tarball);
			userFolder = mkdtempSync(join(tmpdir(), 'business-banking-e2e-installer-'));
			// n8n's update check (`npm outdated` in the nodes folder) reads npm's own configuration, not
			// n8n's registry setting: a user with a private registry has this file too.
			mkdirSync(nodesDir(), { recursive: true });
			writeFileSync(join(nodesDir(), '.npmrc'), `registry=${registry.url}/\n`);
			server = await startServer(await freePort());
			const feature = await fetch(`${server.url}/rest/e2e/feature`, {
				method: 'PATCH',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ feature: 'feat:communityNodes:customRegistry', enabled: true }),
			});
			expect(feature.status).toBe(200);
			n8n = new E2eN8n(install, userFolder, server.url);
			await n8n.client.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
			sandbox = await startE2eSandbox(server.url);
		}, 10 * 60_000);

		afterAll(async () => {
			await sandbox?.close();
			await server?.stop();
			await registry?.stop();
			n8n?.cleanup();
			if (userFolder && !process.env.E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
		});

		it(`installs ${PUBLISHED} from the registry through the Install endpoint, as n8n installs it for users`, async () => {
			expect(await loadedNodeTypes()).toEqual([]);
			const startedAt = Date.now();
			const installed = await n8n.client.rest<InstalledPackage>('POST', '/community-packages', { name: PACKAGE_NAME });
			process.stderr.write(`\n[e2e] n8n ${version}: installed ${PACKAGE_NAME}@${PUBLISHED} from the local registry in ${seconds(startedAt)} s\n`);

			expect(installed).toMatchObject({ packageName: PACKAGE_NAME, installedVersion: PUBLISHED });
			expect(installed.installedNodes.map((node) => node.type).sort()).toEqual([BUSINESS_BANKING_NODE, BUSINESS_BANKING_TRIGGER]);
			expect(await loadedNodeTypes()).toEqual(['businessBanking', 'businessBankingTrigger']);
			// What n8n put on disk: the published files, its dev and peer dependencies stripped, nothing
			// else installed beside them (the package has no runtime dependencies).
			const manifest = JSON.parse(readFileSync(join(installedCopy(), 'package.json'), 'utf8')) as Record<string, unknown>;
			expect(manifest).toMatchObject({ name: PACKAGE_NAME, version: PUBLISHED });
			expect(manifest.devDependencies).toBeUndefined();
			expect(manifest.peerDependencies).toBeUndefined();
			expect(existsSync(join(installedCopy(), 'node_modules'))).toBe(false);
			expect(JSON.parse(readFileSync(join(nodesDir(), 'package.json'), 'utf8')).dependencies).toEqual({ [PACKAGE_NAME]: PUBLISHED });
		});

		it('runs a saved workflow with a connected credential', async () => {
			const credential = await n8n.importCredential(`Business Banking (installer e2e ${version})`, connectedCredentialData(sandbox, 'fr'));
			workflowId = await n8n.importWorkflow(manualWorkflow('installer e2e: list clients', { resource: 'client', operation: 'getMany', returnAll: false, limit: 2 }, credential));
			await clearRequestLog(sandbox);
			expect((await n8n.executeOk(workflowId)).items('Business Banking')).toHaveLength(2);
			expect(await requestsTo(sandbox, 'GET', '/v2/clients')).toHaveLength(1);
		});

		it(`reports ${NEXT_PATCH} once it is published`, async () => {
			expect((await listPackages()).find((entry) => entry.packageName === PACKAGE_NAME)?.updateAvailable).toBeUndefined();
			registry.publish(tarball, NEXT_PATCH);
			const listed = (await listPackages()).find((entry) => entry.packageName === PACKAGE_NAME);
			expect(listed).toMatchObject({ installedVersion: PUBLISHED, updateAvailable: NEXT_PATCH });
		});

		it('updates in place through the Update endpoint', async () => {
			const startedAt = Date.now();
			const updated = await n8n.client.rest<InstalledPackage>('PATCH', '/community-packages', { name: PACKAGE_NAME });
			process.stderr.write(`\n[e2e] n8n ${version}: updated ${PACKAGE_NAME} to ${NEXT_PATCH} in ${seconds(startedAt)} s\n`);

			expect(updated).toMatchObject({ packageName: PACKAGE_NAME, installedVersion: NEXT_PATCH });
			const listed = (await listPackages()).find((entry) => entry.packageName === PACKAGE_NAME);
			expect(listed?.installedVersion).toBe(NEXT_PATCH);
			expect(listed?.updateAvailable).toBeUndefined();
			expect(JSON.parse(readFileSync(join(installedCopy(), 'package.json'), 'utf8')).version).toBe(NEXT_PATCH);
			expect(await loadedNodeTypes()).toEqual(['businessBanking', 'businessBankingTrigger']);
		});

		it('runs the same saved workflow and credential after the update', async () => {
			await clearRequestLog(sandbox);
			expect((await n8n.executeOk(workflowId)).items('Business Banking')).toHaveLength(2);
			expect(await requestsTo(sandbox, 'GET', '/v2/clients')).toHaveLength(1);
		});

		it('uninstalls through the Uninstall endpoint, leaving no node behind', async () => {
			await n8n.client.rest('DELETE', `/community-packages?name=${encodeURIComponent(PACKAGE_NAME)}`);
			expect(await listPackages()).toEqual([]);
			expect(await loadedNodeTypes()).toEqual([]);
			expect(existsSync(installedCopy())).toBe(false);
			// The saved workflow stays (n8n never deletes a user's workflow) but can no longer run.
			await clearRequestLog(sandbox);
			const run = await n8n.execute(workflowId);
			expect(run.code).not.toBe(0);
			expect(`${run.stdout}\n${run.stderr}`).toMatch(/Unrecognized node type|is not known|not installed/i);
			expect(await requestsTo(sandbox, 'GET', '/v2/clients')).toHaveLength(0);
		});

		it('does not bring the nodes back when n8n restarts', async () => {
			// n8n 1.123 leaves the entry in nodes/package.json after an uninstall (2.41 removes it); what
			// counts is that n8n's database no longer lists the package, so nothing is loaded or reinstalled.
			await server.stop();
			server = await startServer(server.port);
			await n8n.client.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
			expect(await listPackages()).toEqual([]);
			expect(await loadedNodeTypes()).toEqual([]);
			expect(existsSync(installedCopy())).toBe(false);
		});
	});
}
