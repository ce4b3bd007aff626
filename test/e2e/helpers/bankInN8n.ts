// The set-up the template and example suites share: the suite's real n8n, a sandbox of their own
// whose webhook deliveries go to that n8n, and a credential connected to it; torn down after them.
import { DEFAULT_OWNER } from '../../../tools/n8n/server';
import type { TestSandbox } from '../../helpers/sandbox';
import { E2eN8n, type describeInN8n } from './n8n';
import { connectedCredentialData, startE2eSandbox } from './sandbox';

type SuiteState = Parameters<Parameters<typeof describeInN8n>[1]>[0];

export interface BankInN8n {
	n8n: E2eN8n;
	sandbox: TestSandbox;
	credential: { id: string; name: string };
}

/** Registers beforeAll/afterAll for the enclosing describe block; `ready` receives the parts once set up. */
export function useBankInN8n(state: SuiteState, credentialName: string, ready: (parts: BankInN8n) => void): void {
	let parts: Partial<BankInN8n> = {};
	beforeAll(async () => {
		const n8n = E2eN8n.fromState(state);
		parts = { n8n };
		const sandbox = await startE2eSandbox(n8n.url);
		parts.sandbox = sandbox;
		const credential = await n8n.importCredential(credentialName, connectedCredentialData(sandbox, 'fr'));
		await n8n.client.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
		ready({ n8n, sandbox, credential });
	});
	afterAll(async () => {
		await parts.sandbox?.close();
		parts.n8n?.cleanup();
	});
}
