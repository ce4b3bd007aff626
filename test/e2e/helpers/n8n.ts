// The test files' handle on a real n8n: workflows saved and run as the editor does (n8n 2.x and later;
// 1.x through its CLI), its CLI for credentials, its APIs, plus the skip rule: a file skips, saying why,
// only when n8n could not be installed at all.
import { randomBytes } from 'crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { N8nClient, N8nHttpError } from '../../../tools/n8n/api';
import { CREDENTIAL_TYPE, type Workflow } from '../../../tools/n8n/examples';
import type { N8nInstall } from '../../../tools/n8n/install';
import { DEFAULT_OWNER, runN8nCli, type CliResult } from '../../../tools/n8n/server';
import { executionOutput, type ExecutionOutput } from './executionOutput';
import { runFromEditor, type EditorRun } from './manualRun';
import { readE2eState, type E2eState } from './state';

export type { ExecutionOutput } from './executionOutput';
export { waitFor } from './waitFor';

/** The triggers the editor's Execute workflow starts from, in the order they are picked. */
const EDITOR_TRIGGERS = ['n8n-nodes-base.manualTrigger', 'n8n-nodes-base.scheduleTrigger'];

/** `describe` that runs inside the suite's n8n, or is skipped with the reason printed. */
export function describeInN8n(title: string, body: (state: Required<Pick<E2eState, 'n8n'>> & E2eState) => void): void {
	const state = readE2eState();
	if (state.skipReason || !state.n8n) {
		const reason = state.skipReason ?? 'the global setup did not start n8n';
		process.stderr.write(`\n[e2e] SKIPPED "${title}": ${reason}\n`);
		describe.skip(`${title} (skipped: ${reason})`, () => {
			it('needs a real n8n', () => undefined);
		});
		return;
	}
	describe(title, () => body(state as Required<Pick<E2eState, 'n8n'>> & E2eState));
}

/** An installed release besides the newest: the previous 2.x minor, or the oldest supported (1.x). */
export type OlderRelease = 'previous' | 'oldest';

/** `describe` for checks on an older release: skipped, saying why, only when it could not be installed. */
export function describeWithRelease(release: OlderRelease, title: string, body: (install: N8nInstall, tarball: string, state: E2eState) => void): void {
	const state = readE2eState();
	const installed = release === 'oldest' ? state.n8n1 : state.previous;
	const installReason = release === 'oldest' ? state.n8n1SkipReason : state.previousSkipReason;
	const reason = installReason ?? (installed && state.tarball ? undefined : (state.skipReason ?? `the global setup did not install the ${release} n8n release`));
	if (reason || !installed || !state.tarball) {
		process.stderr.write(`\n[e2e] SKIPPED "${title}": ${reason}\n`);
		describe.skip(`${title} (skipped: ${reason})`, () => {
			it(`needs the ${release} n8n release`, () => undefined);
		});
		return;
	}
	const { tarball } = state;
	describe(title, () => body(installed.install, tarball, state));
}

/** n8n accepts ids of up to 16 (credentials) or 21 (workflows) alphanumerics. */
export function n8nId(): string {
	return randomBytes(12).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x').slice(0, 16);
}

/**
 * Parses `n8n execute --rawOutput`: log lines, then the run as indented JSON (its `{` and `}` alone on a
 * line), then, when the run failed, n8n's error lines.
 */
