// This node's tools behind n8n's MCP Server Trigger, called by an MCP client over Streamable HTTP on
// loopback (initialize, tools/list, tools/call). n8n's human review does not exist there, so the
// node's own gate is the only control: the author's leave, the per-call limit and the allow-list
// hold, and a per-execution total, which nothing could count from one MCP call to the next,
// refuses instead of starting again from 0. What is asserted is what reached the sandbox.
import { randomUUID } from 'crypto';

import { beneficiaryId } from '../../sandbox/modules/beneficiaries/store';
import type { TestSandbox } from '../helpers/sandbox';
import { fromAi, toolName } from './helpers/agentWorkflow';
import { McpClient } from './helpers/mcpClient';
import { describeInN8n, E2eN8n, waitFor } from './helpers/n8n';
import { clearRequestLog, connectedCredentialData, requestsTo, startE2eSandbox } from './helpers/sandbox';
import { BUSINESS_BANKING_TOOL } from './helpers/workflows';

jest.setTimeout(10 * 60_000);

const SUPPLIER = beneficiaryId('fr', 'supplier');
const PARTNER = beneficiaryId('fr', 'partner');

describeInN8n('Business Banking tools behind n8n’s MCP Server Trigger, called over MCP', (state) => {
	let n8n: E2eN8n;
	let sandbox: TestSandbox;
	let client: McpClient;

	/** A transfer tool whose payment details the MCP client's model fills in. */
	const payTool = (name: string, limits: Record<string, string>, allow = true) => ({
		id: randomUUID(),
		name,
		type: BUSINESS_BANKING_TOOL,
		typeVersion: 1,
		position: [200, 200] as [number, number],
		parameters: {
			resource: 'externalTransfer',
			operation: 'create',
			beneficiaryId: { __rl: true, mode: 'id', value: fromAi('beneficiary_id', 'The id of the trusted beneficiary to pay') },
			debitIban: { __rl: true, mode: 'iban', value: 'FR7630006000011234567890189' },
			amount: fromAi('amount', 'The amount as a decimal string, e.g. 120.50'),
			currency: 'EUR',
			reference: fromAi('reference', 'What the payment is for'),
			allowAiAgentUse: allow,
			aiAgentLimits: limits,
		},
	});

	beforeAll(async () => {
		n8n = E2eN8n.fromState(state);
		sandbox = await startE2eSandbox(n8n.url);
		const banking = await n8n.importCredential('Business Banking (e2e MCP)', connectedCredentialData(sandbox, 'fr'));
		const path = `bank-mcp-${randomUUID().slice(0, 8)}`;
		const tools = [
			payTool('Pay within limits', { maxAmountPerCall: '700.00', allowedBeneficiaryIds: SUPPLIER }),
			payTool('Pay with a total', { maxAmountPerExecution: '1000.00' }),
			payTool('Pay not allowed', {}, false),
		];
		const workflow = {
			name: 'MCP e2e: Business Banking tools',
			nodes: [
				{ id: randomUUID(), name: 'MCP Server Trigger', type: '@n8n/n8n-nodes-langchain.mcpTrigger', typeVersion: 2, position: [0, 0] as [number, number], webhookId: randomUUID(), parameters: { path } },
				...tools.map((tool) => ({ ...tool, credentials: { businessBankingOAuth2Api: banking } })),
			],
			connections: Object.fromEntries(tools.map((tool) => [tool.name, { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] }])),
			settings: { executionOrder: 'v1' },
		};
		const workflowId = await n8n.importWorkflow(workflow);
		await n8n.client.publicApi('POST', `/workflows/${workflowId}/activate`, {});
		client = new McpClient(`${n8n.url}/mcp/${path}`);
		// n8n 2.x publishes an activated workflow's webhooks a moment later (404 until then).
		await waitFor('the MCP server to answer initialize', async () => await client.initialize().then(() => true, () => undefined));
	});

	afterAll(async () => {
		await sandbox?.close();
		n8n?.cleanup();
	});

	beforeEach(async () => await clearRequestLog(sandbox));
	const transfers = async () => await requestsTo(sandbox, 'POST', '/v2/external_transfers');

	it('tools/list offers the three tools with the model’s arguments', async () => {
		const tools = await client.listTools();
		expect(tools.map((tool) => tool.name).sort()).toEqual([toolName('Pay not allowed'), toolName('Pay with a total'), toolName('Pay within limits')].sort());
		expect(Object.keys(tools[0].inputSchema?.properties ?? {}).sort()).toEqual(['amount', 'beneficiary_id', 'reference']);
	});

	it('the gate holds over MCP: no leave, above the per-call limit, off the allow-list are refused with the reason; within them one transfer', async () => {
		const call = (tool: string, beneficiary: string, amount: string, reference: string) =>
			client.callTool(toolName(tool), { beneficiary_id: beneficiary, amount, reference });
		expect(await call('Pay not allowed', SUPPLIER, '10.00', 'MCP no leave')).toContain('has not allowed an AI agent to run it');
		expect(await call('Pay within limits', SUPPLIER, '900.00', 'MCP above')).toContain("Refused: the amount 900.00 is above the 700.00 this workflow's author allows an AI agent per call.");
		expect(await call('Pay within limits', PARTNER, '100.00', 'MCP planted')).toContain(`Refused: beneficiary ${PARTNER} is not one`);
		expect(await transfers()).toHaveLength(0);
		expect(await call('Pay within limits', SUPPLIER, '600.00', 'MCP invoice 42')).toContain('"status":"pending"');
		expect((await transfers()).map((request) => request.status)).toEqual([201]);
	});

	it('"one execution" over MCP: each call is alone, so a per-execution total refuses every call rather than count from 0; nothing sent', async () => {
		for (const reference of ['MCP total 1', 'MCP total 2']) {
			expect(await client.callTool(toolName('Pay with a total'), { beneficiary_id: SUPPLIER, amount: '600.00', reference })).toContain(
				"Refused: this call runs outside any execution n8n records (as through n8n's MCP Server Trigger)",
			);
		}
		expect(await transfers()).toHaveLength(0);
	});
});
