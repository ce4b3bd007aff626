// This node's tools behind n8n's MCP Server Trigger, called by an MCP client over Streamable HTTP on
// loopback (initialize, tools/list, tools/call). n8n's human review does not exist there, so the
// node's own gate is the only control: the author's leave, the per-call limit and the allow-list
// hold, and a per-execution total, which nothing could count from one MCP call to the next,
// refuses instead of starting again from 0. What is asserted is what reached the sandbox and the
// tool result's text, which is what the MCP client's model reads.
import { randomUUID } from 'crypto';

import { SEED } from '../../sandbox/core/seed';
import { beneficiaryId } from '../../sandbox/modules/beneficiaries/store';
import { externalTransfers } from '../../sandbox/modules/transfers/store';
import type { TestSandbox } from '../helpers/sandbox';
import { toolName } from './helpers/agentWorkflow';
import { McpClient } from './helpers/mcpClient';
import { describeInN8n, E2eN8n, waitFor } from './helpers/n8n';
import { clearRequestLog, connectedCredentialData, requestsTo, startE2eSandbox } from './helpers/sandbox';
import { DEBIT_IBAN, transferToolParameters } from './helpers/transferTool';
import { BUSINESS_BANKING_TOOL } from './helpers/workflows';

jest.setTimeout(10 * 60_000);

const SUPPLIER = beneficiaryId('fr', 'supplier');
const PARTNER = beneficiaryId('fr', 'partner');
const figure = (scenario: string, values: Record<string, unknown>) => process.stderr.write(`\n[e2e mcp] ${scenario}: ${JSON.stringify(values)}\n`);

/** A tool node connected to the MCP Server Trigger. */
const toolNode = (name: string, parameters: Record<string, unknown>) => ({ id: randomUUID(), name, type: BUSINESS_BANKING_TOOL, typeVersion: 1, position: [200, 200] as [number, number], parameters });

/** A transfer tool whose payment details the MCP client's model fills in. */
const payTool = (name: string, limits: Record<string, string>, allow = true) => toolNode(name, transferToolParameters({ allowAiAgentUse: allow, aiAgentLimits: limits }));