function parseRun(stdout: string): ExecutionOutput['raw'] | undefined {
	const start = stdout.search(/^\{$/m);
	const end = stdout.lastIndexOf('\n}');
	if (start < 0 || end < start) return undefined;
	try {
		return JSON.parse(stdout.slice(start, end + 2));
	} catch {
		return undefined;
	}
}

export class E2eN8n {
	readonly client: N8nClient;
	private readonly scratch = mkdtempSync(join(tmpdir(), 'business-banking-e2e-files-'));

	constructor(
		readonly install: N8nInstall,
		readonly userFolder: string,
		readonly url: string,
		apiKey?: string,
	) {
		this.client = new N8nClient(url);
		this.client.apiKey = apiKey;
	}

	static fromState(state: Required<Pick<E2eState, 'n8n'>>): E2eN8n {
		return new E2eN8n(state.n8n.install, state.n8n.userFolder, state.n8n.url, state.n8n.apiKey);
	}

	async cli(args: string[]): Promise<CliResult> {
		return await runN8nCli(this.install, this.userFolder, args);
	}

	private file(name: string, content: unknown): string {
		const path = join(this.scratch, `${Date.now()}-${name}`);
		writeFileSync(path, JSON.stringify(content, null, 2));
		return path;
	}

	/**
	 * Saves the workflow as the editor's import does (n8n 2.x and later: POST /rest/workflows, which keeps
	 * the id) or, on 1.x, through `n8n import:workflow`; returns its id. Inactive either way.
	 */
	async importWorkflow(workflow: Workflow): Promise<string> {
		const id = workflow.id ?? n8nId();
		if (this.install.major >= 2) {
			await this.loggedIn();
			// Tags are left out: templates name tags n8n does not have yet, which the editor's save refuses.
			const { name, nodes, connections, settings, pinData, meta } = workflow;
			await this.client.rest('POST', '/workflows', { id, name, nodes, connections, settings, pinData, meta });
			return id;
		}
		const result = await this.cli(['import:workflow', `--input=${this.file('workflow.json', { ...workflow, id, active: false })}`]);
		if (result.code !== 0) throw new Error(`import:workflow failed (${result.code}):\n${result.stdout}\n${result.stderr}`);
		return id;
	}

	/**
	 * Runs the workflow once, as a user does: on n8n 2.x and later from the editor (Execute workflow, from
	 * its manual or schedule trigger) until it finishes or waits for a person; on 1.x, or a workflow with
	 * neither trigger, through `n8n execute --id --rawOutput`. The exit code is 0 when the run succeeded
	 * or waits.
	 */
	async execute(workflowId: string): Promise<CliResult & { run?: ExecutionOutput }> {
		const trigger = this.install.major >= 2 ? await this.editorTrigger(workflowId) : undefined;
		if (trigger) {
			let run: EditorRun;
			try {
				run = await runFromEditor(this, workflowId, trigger);
			} catch (error) {
				// A run n8n refuses to start (a node type it does not know) is a failed run, as in the editor.
				if (error instanceof N8nHttpError && error.status === 400) return { code: 1, stdout: '', stderr: error.message };
				throw error;
			}
			const ok = run.status === 'success' || run.status === 'waiting';
			return { code: ok ? 0 : 1, stdout: `execution ${run.status}`, stderr: run.error ?? '', run };
		}
		const result = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput']);
		const raw = parseRun(result.stdout);
		return { ...result, run: raw && executionOutput(raw.data) };
	}

	/** Runs the workflow (see execute) and it must succeed: the run, or an error carrying what n8n said. */
	async executeOk(workflowId: string): Promise<ExecutionOutput> {
		const result = await this.execute(workflowId);
		if (result.code === 0 && result.run) return result.run;
		throw new Error(`running workflow ${workflowId} ended with ${result.code} and ${result.run ? 'a run' : 'no run printed'}:\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`);
	}

	/** The trigger the editor's Execute workflow would start the saved workflow from, if it has one. */
	private async editorTrigger(workflowId: string): Promise<string | undefined> {
		await this.loggedIn();
		const { nodes } = await this.client.rest<{ nodes: Array<{ name: string; type: string; disabled?: boolean }> }>('GET', `/workflows/${workflowId}`);
		for (const type of EDITOR_TRIGGERS) {
			const found = nodes.find((node) => node.type === type && !node.disabled);
			if (found) return found.name;
		}
		return undefined;
	}

	/** Every n8n here has the default owner (tools/n8n/server.ts); the public API reads the runs. */
	private async loggedIn(): Promise<void> {
		if (!this.client.cookie) await this.client.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
		if (!this.client.apiKey) await this.client.createApiKey(`e2e ${this.install.n8nVersion}`);
	}

	/** `n8n import:credentials` of one credential whose data is given in plain (n8n encrypts it); `id` replaces that one. */
	async importCredential(name: string, data: Record<string, unknown>, type = CREDENTIAL_TYPE, id = n8nId()): Promise<{ id: string; name: string }> {
		// n8n upserts by id: an existing id replaces that credential's data.
		const result = await this.cli(['import:credentials', `--input=${this.file('credentials.json', [{ id, name, type, data }])}`]);
		if (result.code !== 0) throw new Error(`import:credentials failed (${result.code}):\n${result.stdout}\n${result.stderr}`);
		return { id, name };
	}

	/** `n8n export:credentials --decrypted`: the credential's stored data, tokens included. */
	async exportCredential(id: string): Promise<Record<string, unknown> & { oauthTokenData?: Record<string, unknown> }> {
		const output = join(this.scratch, `export-${id}-${Date.now()}.json`);
		const result = await this.cli(['export:credentials', `--id=${id}`, '--decrypted', `--output=${output}`]);
		if (result.code !== 0) throw new Error(`export:credentials failed (${result.code}):\n${result.stdout}\n${result.stderr}`);
		const exported = JSON.parse(readFileSync(output, 'utf8')) as Array<{ id: string; data: Record<string, unknown> }>;
		const found = exported.find((credential) => credential.id === id);
		if (!found) throw new Error(`export:credentials did not export ${id}`);
		return found.data;
	}

	/** Executions of a workflow, newest first, with their data (public API). */
	async executions(workflowId: string): Promise<Array<{ id: string; status: string; mode: string; data?: ExecutionOutput['raw']['data'] }>> {
		const result = await this.client.publicApi<{ data: Array<{ id: string; status: string; mode: string; data?: ExecutionOutput['raw']['data'] }> }>(
			'GET',
			`/executions?workflowId=${workflowId}&includeData=true&limit=50`,
		);
		return result.data;
	}

	cleanup(): void {
		rmSync(this.scratch, { recursive: true, force: true });
	}
}
