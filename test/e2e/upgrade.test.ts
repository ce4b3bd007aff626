// The saved-workflow contract across an upgrade, in a real n8n (docs/saved-workflows.md): the 1.0.0
// package, built from its release commit, is installed through n8n's community installer; golden
// workflows of 1.0 are saved through n8n's REST API and run; then the current package is installed
// over it through n8n's Update (PATCH /rest/community-packages) and the same saved workflows run
// again: the same requests and the same output items (issued ids, times and links named, as in the
// golden test). Then the same workflows as saved at node version 2 (the 1.1 golden set) send those
// requests too. On the newest n8n the suite installed.
import { createHash } from 'crypto';
import { readdirSync, readFileSync, statSync } from 'fs';
import { join } from 'path';
import type { INodeExecutionData, IWorkflowBase } from 'n8n-workflow';

import type { Workflow } from '../../tools/n8n/examples';
import { PACKAGE_NAME, packPackageAt, REPO_ROOT } from '../../tools/n8n/package';
import { releaseOf } from '../../tools/release/releases';
import { comparableRun } from '../golden/comparableRun';
import { PARTNER_FIELDS } from '../golden/goldenCredential';
import type { TestSandbox } from '../helpers/sandbox';
import { InstallerN8n } from './helpers/installerN8n';
import { saveAsEditorDoes } from './helpers/templateImport';
import { runFromEditor } from './helpers/manualRun';
import { connectedCredentialData, startE2eSandbox } from './helpers/sandbox';
import { readE2eState } from './helpers/state';

jest.setTimeout(15 * 60_000);

const RELEASE_1_0_0 = releaseOf('1.0.0').commit;
/** The current package as the registry offers it over 1.0.0: its own version. */
const CURRENT_AS: string = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version;

const GOLDEN_1_0 = join(__dirname, '..', 'golden', '1.0', 'workflows');
/** The same workflows saved at node version 2: they send 1.0's requests (docs/saved-workflows.md). */
const GOLDEN_1_1 = join(__dirname, '..', 'golden', '1.1', 'workflows');
/**
 * The 1.0 operations' own fixtures (each ends in success), but those that need what a real n8n does
 * not have here: a file in ~/.n8n-files (Upload) and the seeded webhook subscription (Get).
 */
const FIXTURES = readdirSync(GOLDEN_1_0)
	.filter((file) => file.split('.').length === 3)
	.filter((file) => !['clientInvoice.upload.json', 'webhookSubscription.get.json'].includes(file))
	.sort();
const TRIGGER_NAME = 'When clicking ‘Execute workflow’';

const state = readE2eState();
const install = state.n8n?.install;
const seconds = (startedAt: number) => Math.round((Date.now() - startedAt) / 100) / 10;

/** A hash of every file of the installed package, to tell one installed build from another. */
function treeHash(dir: string): string {
	const hash = createHash('sha256');
	const walk = (path: string): void => {
		for (const name of readdirSync(path).sort()) {
			const child = join(path, name);
			if (statSync(child).isDirectory()) walk(child);
			else hash.update(`${child.slice(dir.length)}\n`).update(readFileSync(child));
		}
	};
	walk(dir);
	return hash.digest('hex');
}

/** A run's record with each business account's balance named: version 2 outputs it as a decimal string, version 1 as a number. */
const withBalanceNamed = (run: unknown) => JSON.parse(JSON.stringify(run, (key, value) => (key === 'balance' && value !== null ? '<balance>' : value)));

