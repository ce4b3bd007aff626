// `npm run dev -- --queue` on free ports and a throwaway user folder: main, the webhook process and both
// workers come up with the dev credential and examples, a production webhook call is queued by the
// webhook process and run by a worker, and Ctrl-C stops every process it started (Postgres and Redis too).
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import axios from 'axios';

import { N8nClient } from '../../tools/n8n/api';
import { DEV_CREDENTIAL_NAME } from '../../tools/n8n/dev-setup';
import { DEFAULT_OWNER, freePort } from '../../tools/n8n/server';
import { startDev, type DevRun } from './helpers/dev';
import { describeInN8n, waitFor } from './helpers/n8n';

jest.setTimeout(10 * 60_000);

/** Processes working in `folder` or naming it (every process the dev run started: n8n's, Postgres, Redis). */
function processesUnder(folder: string): string[] {
	return readdirSync('/proc')
		.filter((pid) => /^\d+$/.test(pid))
		.flatMap((pid) => {
			try {
				const cwd = readlinkSync(`/proc/${pid}/cwd`);
				const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
				return cwd.startsWith(folder) || command.includes(folder) ? [`${pid} ${command}`] : [];
			} catch {
				return []; // ended meanwhile
			}
		});
}

describeInN8n('npm run dev -- --queue', () => {
	let dev: DevRun;
	let userFolder: string;
	let n8nPort: number;

	beforeAll(async () => {
		userFolder = mkdtempSync(join(tmpdir(), 'business-banking-e2e-devq-'));
		n8nPort = await freePort();
		dev = await startDev(['--skip-build', '--queue'], { DEV_N8N_PORT: String(n8nPort), DEV_SANDBOX_PORT: String(await freePort()), DEV_N8N_USER_FOLDER: userFolder });
	});

	afterAll(async () => {
		if (dev?.child.pid && dev.exitCode() === undefined) process.kill(-dev.child.pid, 'SIGKILL');
		if (userFolder && !process.env.E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
	});

	it('main has the credential and examples; a production webhook call is queued by the webhook process and run by a worker', async () => {
		const webhookUrl = /webhook process (http:\/\/localhost:\d+)/.exec(dev.output())?.[1];
		expect(webhookUrl).toBeDefined();
		const client = new N8nClient(`http://localhost:${n8nPort}`);
		await client.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
		const credentials = await client.rest<Array<{ name: string }>>('GET', '/credentials');
		expect(credentials.map((credential) => credential.name)).toContain(DEV_CREDENTIAL_NAME);

		// A webhook workflow with no node of ours: only the topology is under test here.
		await client.createApiKey('dev queue');
		const path = `dev-queue-${Date.now()}`;
		const created = await client.rest<{ id: string }>('POST', '/workflows', {
			name: 'dev queue probe',
			nodes: [{ id: 'a1b2c3d4-0000-4000-8000-0000000000aa', name: 'Start', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: 'a1b2c3d4-0000-4000-8000-0000000000ab', parameters: { httpMethod: 'GET', path, responseMode: 'onReceived', options: {} } }],
			connections: {},
			settings: { executionOrder: 'v1' },
			active: false,
		});
		await client.publicApi('POST', `/workflows/${created.id}/activate`, {});
		const response = await waitFor('the probe webhook on the webhook process', async () => {
			const answer = await axios.get(`${webhookUrl}/webhook/${path}`, { validateStatus: () => true });
			return answer.status === 404 ? undefined : answer;
		});
		expect(response.status).toBe(200);
		const logs = () => ['webhook', 'worker-1', 'worker-2'].map((name) => readFileSync(join(userFolder, 'queue', name, 'n8n.log'), 'utf8'));
		await waitFor('a worker to run the execution', async () => (logs().slice(1).some((log) => /Worker finished execution \d+/.test(log)) ? true : undefined));
		expect(logs()[0]).toMatch(/Enqueued execution \d+/);
	});

	it('Ctrl-C stops every process it started', async () => {
		expect(processesUnder(userFolder).length).toBeGreaterThanOrEqual(5);
		process.kill(-(dev.child.pid as number), 'SIGINT');
		await waitFor('npm run dev -- --queue to exit', async () => (dev.exitCode() !== undefined ? true : undefined), 120_000);
		expect(dev.exitCode()).toBe(0);
		expect(processesUnder(userFolder)).toEqual([]);
	});
});
