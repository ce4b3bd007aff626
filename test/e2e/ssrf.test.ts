// n8n's SSRF protection (N8N_SSRF_PROTECTION_ENABLED, off by default in 2.40 and 2.41, planned on for
// 3.0) blocks loopback addresses, and so the local sandbox. What docs/n8n-versions.md tells users is
// shown here in a real n8n: with protection on, the node's call to the sandbox is refused before it
// leaves n8n; with the sandbox's addresses allowed (N8N_SSRF_ALLOWED_IP_RANGES), it runs.
import { runN8nCli } from '../../tools/n8n/server';
import type { TestSandbox } from '../helpers/sandbox';
import { describeInN8n, type E2eN8n } from './helpers/n8n';
import { startOwnN8n, type OwnN8n } from './helpers/ownN8n';
import { clearRequestLog, connectedCredentialData, requestsTo, startE2eSandbox } from './helpers/sandbox';
import { manualWorkflow } from './helpers/workflows';

jest.setTimeout(10 * 60_000);

describeInN8n("n8n's SSRF protection and the local sandbox", (state) => {
	let sandbox: TestSandbox;
	let own: OwnN8n | undefined;
	let n8n: E2eN8n;
	let workflowId: string;

	beforeAll(async () => {
		if (!state.tarball) throw new Error('the global setup packed no tarball');
		// Started once to set up its database and owner; the workflow runs through `n8n execute`,
		// which reads the SSRF settings from its own environment.
		own = await startOwnN8n(state.n8n.install, state.tarball, 'business-banking-e2e-ssrf-');
		n8n = own.n8n;
		sandbox = await startE2eSandbox(n8n.url);
		const credential = await n8n.importCredential('Business Banking (e2e SSRF)', connectedCredentialData(sandbox, 'fr'));
		workflowId = await n8n.importWorkflow(manualWorkflow('e2e SSRF: business accounts', { resource: 'bankAccount', operation: 'getMany' }, credential));
	});

	afterAll(async () => {
		await own?.stop();
		await sandbox?.close();
	});

	async function runListAccounts(env: NodeJS.ProcessEnv) {
		await clearRequestLog(sandbox);
		const result = await runN8nCli(state.n8n.install, n8n.userFolder, ['execute', `--id=${workflowId}`, '--rawOutput'], 180_000, env);
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