if (!install || !state.tarball) {
	const reason = state.skipReason ?? 'the global setup installed no n8n';
	process.stderr.write(`\n[e2e] SKIPPED "upgrade from 1.0.0": ${reason}\n`);
	describe.skip(`upgrade from 1.0.0 (skipped: ${reason})`, () => it('needs a real n8n', () => undefined));
} else {
	const currentTarball = state.tarball;

	describe(`n8n ${install.n8nVersion}: a workflow saved with 1.0.0 runs the same after n8n's update to the current package`, () => {
		let installer: InstallerN8n;
		let sandbox: TestSandbox;
		let credential: { id: string; name: string };
		const saved = new Map<string, { id: string; workflow: IWorkflowBase }>();
		const before = new Map<string, unknown>();
		let installed1_0_0 = '';

		/** Saves a golden workflow through n8n's REST API, which must keep its parameters as the file has them. */
		async function save(path: string): Promise<{ id: string; workflow: IWorkflowBase }> {
			const fixture = JSON.parse(readFileSync(path, 'utf8')) as Workflow;
			const nodes = fixture.nodes.map((node) => (node.credentials ? { ...node, credentials: { businessBankingOAuth2Api: credential } } : node));
			const id = await saveAsEditorDoes(installer.n8n.client, { ...fixture, nodes });
			const stored = await installer.n8n.client.rest<IWorkflowBase>('GET', `/workflows/${id}`);
			expect(Object.fromEntries(stored.nodes.map((node) => [node.name, node.parameters]))).toEqual(Object.fromEntries(fixture.nodes.map((node) => [node.name, node.parameters])));
			return { id, workflow: stored };
		}

		/** Runs a saved workflow from the editor's endpoint: its record as the golden set keeps it. */
		async function run(file: string, { id, workflow } = saved.get(file)!): Promise<unknown> {
			sandbox.ctx.requests.clear();
			const result = await runFromEditor(installer.n8n, id, TRIGGER_NAME);
			const outputs: Record<string, INodeExecutionData[]> = Object.fromEntries(workflow.nodes.map((node) => [node.name, result.items(node.name).map((json) => ({ json }) as INodeExecutionData)]));
			const outcome = result.status === 'success' ? 'ok' : `${result.status}: ${result.error}`;
			return comparableRun({ workflow, outcome, requests: sandbox.ctx.requests.all(), outputs, bankAddress: sandbox.url });
		}

		/** The sandbox back to its seed and the credential connected to it again: each phase starts from the same state. */
		async function freshBank(): Promise<void> {
			sandbox.reset();
			credential = await installer.n8n.importCredential('Business Banking (upgrade e2e)', { ...connectedCredentialData(sandbox, 'fr'), ...PARTNER_FIELDS }, undefined, credential?.id);
		}

		beforeAll(async () => {
			const startedAt = Date.now();
			const released = packPackageAt(RELEASE_1_0_0);
			installer = await InstallerN8n.start(install);
			installer.registry.publish(released);
			sandbox = await startE2eSandbox(installer.server.url);
			installer.n8n.client.apiKey = await installer.n8n.client.createApiKey('upgrade e2e');
			process.stderr.write(`\n[e2e] n8n ${install.n8nVersion}: 1.0.0 packed from ${RELEASE_1_0_0.slice(0, 7)}, registry and n8n up in ${seconds(startedAt)} s\n`);
		}, 15 * 60_000);

		afterAll(async () => {
			await sandbox?.close();
			await installer?.stop();
		});

		it('installs 1.0.0 through the community installer', async () => {
			const installed = await installer.installPackage();
			expect(installed).toMatchObject({ packageName: PACKAGE_NAME, installedVersion: '1.0.0' });
			expect(await installer.loadedNodeTypes()).toEqual(['businessBanking', 'businessBankingTrigger']);
			installed1_0_0 = treeHash(installer.installedCopy());
		});

		it(`saves ${FIXTURES.length} golden workflows of 1.0 through n8n's REST API, which keeps their parameters as saved`, async () => {
			await freshBank();
			for (const file of FIXTURES) saved.set(file, await save(join(GOLDEN_1_0, file)));
		});

		it('runs each saved workflow with 1.0.0 to success', async () => {
			const startedAt = Date.now();
			for (const file of FIXTURES) before.set(file, await run(file));
			process.stderr.write(`\n[e2e] n8n ${install.n8nVersion}: ${FIXTURES.length} saved workflows ran with 1.0.0 in ${seconds(startedAt)} s\n`);
			const failed = FIXTURES.filter((file) => (before.get(file) as { outcome: string }).outcome !== 'ok').map((file) => `${file}: ${(before.get(file) as { outcome: string }).outcome}`);
			expect(failed).toEqual([]);
		});

		it(`updates to the current package (published as ${CURRENT_AS}) through n8n's Update`, async () => {
			installer.registry.publish(currentTarball, CURRENT_AS);
			expect((await installer.listPackages()).find((entry) => entry.packageName === PACKAGE_NAME)).toMatchObject({ installedVersion: '1.0.0', updateAvailable: CURRENT_AS });
			const updated = await installer.updatePackage();
			expect(updated).toMatchObject({ packageName: PACKAGE_NAME, installedVersion: CURRENT_AS });
			// The installed files are the current build, not 1.0.0's; a restart makes sure n8n runs them.
			expect(treeHash(installer.installedCopy())).not.toBe(installed1_0_0);
			await installer.restart();
			expect(await installer.loadedNodeTypes()).toEqual(['businessBanking', 'businessBankingTrigger']);
		});

		it('runs the same saved workflows with the current package: the same requests and the same output items', async () => {
			await freshBank();
			const startedAt = Date.now();
			for (const file of FIXTURES) expect({ file, run: await run(file) }).toEqual({ file, run: before.get(file) });
			process.stderr.write(`\n[e2e] n8n ${install.n8nVersion}: the same ${FIXTURES.length} workflows ran with the current package in ${seconds(startedAt)} s\n`);
		});

		it('runs the same workflows saved at node version 2 (golden 1.1): 1.0.0\'s requests and output items, a balance a decimal string', async () => {
			await freshBank();
			const startedAt = Date.now();
			for (const file of FIXTURES) {
				const version2 = await run(file, await save(join(GOLDEN_1_1, file)));
				expect({ file, run: withBalanceNamed(version2) }).toEqual({ file, run: withBalanceNamed(before.get(file)) });
			}
			process.stderr.write(`\n[e2e] n8n ${install.n8nVersion}: the ${FIXTURES.length} workflows at node version 2 ran in ${seconds(startedAt)} s\n`);
		});
	});
}
