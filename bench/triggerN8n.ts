/**
 * The trigger benchmark's n8n: the newest release the project installs (tools/n8n/install.ts), in
 * regular mode, with this package built, packed and installed as a community package, a credential
 * connected to an in-process sandbox, and two published workflows side by side: the Business
 * Banking Trigger → No Operation, and n8n's Webhook node → No Operation.
 */
import { randomUUID } from 'crypto';
import { writeFileSync } from 'fs';
import { join } from 'path';

import { webhookStore } from '../sandbox/modules/webhooks';
import { waitFor } from '../test/e2e/helpers/n8n';
import { connectedCredentialData, startE2eSandbox } from '../test/e2e/helpers/sandbox';
import type { TestSandbox } from '../test/helpers/sandbox';
import { N8nClient } from '../tools/n8n/api';
import { CREDENTIAL_TYPE, type Workflow } from '../tools/n8n/examples';
import { ensureN8n } from '../tools/n8n/install';
import { buildPackage, PACKAGE_NAME, packPackage } from '../tools/n8n/package';
import { DEFAULT_OWNER, runN8nCli, startN8nWithPackage, type RunningN8n } from '../tools/n8n/server';
import { processedHash, writeProcessedRow } from './processedRow';

export interface Execution {
	id: string;
	status: string;
	startedAt: string;
	stoppedAt: string | null;
}

export interface BenchN8n {
	n8n: RunningN8n;
	sandbox: TestSandbox;
	client: N8nClient;
	trigger: { workflowId: string; nodeId: string; url: string; secret: string };
	webhook: { workflowId: string; url: string };
	/** The workflow's executions that started at or after `sinceMs`. */
	executionsSince(workflowId: string, sinceMs: number): Promise<Execution[]>;
	/** Sets what the trigger node has remembered in n8n's processed-data store: `count` other event ids. */
	remember(count: number): void;
	stop(): Promise<void>;
}

const noOp = (x: number) => ({ id: randomUUID(), name: 'No Operation', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [x, 0] as [number, number], parameters: {} });
const line = (first: string) => ({ [first]: { main: [[{ node: 'No Operation', type: 'main', index: 0 }]] } });

function triggerWorkflow(credential: { id: string; name: string }, nodeId: string, webhookId: string): Workflow {
	const trigger = {
		id: nodeId,
		name: 'Business Banking Trigger',
		type: `${PACKAGE_NAME}.businessBankingTrigger`,
		typeVersion: 1,
		position: [0, 0] as [number, number],
		webhookId,
		parameters: { mode: 'subscription', events: ['v1/client-invoices'], options: {} },
		credentials: { [CREDENTIAL_TYPE]: credential },
	};
	return { id: randomUUID().replace(/-/g, '').slice(0, 16), name: 'bench: Business Banking Trigger', nodes: [trigger, noOp(220)], connections: line(trigger.name), settings: { executionOrder: 'v1' } };
}

function webhookWorkflow(path: string): Workflow {
	const webhook = {
		id: randomUUID(),
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0] as [number, number],
		webhookId: randomUUID(),
		parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
	};
	return { id: randomUUID().replace(/-/g, '').slice(0, 16), name: 'bench: n8n Webhook', nodes: [webhook, noOp(220)], connections: line(webhook.name), settings: { executionOrder: 'v1' } };
}

/** Settings of n8n's own to try (BENCH_N8N_ENV, JSON), e.g. its expression engine's pool size. */
function benchN8nEnv(): Record<string, string> {
	return JSON.parse(process.env.BENCH_N8N_ENV ?? '{}') as Record<string, string>;
}

export async function startBenchN8n(): Promise<BenchN8n> {
	const install = ensureN8n('newest');
	buildPackage();
	const n8n = await startN8nWithPackage({ install, tarball: packPackage(), folderPrefix: 'business-banking-bench-', env: { N8N_LOG_LEVEL: process.env.BENCH_N8N_LOG_LEVEL ?? 'warn', ...benchN8nEnv() } });
	const sandbox = await startE2eSandbox(n8n.url);
	const cli = async (args: string[]) => {
		const result = await runN8nCli(install, n8n.userFolder, args);
		if (result.code !== 0) throw new Error(`n8n ${args[0]} failed:\n${result.stdout}\n${result.stderr}`);
	};
	const file = (name: string, content: unknown) => {
		const path = join(n8n.userFolder, name);
		writeFileSync(path, JSON.stringify(content));
		return path;
	};
	const credential = { id: randomUUID().replace(/-/g, '').slice(0, 16), name: 'Business Banking (bench)' };
	await cli(['import:credentials', `--input=${file('credential.json', [{ ...credential, type: CREDENTIAL_TYPE, data: connectedCredentialData(sandbox, 'fr') }])}`]);
	const nodeId = randomUUID();
	const webhookId = randomUUID();
	const path = `bench-${randomUUID()}`;
	const triggerFlow = triggerWorkflow(credential, nodeId, webhookId);
	const webhookFlow = webhookWorkflow(path);
	for (const workflow of [triggerFlow, webhookFlow]) await cli(['import:workflow', `--input=${file('workflow.json', { ...workflow, active: false })}`]);

	const client = new N8nClient(n8n.url);
	await client.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
	await client.createApiKey('bench');
	for (const workflow of [triggerFlow, webhookFlow]) await client.publicApi('POST', `/workflows/${workflow.id}/activate`, {});
	const [subscription] = await waitFor('the trigger\'s subscription at the sandbox', async () => {
		const found = webhookStore(sandbox.ctx).subscriptions.all();
		return found.length > 0 ? found : undefined;
	});
	const webhookUrl = `${n8n.url}/webhook/${path}`;
	await waitFor('the Webhook node\'s URL', async () => ((await fetch(webhookUrl, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } })).status === 200 ? true : undefined));

	const database = join(n8n.userFolder, '.n8n', 'database.sqlite');
	return {
		n8n,
		sandbox,
		client,
		trigger: { workflowId: String(triggerFlow.id), nodeId, url: subscription.callback_url, secret: subscription.secret },
		webhook: { workflowId: String(webhookFlow.id), url: webhookUrl },
		async executionsSince(workflowId, sinceMs) {
			const found: Execution[] = [];
			let cursor: string | undefined;
			do {
				const page = await client.publicApi<{ data: Execution[]; nextCursor?: string | null }>('GET', `/executions?workflowId=${workflowId}&limit=250${cursor ? `&cursor=${cursor}` : ''}`);
				found.push(...page.data);
				cursor = page.nextCursor ?? undefined;
				// Newest first: stop at the first page that reaches back before `sinceMs`.
				if (page.data.some((execution) => Date.parse(execution.startedAt) < sinceMs)) break;
			} while (cursor);
			return found.filter((execution) => Date.parse(execution.startedAt) >= sinceMs);
		},
		remember(count) {
			writeProcessedRow(install, database, String(triggerFlow.id), nodeId, Array.from({ length: count }, () => processedHash(`production:${randomUUID()}`)));
		},
		async stop() {
			await sandbox.close();
			await n8n.stop();
		},
	};
}
