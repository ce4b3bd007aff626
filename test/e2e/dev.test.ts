// `npm run dev` itself, on free ports and a throwaway user folder: it prints where to go, n8n has the
// owner, the sandbox credential and the examples, the credential connects, and Ctrl-C stops both servers.
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { createConnection } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';

import { SEED } from '../../sandbox/core/seed';
import { buildSandbox } from '../../sandbox/server';
import { N8nClient } from '../../tools/n8n/api';
import { DEV_CREDENTIAL_NAME } from '../../tools/n8n/dev-setup';
import { exampleFiles, readExample } from '../../tools/n8n/examples';
import { DEFAULT_OWNER, freePort } from '../../tools/n8n/server';
import { connectThroughBrowser } from './helpers/browser';
import { startDev, type DevRun } from './helpers/dev';
import { describeInN8n, waitFor } from './helpers/n8n';

jest.setTimeout(10 * 60_000);

async function listening(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const socket = createConnection({ port, host: '127.0.0.1' });
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
}

describeInN8n('npm run dev', (state) => {
	let dev: DevRun;
	let output = '';
	let userFolder: string;
	let n8nPort: number;
	let sandboxPort: number;

	beforeAll(async () => {
		userFolder = mkdtempSync(join(tmpdir(), 'business-banking-e2e-dev-'));
		n8nPort = await freePort();
		sandboxPort = await freePort();
		// As a user types it. The suite's global setup built dist/ already. An empty npm user config:
		// this machine's ~/.npmrc carries a key (nodedir) that npm 11 itself warns about on every call.
		const npmrc = join(userFolder, 'empty-npmrc');
		writeFileSync(npmrc, '');
		dev = await startDev(
			['--skip-build'],
			{ npm_config_userconfig: npmrc, DEV_N8N_PORT: String(n8nPort), DEV_SANDBOX_PORT: String(sandboxPort), DEV_N8N_USER_FOLDER: userFolder },
			{ asTyped: true },
		);
		output = dev.output();
	});

	afterAll(async () => {
		if (dev?.child.pid && dev.exitCode() === undefined) process.kill(-dev.child.pid, 'SIGKILL');
		if (userFolder && !process.env.E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
	});

	it('prints where n8n is, how to sign in, and the sandbox client id and secret', () => {
		expect(output).toContain(`http://localhost:${n8nPort}`);
		expect(output).toContain(`${DEFAULT_OWNER.email} / ${DEFAULT_OWNER.password}`);
		expect(output).toMatch(/OAuth client id:\s+n8n-dev-client/);
		expect(output).toMatch(/OAuth client secret:\s+\S{16,}/);
		expect(output).toContain(`http://localhost:${n8nPort}/rest/oauth2-credential/callback`);
	});

	it('prints no npm warning and lists every sandbox control', async () => {
		expect(output.split('\n').filter((line) => /npm warn/i.test(line))).toEqual([]);
		const { app, controls } = await buildSandbox({ quiet: true });
		await app.close();
		expect(controls.length).toBeGreaterThan(15);
		for (const control of controls) expect(output).toContain(`${control.method} ${control.url}`);
	});

	it('sets up the owner, the sandbox credential and the examples, and the credential connects', async () => {
		const client = new N8nClient(`http://localhost:${n8nPort}`);
		await client.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
		const credentials = await client.rest<Array<{ id: string; name: string; type: string }>>('GET', '/credentials');
		const credential = credentials.find((entry) => entry.name === DEV_CREDENTIAL_NAME);
		expect(credential?.type).toBe('businessBankingOAuth2Api');
		const workflows = await client.rest<Array<{ name: string }>>('GET', '/workflows');
		expect(workflows.map((workflow) => workflow.name).sort()).toEqual(exampleFiles().map((file) => readExample(file).name).sort());

		// Not a silent pass: without Chromium the connect step did not run (.ci/debian-packages installs it).
		if (state.browserSkipReason) throw new Error(`connecting the dev credential needs a browser: ${state.browserSkipReason}`);
		const result = await connectThroughBrowser({
			chromiumPath: state.chromiumPath as string,
			n8nUrl: `http://localhost:${n8nPort}`,
			owner: DEFAULT_OWNER,
			credentialId: credential?.id as string,
			email: SEED.userEmail,
			password: SEED.userPassword,
			organizationId: SEED.organizations.fr,
		});
		expect(result.authUrl.startsWith(`http://localhost:${sandboxPort}/oauth2/auth?`) || result.authUrl.startsWith(`http://127.0.0.1:${sandboxPort}/oauth2/auth?`)).toBe(true);
		expect(new URL(result.finalUrl).pathname).toBe('/rest/oauth2-credential/callback');
		const tokenRequests = await fetch(`http://127.0.0.1:${sandboxPort}/sandbox/requests?method=POST&path=/oauth2/token`);
		const { requests } = (await tokenRequests.json()) as { requests: Array<{ status: number; body: { client_id: string } }> };
		expect(requests.map((request) => [request.body.client_id, request.status])).toEqual([['n8n-dev-client', 200]]);
	});

	it('Ctrl-C stops n8n and the sandbox', async () => {
		process.kill(-(dev.child.pid as number), 'SIGINT');
		await waitFor('npm run dev to exit', async () => (dev.exitCode() !== undefined ? true : undefined), 60_000);
		// npm waits for the script to stop, then ends itself by the same signal, as a shell expects.
		expect(dev.exitCode() === 0 || dev.exitSignal() === 'SIGINT').toBe(true);
		expect(await listening(n8nPort)).toBe(false);
		expect(await listening(sandboxPort)).toBe(false);
	});
});
