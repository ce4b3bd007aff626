// `npm run dev` stopped and started again on the same user folder loses nothing: the sandbox keeps its
// state in <user folder>/sandbox.sqlite, n8n its own. After the restart the connected credential
// still works (its tokens survive) and the published trigger still receives events (its subscription
// is still at the sandbox, and n8n still serves the trigger's webhook).
import { randomUUID } from 'crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import axios from 'axios';

import { SEED } from '../../sandbox/core/seed';
import { ALL_SCOPES } from '../../nodes/shared/schemas/scopes';
import { DEV_CREDENTIAL_NAME } from '../../tools/n8n/dev-setup';
import { readExample, withCredential, type Workflow } from '../../tools/n8n/examples';
import { DEFAULT_OWNER, freePort } from '../../tools/n8n/server';
import { startDev, type DevRun } from './helpers/dev';
import { describeInN8n, E2eN8n, waitFor } from './helpers/n8n';

jest.setTimeout(15 * 60_000);

const CLIENT_ID = 'n8n-dev-client';

describeInN8n('npm run dev, stopped and started again', (state) => {
	let userFolder: string;
	let n8nPort: number;
	let sandboxPort: number;
	let dev: DevRun | undefined;
	let n8n: E2eN8n;
	let accessToken: string;
	let triggerWorkflowId: string;
	let accountsWorkflowId: string;
	let subscriptionId: string;

	const sandboxUrl = () => `http://127.0.0.1:${sandboxPort}`;
	const n8nUrl = () => `http://localhost:${n8nPort}`;

	/** `npm run dev` on this suite's ports and folder (the suite's global setup built dist/ already). */
	const startDevHere = () =>
		startDev(['--skip-build'], { DEV_N8N_PORT: String(n8nPort), DEV_SANDBOX_PORT: String(sandboxPort), DEV_N8N_USER_FOLDER: userFolder });

	async function stopDev(): Promise<void> {
		if (!dev) return;
		const running = dev;
		process.kill(-(running.child.pid as number), 'SIGINT');
		await waitFor('npm run dev to exit', async () => (running.exitCode() !== undefined ? true : undefined), 60_000);
		expect(running.exitCode()).toBe(0);
		dev = undefined;
	}

	/** Signs in on the sandbox's consent pages and exchanges the code: what "Connect my account" does. */
	async function connectAccount(): Promise<Record<string, unknown>> {
		const http = axios.create({ baseURL: sandboxUrl(), validateStatus: () => true, maxRedirects: 0 });
		const redirectUri = `${n8nUrl()}/rest/oauth2-credential/callback`;
		const form = (fields: Record<string, string>) => [new URLSearchParams(fields).toString(), { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }] as const;
		const page = await http.get('/oauth2/auth', { params: { client_id: CLIENT_ID, redirect_uri: redirectUri, response_type: 'code', scope: ALL_SCOPES.join(' '), state: 'e2e' } });
		const requestId = /name="request_id" value="([^"]+)"/.exec(page.data)?.[1];
		if (!requestId) throw new Error(`no consent page: ${page.status} ${String(page.data).slice(0, 200)}`);
		await http.post('/oauth2/auth/sign-in', ...form({ request_id: requestId, email: SEED.userEmail, password: SEED.userPassword }));
		const consent = await http.post('/oauth2/auth/consent', ...form({ request_id: requestId, organization_id: SEED.organizations.fr, decision: 'allow' }));
		const code = new URL(consent.headers.location as string).searchParams.get('code') as string;
		const token = await http.post('/oauth2/token', ...form({ grant_type: 'authorization_code', code, client_id: CLIENT_ID, client_secret: clientSecret(), redirect_uri: redirectUri }));
		expect(token.status).toBe(200);
		return token.data as Record<string, unknown>;
	}

	const clientSecret = () => readFileSync(join(userFolder, 'sandbox-client-secret'), 'utf8').trim();

	async function subscriptions(): Promise<Array<{ id: string; callback_url: string }>> {
		const response = await axios.get(`${sandboxUrl()}/v2/webhook_subscriptions`, { headers: { Authorization: `Bearer ${accessToken}` } });
		return response.data.webhook_subscriptions;
	}

	async function emitInvoiceEvent(): Promise<string> {
		const emitted = await axios.post(`${sandboxUrl()}/sandbox/events`, {
			organization_id: SEED.organizations.fr,
			type: 'v1/client-invoices',
			data: { id: randomUUID(), number: 'F-2026-0007', status: 'paid' },
		});
		return emitted.data.event.id as string;
	}

	async function loggedEventIds(count: number): Promise<string[]> {
		const runs = await waitFor(`${count} execution(s) of the trigger workflow`, async () => {
			const found = (await n8n.executions(triggerWorkflowId)).filter((execution) => execution.status === 'success');
			return found.length >= count ? found : undefined;
		});
		return runs.map((run) => run.data?.resultData.runData['Log line']?.[0]?.data?.main[0]?.[0]?.json.event_id as string);
	}

	/** A session on the dev n8n: login, and an API key for the public API. */
	async function openN8n(): Promise<E2eN8n> {
		const opened = new E2eN8n(state.n8n.install, userFolder, n8nUrl());
		await opened.client.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
		await opened.client.createApiKey();
		return opened;
	}

	beforeAll(async () => {
		userFolder = mkdtempSync(join(tmpdir(), 'business-banking-e2e-dev-restart-'));
		n8nPort = await freePort();
		sandboxPort = await freePort();
	});

	afterAll(async () => {
		if (dev?.child.pid && dev.exitCode() === undefined) process.kill(-dev.child.pid, 'SIGKILL');
		n8n?.cleanup();
		if (userFolder && !process.env.E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
	});

	it('first run: a connected credential, a published trigger that receives events', async () => {
		dev = await startDevHere();
		expect(dev.output()).toContain(join(userFolder, 'sandbox.sqlite'));
		n8n = await openN8n();

		expect(dev.output()).toContain(`"${DEV_CREDENTIAL_NAME}" (not connected yet: Credentials → open it → Connect my account)`);

		const tokens = await connectAccount();
		accessToken = tokens.access_token as string;
		const connectedData = {
			environment: 'custom',
			customBaseUrl: sandboxUrl(),
			customAuthServerUrl: sandboxUrl(),
			customRegisterUrl: sandboxUrl(),
			clientId: CLIENT_ID,
			clientSecret: clientSecret(),
		};
		const credential = await n8n.importCredential('Business Banking (connected, e2e restart)', { ...connectedData, oauthTokenData: tokens });
		// The dev credential connected too, as Connect my account would leave it: the next banner must say so.
		const devCredential = (await n8n.client.rest<Array<{ id: string; name: string }>>('GET', '/credentials')).find((found) => found.name === DEV_CREDENTIAL_NAME);
		if (!devCredential) throw new Error('npm run dev made no dev credential');
		await n8n.importCredential(DEV_CREDENTIAL_NAME, { ...connectedData, oauthTokenData: await connectAccount() }, undefined, devCredential.id);

		const trigger = withCredential(readExample('events-to-log.json'), credential);
		trigger.nodes = trigger.nodes.map((node) => (node.webhookId ? { ...node, webhookId: randomUUID() } : node));
		triggerWorkflowId = await n8n.importWorkflow({ ...trigger, name: 'e2e restart: events' });
		accountsWorkflowId = await n8n.importWorkflow(accountsWorkflow(credential));

		await n8n.client.publicApi('POST', `/workflows/${triggerWorkflowId}/activate`, {});
		const [subscription] = await waitFor('the subscription at the sandbox', async () => {
			const found = await subscriptions();
			return found.length > 0 ? found : undefined;
		});
		subscriptionId = subscription.id;

		const eventId = await emitInvoiceEvent();
		expect(await loggedEventIds(1)).toEqual([eventId]);
		const run = await n8n.execute(accountsWorkflowId);
		expect(run.run?.items('Business accounts').map((account) => account.iban)).toContain('FR7630006000011234567890189');
	});

	it('after Ctrl-C and npm run dev again: the credential still works and the trigger still receives events', async () => {
		if (!subscriptionId) throw new Error('the first run did not finish');
		await stopDev();
		expect(existsSync(join(userFolder, 'sandbox.sqlite'))).toBe(true);

		dev = await startDevHere();
		n8n = await openN8n();
		// The banner says what is true: the dev credential is connected, nothing to click.
		expect(dev.output()).toContain(`"${DEV_CREDENTIAL_NAME}" (connected: ready to run; reconnect only if a run says so)`);
		expect(dev.output()).not.toContain('Connect my account');

		// n8n 2.40 keeps the published trigger's webhook across its restart (its default publication
		// service does not run the registration again); the sandbox kept the subscription: nothing to redo.
		expect((await subscriptions()).map((subscription) => subscription.id)).toEqual([subscriptionId]);

		// The credential's tokens survived: a workflow run with it succeeds.
		const run = await n8n.execute(accountsWorkflowId);
		expect(run.code).toBe(0);
		expect(run.run?.items('Business accounts').map((account) => account.iban)).toContain('FR7630006000011234567890189');

		// An event emitted now starts an execution.
		const before = await loggedEventIds(1);
		const eventId = await emitInvoiceEvent();
		const after = await loggedEventIds(before.length + 1);
		expect(after).toContain(eventId);

		// Two hours later the access token has expired: n8n refreshes with the refresh token the sandbox kept.
		// (Last: deliveries signed on the moved clock would fall outside the trigger's 5-minute window.)
		await axios.post(`${sandboxUrl()}/sandbox/clock/advance`, { seconds: 2 * 3600 });
		const refreshedRun = await n8n.execute(accountsWorkflowId);
		expect(refreshedRun.code).toBe(0);
		expect(refreshedRun.run?.items('Business accounts')).not.toHaveLength(0);
		const refreshes = await axios.get(`${sandboxUrl()}/sandbox/requests`, { params: { method: 'POST', path: '/oauth2/token' } });
		expect(refreshes.data.requests.filter((request: { body: { grant_type?: string } }) => request.body.grant_type === 'refresh_token').map((request: { status: number }) => request.status)).toEqual([200]);

		await stopDev();
	});
});

/** Manual trigger → Business Banking (Business Account: Get Many), with the given credential. */
function accountsWorkflow(credential: { id: string; name: string }): Workflow {
	return {
		name: 'e2e restart: business accounts',
		nodes: [
			{ id: randomUUID(), name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: randomUUID(),
				name: 'Business accounts',
				type: 'n8n-nodes-business-banking.businessBanking',
				typeVersion: 1,
				position: [220, 0],
				parameters: { resource: 'bankAccount', operation: 'getMany' },
				credentials: { businessBankingOAuth2Api: credential },
			},
		],
		connections: { Start: { main: [[{ node: 'Business accounts', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	} as Workflow;
}
