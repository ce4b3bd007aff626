// The package installed the way users install it: n8n's own installer (Settings → Community nodes, the
// endpoints its Install, Update and Uninstall buttons call) takes it from an npm registry, here a local
// verdaccio with the packed package published to it. Then a connected credential and a saved workflow
// run; the next patch version is published, reported and installed in place; the same workflow and
// credential run again; uninstalling leaves no node behind. On every n8n release the suite installed.
// How that n8n takes packages from a local registry: helpers/installerN8n.ts.
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';

import type { N8nInstall } from '../../tools/n8n/install';
import { PACKAGE_NAME } from '../../tools/n8n/package';
import type { TestSandbox } from '../helpers/sandbox';
import { InstallerN8n } from './helpers/installerN8n';
import type { E2eN8n } from './helpers/n8n';
import { clearRequestLog, connectedCredentialData, requestsTo, startE2eSandbox } from './helpers/sandbox';
import { readE2eState } from './helpers/state';
import { BUSINESS_BANKING_NODE, BUSINESS_BANKING_TRIGGER, manualWorkflow } from './helpers/workflows';

jest.setTimeout(10 * 60_000);

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
		let installer: InstallerN8n;
		let n8n: E2eN8n;
		let sandbox: TestSandbox;
		let workflowId: string;
		const nodesDir = () => installer.nodesDir();
		const installedCopy = () => installer.installedCopy();
		const listPackages = () => installer.listPackages();
		const loadedNodeTypes = () => installer.loadedNodeTypes();

		beforeAll(async () => {
			installer = await InstallerN8n.start(install);
			installer.registry.publish(tarball);
			n8n = installer.n8n;
			sandbox = await startE2eSandbox(installer.server.url);
		}, 10 * 60_000);

		afterAll(async () => {
			await sandbox?.close();
			await installer?.stop();
		});

		it(`installs ${PUBLISHED} from the registry through the Install endpoint, as n8n installs it for users`, async () => {
			expect(await loadedNodeTypes()).toEqual([]);
			const startedAt = Date.now();
			const installed = await installer.installPackage();
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
			installer.registry.publish(tarball, NEXT_PATCH);
			const listed = (await listPackages()).find((entry) => entry.packageName === PACKAGE_NAME);
			expect(listed).toMatchObject({ installedVersion: PUBLISHED, updateAvailable: NEXT_PATCH });
		});

		it('updates in place through the Update endpoint', async () => {
			const startedAt = Date.now();
			const updated = await installer.updatePackage();
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
			await installer.restart();
			expect(await listPackages()).toEqual([]);
			expect(await loadedNodeTypes()).toEqual([]);
			expect(existsSync(installedCopy())).toBe(false);
		});
	});
}
