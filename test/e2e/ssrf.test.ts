// n8n's SSRF protection (N8N_SSRF_PROTECTION_ENABLED, off by default in 2.40 and 2.41, planned on for
// 3.0) blocks loopback addresses, and so the local sandbox. What docs/n8n-versions.md tells users is
// shown here in a real n8n: with protection on, the node's call to the sandbox is refused before it
// leaves n8n; with the sandbox's addresses allowed (N8N_SSRF_ALLOWED_IP_RANGES), it runs.
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { installPackageIntoUserFolder } from '../../tools/n8n/package';
import { DEFAULT_OWNER, freePort, runN8nCli, startN8n, userFolderLog, type RunningN8n } from '../../tools/n8n/server';
import type { TestSandbox } from '../helpers/sandbox';
import { describeInN8n, E2eN8n } from './helpers/n8n';
import { clearRequestLog, connectedCredentialData, requestsTo, startE2eSandbox } from './helpers/sandbox';
import { manualWorkflow } from './helpers/workflows';

jest.setTimeout(10 * 60_000);

describeInN8n("n8n's SSRF protection and the local sandbox", (state) => {
	let sandbox: TestSandbox;
	let userFolder: string;
	let server: RunningN8n;
	let n8n: E2eN8n;
	let workflowId: string;

	beforeAll(async () => {
		userFolder = mkdtempSync(join(tmpdir(), 'business-banking-e2e-ssrf-'));
		if (!state.tarball) throw new Error('the global setup packed no tarball');
		installPackageIntoUserFolder(userFolder, state.tarball, state.n8n.install.env);
		// Started once to set up its database and owner; the workflow runs through `n8n execute`,
		// which reads the SSRF settings from its own environment.
		server = await startN8n({ install: state.n8n.install, userFolder, port: await freePort(), owner: DEFAULT_OWNER, logFile: userFolderLog(userFolder) });
		n8n = new E2eN8n(state.n8n.install, userFolder, server.url);
		sandbox = await startE2eSandbox(server.url);
		const credential = await n8n.importCredential('Business Banking (e2e SSRF)', connectedCredentialData(sandbox, 'fr'));
		workflowId = await n8n.importWorkflow(manualWorkflow('e2e SSRF: business accounts', { resource: 'bankAccount', operation: 'getMany' }, credential));
	});

	afterAll(async () => {
		await server?.stop();
		await sandbox?.close();
		n8n?.cleanup();
		if (userFolder && !process.env.E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
	});

	async function runListAccounts(env: NodeJS.ProcessEnv) {
		await clearRequestLog(sandbox);
		const result = await runN8nCli(state.n8n.install, userFolder, ['execute', `--id=${workflowId}`, '--rawOutput'], 180_000, env);
		return { output: `${result.stdout}\n${result.stderr}`, code: result.code, reached: await requestsTo(sandbox, 'GET', '/organization') };
	}

	it('with protection on, the call to the loopback sandbox is refused inside n8n and never reaches it', async () => {
		const { output, code, reached } = await runListAccounts({ N8N_SSRF_PROTECTION_ENABLED: 'true' });
		expect(code).not.toBe(0);
		expect(output).toMatch(/SSRF|blocked|not allowed/i);
		expect(reached).toHaveLength(0);
	});

	it('with the loopback range allowed (N8N_SSRF_ALLOWED_IP_RANGES), the same workflow runs', async () => {
		const { output, code, reached } = await runListAccounts({ N8N_SSRF_PROTECTION_ENABLED: 'true', N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.0/8,::1/128' });
		expect({ code, output: code === 0 ? '' : output }).toEqual({ code: 0, output: '' });
		expect(output).toContain('FR7630006000011234567890189');
		expect(reached).toHaveLength(1);
	});
});
