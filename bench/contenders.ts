import { existsSync } from 'fs';
import { join } from 'path';
import { performance } from 'perf_hooks';

import type { IDataObject, INodeParameters, INodeType, IVersionedNodeType } from 'n8n-workflow';

import { CACHE_ROOT, RELEASES } from '../tools/n8n/versions';
import { CREDENTIAL_ID, CREDENTIAL_NAME, credentialAt } from '../test/helpers/engine/connectedCredential';
import { CredentialStore } from '../test/helpers/engine/credentialStore';
import { ITEMS_NODE_TYPE, NODE_TYPE, registerNodeType } from '../test/helpers/engine/nodeTypes';
import { runWorkflow } from '../test/helpers/engine/runWorkflow';
import { FR_IBAN, frCompanyClient } from '../test/helpers/fixtures';
import { createParameters } from '../test/node/invoiceFixtures';
import type { RemoteSandbox } from './remoteSandbox';

/** What one timed run gave: wall time, the n8n process's CPU, and what the sandbox answered. */
export interface Timing {
	ms: number;
	cpuMs: number;
	requests: number;
	/** Answers by HTTP status (from the sandbox's log). */
	statuses: Record<string, number>;
	/** Items that came out as errors (Continue On Fail) or were missing. */
	failedItems: number;
}

const HTTP_REQUEST_TYPE = 'n8n-nodes-base.httpRequest';

/** The HTTP Request node of the real n8n the project installs (tools/n8n/install.ts), if it is installed (BENCH_N8N_NODES_BASE: another n8n-nodes-base folder). */
export function loadHttpRequestNode(): { version: number; packageVersion: string } | undefined {
	const base = process.env.BENCH_N8N_NODES_BASE ?? join(CACHE_ROOT, `n8n-${RELEASES.newest.n8nVersion}`, 'node_modules', 'n8n-nodes-base');
	const file = join(base, 'dist', 'nodes', 'HttpRequest', 'HttpRequest.node.js');
	if (!existsSync(file)) return undefined;
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { HttpRequest } = require(file) as { HttpRequest: new () => IVersionedNodeType };
	const node = new HttpRequest();
	registerNodeType(HTTP_REQUEST_TYPE, node as unknown as INodeType);
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const packageVersion = (require(join(base, 'package.json')) as { version: string }).version;
	return { version: node.description.defaultVersion ?? 1, packageVersion };
}

/** A credential connected to the remote sandbox with a fresh token (a fresh rate-limit window there). */
export async function freshCredential(sandbox: RemoteSandbox): Promise<CredentialStore> {
	return new CredentialStore(credentialAt(sandbox.url, await sandbox.call<object>({ kind: 'mint' })));
}

export async function createBenchClient(sandbox: RemoteSandbox): Promise<string> {
	const tokens = await sandbox.call<{ access_token: string }>({ kind: 'mint' });
	const response = await fetch(`${sandbox.url}/v2/clients`, {
		method: 'POST',
		headers: { Authorization: `Bearer ${tokens.access_token}`, 'Content-Type': 'application/json' },
		body: JSON.stringify({ client: { ...frCompanyClient, name: `Bench ${Date.now()}` } }),
	});
	return ((await response.json()) as { client: { id: string } }).client.id;
}

let batch = 0;

/** Input rows for invoice creations: a number and the lines of each, as a spreadsheet would give them. */
export function invoiceRows(count: number): Array<{ number: string; lines: IDataObject[] }> {
	const prefix = `BENCH-${++batch}-${Date.now().toString(36)}`;
	return Array.from({ length: count }, (_, index) => ({
		number: `${prefix}-${index}`,
		lines: [{ title: `Line ${index}`, quantity: '2', unit_price: '19.99', vat_rate: '0.2' }],
	}));
}

/** The API body the node builds from a row, for the contenders that are handed the body. */
export function invoiceBody(clientId: string, row: { number: string; lines: IDataObject[] }): IDataObject {
	return {
		client_id: clientId,
		issue_date: '2026-03-01',
		due_date: '2026-03-31',
		currency: 'EUR',
		payment_methods: { iban: FR_IBAN },
		status: 'draft',
		number: row.number,
		items: row.lines.map((line) => ({ ...line, unit_price: { value: line.unit_price, currency: 'EUR' } })),
	};
}

/** Business Banking › Client Invoice › Create, from Items (JSON) rows: what a user of this node sets up. */
export function oursCreateParameters(clientId: string, options: INodeParameters = {}): INodeParameters {
	return createParameters(clientId, {
		status: 'draft',
		itemsInput: 'json',
		itemsJson: '={{ $json.lines }}',
		additionalFields: { number: '={{ $json.number }}' },
		options,
	}) as INodeParameters;
}

/**
 * HTTP Request › POST {base}/v2/client_invoices with the same credential (Predefined Credential
 * Type), the body from an expression, On Error › Continue so that a 429 shows as a failed item.
 * `batching` as its Options › Batching would be set to stay within a rate limit.
 */
export function httpRequestParameters(url: string, batching?: { batchSize: number; batchInterval: number }): INodeParameters {
	return {
		method: 'POST',
		url: `${url}/v2/client_invoices`,
		authentication: 'predefinedCredentialType',
		nodeCredentialType: 'businessBankingOAuth2Api',
		sendBody: true,
		specifyBody: 'json',
		jsonBody: '={{ JSON.stringify({ client_invoice: $json.body }) }}',
		options: batching ? { batching: { batch: batching } } : {},
	};
}

/** Runs one node (after an Items node) in n8n-core's engine, timed, with the sandbox's view of it. */
export async function timeNode(
	sandbox: RemoteSandbox,
	node: { type: string; typeVersion: number; parameters: INodeParameters },
	items: IDataObject[],
	countPath: { method: string; path: string },
	workflowId?: string,
): Promise<Timing> {
	const credential = await freshCredential(sandbox);
	const afterSeq = await sandbox.call<number>({ kind: 'lastSeq' });
	const name = 'Node under test';
	const workflow = {
		...(workflowId ? { id: workflowId } : {}),
		nodes: [
			{ id: 'items', name: 'Items', type: ITEMS_NODE_TYPE, typeVersion: 1, position: [0, 0] as [number, number], parameters: { items: JSON.stringify(items) } },
			{
				id: 'node',
				name,
				...node,
				position: [200, 0] as [number, number],
				credentials: { businessBankingOAuth2Api: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
				onError: 'continueRegularOutput' as const,
			},
		],
		connections: { Items: { main: [[{ node: name, type: 'main' as const, index: 0 }]] } },
	};
	const cpuBefore = process.cpuUsage();
	const start = performance.now();
	const { outputs, error } = await runWorkflow(workflow, { credentials: new Map([[CREDENTIAL_ID, credential]]) });
	const ms = performance.now() - start;
	const cpu = process.cpuUsage(cpuBefore);
	if (error) throw new Error(`${node.type} failed: ${error.message}`);
	const output = outputs[name] ?? [];
	const failedItems = items.length - output.filter((item) => !(item.json as { error?: unknown }).error).length;
	const statuses = await sandbox.call<Record<string, number>>({ kind: 'statuses', ...countPath, afterSeq });
	const requests = Object.values(statuses).reduce((sum, count) => sum + count, 0);
	return { ms, cpuMs: (cpu.user + cpu.system) / 1000, requests, statuses, failedItems };
}

export { HTTP_REQUEST_TYPE, NODE_TYPE };