describeInN8n('Business Banking tools behind n8n’s MCP Server Trigger, called over MCP', (state) => {
	let n8n: E2eN8n;
	let sandbox: TestSandbox;
	let client: McpClient;
	let workflowId: string;

	beforeAll(async () => {
		n8n = E2eN8n.fromState(state);
		sandbox = await startE2eSandbox(n8n.url);
		const banking = await n8n.importCredential('Business Banking (e2e MCP)', connectedCredentialData(sandbox, 'fr'));
		const path = `bank-mcp-${randomUUID().slice(0, 8)}`;
		const tools = [
			toolNode('List accounts', { resource: 'bankAccount', operation: 'getMany' }),
			payTool('Pay within limits', { maxAmountPerCall: '700.00', allowedBeneficiaryIds: SUPPLIER }),
			payTool('Pay with a total', { maxAmountPerExecution: '1000.00' }),
			payTool('Pay not allowed', {}, false),
		];
		const trigger = { id: randomUUID(), name: 'MCP Server Trigger', type: '@n8n/n8n-nodes-langchain.mcpTrigger', typeVersion: 2.1, position: [0, 0] as [number, number], webhookId: randomUUID(), parameters: { path } };
		workflowId = await n8n.importWorkflow({
			name: 'MCP e2e: Business Banking tools',
			nodes: [trigger, ...tools.map((tool) => ({ ...tool, credentials: { businessBankingOAuth2Api: banking } }))],
			connections: Object.fromEntries(tools.map((tool) => [tool.name, { ai_tool: [[{ node: trigger.name, type: 'ai_tool', index: 0 }]] }])),
			settings: { executionOrder: 'v1' },
		});
		await n8n.client.publicApi('POST', `/workflows/${workflowId}/activate`, {});
		// The production URL (/mcp/<path>) answers only once the workflow is active; n8n 2.x publishes
		// an activated workflow's webhooks a moment later (404 until then).
		client = new McpClient(`${n8n.url}/mcp/${path}`);
		await waitFor('the MCP server to answer initialize', async () => await client.initialize().then(() => true, () => undefined));
	});

	afterAll(async () => {
		await client?.close();
		await sandbox?.close();
		n8n?.cleanup();
	});

	beforeEach(async () => await clearRequestLog(sandbox));
	const transfers = async () => await requestsTo(sandbox, 'POST', '/v2/external_transfers');
	/** Every request that reached the sandbox's API (`/v2/…`, `/organization`), as `METHOD path status`. */
	const apiRequests = () => sandbox.ctx.requests.all().filter((request) => !request.path.startsWith('/sandbox/')).map((request) => `${request.method} ${request.path} ${request.status}`);
	const call = async (tool: string, args: Record<string, unknown>) => await client.callTool(toolName(tool), args);

	it('tools/list offers the four tools, the pay tools with the model’s arguments', async () => {
		const tools = await client.listTools();
		expect(tools.map((tool) => tool.name).sort()).toEqual(['List accounts', 'Pay not allowed', 'Pay with a total', 'Pay within limits'].map(toolName).sort());
		for (const tool of tools.filter((each) => each.name.startsWith('Pay'))) {
			expect(Object.keys(tool.inputSchema?.properties ?? {}).sort()).toEqual(['amount', 'beneficiary_id', 'reference']);
		}
	});

	it('a read tool answers with the bank’s data, and only a read reaches the sandbox', async () => {
		const answer = await call('List accounts', {});
		expect(answer.isError).toBeFalsy();
		expect(answer.text).toContain(DEBIT_IBAN);
		expect(apiRequests()).toEqual(['GET /organization 200']);
	});

	it('without the author’s leave a money-moving tool is refused, and the client reads why; nothing sent', async () => {
		const answer = await call('Pay not allowed', { beneficiary_id: SUPPLIER, amount: '10.00', reference: 'MCP no leave' });
		expect(answer.text).toContain("this workflow's author has not allowed an AI agent to run it (Allow Use by an AI Agent is off). Nothing was sent.");
		expect(apiRequests()).toEqual([]);
	});

	it('with leave: above the per-call limit and off the allow-list refused with the reason; within them exactly one transfer', async () => {
		expect((await call('Pay within limits', { beneficiary_id: SUPPLIER, amount: '900.00', reference: 'MCP above' })).text).toContain(
			"Refused: the amount 900.00 is above the 700.00 this workflow's author allows an AI agent per call. Nothing was sent.",
		);
		expect((await call('Pay within limits', { beneficiary_id: PARTNER, amount: '100.00', reference: 'MCP planted' })).text).toContain(
			`Refused: beneficiary ${PARTNER} is not one this workflow's author allows an AI agent to pay. Nothing was sent.`,
		);
		expect(apiRequests()).toEqual([]);
		const paid = await call('Pay within limits', { beneficiary_id: SUPPLIER, amount: '600.00', reference: 'MCP invoice 42' });
		expect(paid.text).toContain('"status":"pending"');
		expect((await transfers()).map((request) => request.status)).toEqual([201]);
		expect(externalTransfers(sandbox.ctx).list(SEED.organizations.fr).filter((made) => made.reference.startsWith('MCP')).map((made) => made.reference)).toEqual(['MCP invoice 42']);
		figure('per-call limit and allow-list', { calls: 3, refused: 2, reached_the_sandbox: apiRequests() });
	});

	it('with leave but a per-execution total: each MCP call is alone, so every call is refused saying why, rather than count from 0; nothing sent', async () => {
		for (const reference of ['MCP total 1', 'MCP total 2']) {
			const answer = await call('Pay with a total', { beneficiary_id: SUPPLIER, amount: '600.00', reference });
			expect(answer.text).toContain(
				"Refused: this call stands alone, with no earlier calls of its execution to count (as each call through n8n's MCP Server Trigger does), so the 1000.00 this workflow's author allows an AI agent in one execution cannot be counted across calls. Nothing was sent.",
			);
		}
		expect(apiRequests()).toEqual([]);
		// What n8n recorded: each MCP call its own execution (saved after the tool ran), holding that one call.
		const recorded = await waitFor('an execution for each of the two calls', async () => {
			const executions = (await n8n.executions(workflowId)).filter((execution) => execution.data?.resultData.runData['Pay with a total']);
			return executions.length === 2 && executions.every((execution) => execution.status === 'success') ? executions : undefined;
		});
		const runsInEach = recorded.map((execution) => execution.data?.resultData.runData['Pay with a total'].length);
		expect(runsInEach).toEqual([1, 1]);
		figure('per-execution total', { calls: 2, executions_recorded: recorded.length, runs_of_the_tool_in_each: runsInEach, transfers: (await transfers()).length });
	});
});
