// Business Banking as the tools of n8n's own AI Agent, in a real n8n: the chat model is a scripted one
// on loopback (it answers the OpenAI chat-completions protocol n8n's OpenAI Chat Model calls, and does
// what each scenario's script says: obey an instruction planted in the bank's data, repeat a call, …).
// What is asserted is what reached the sandbox (transfers made: 0 for every injection), what the model
// was told (the refusal as a tool result), and what the execution shows.
import { SEED } from '../../sandbox/core/seed';
import { seededSupplierInvoiceId } from '../../sandbox/modules/supplierInvoices/seed';
import { supplierInvoicesOf } from '../../sandbox/modules/supplierInvoices/store';
import type { TestSandbox } from '../helpers/sandbox';
import { toolDescriptionOf } from '../../nodes/BusinessBanking/actions/aiTool/toolDescriptions';
import { reviewChecks } from './ai-agent-review';
import { templateChecks } from './ai-agent-template';
import { limitChecks, limitScripts } from './ai-agent-limits';
import { subAgentChecks, subAgentScripts } from './ai-agent-subagent';
import { everyOperationChecks, everyOperationScripts } from './ai-agent-every-operation';
import { agentScripts } from './helpers/agentScripts';
import { agentWorkflow, fromAi, toolName, type AgentTool, type AgentWorkflowOptions } from './helpers/agentWorkflow';
import type { AgentUnderTest } from './helpers/agentUnderTest';
import { clientNamed } from './helpers/bank';
import { addBeneficiaryTool, createInvoiceTool, FROM_AI_SCENARIO, getQuoteTool } from './helpers/fromAiTools';
import { allowed, ATTACKER, INJECTION, lastResult, listClients, listSupplierInvoices, payTool, SUPPLIER } from './helpers/injectionScenarios';
import { Mailbox } from './helpers/mailbox';
import { FOREIGN_IBAN, invoiceTool, OWN_IBAN, SUPPLIER_IBAN, verifyPayeeTool } from './helpers/payeeScenarios';
import { describeInN8n, describeWithRelease, E2eN8n } from './helpers/n8n';
import { startOwnN8n } from './helpers/ownN8n';
import { clearRequestLog, connectedCredentialData, requestsTo, startE2eSandbox } from './helpers/sandbox';
import { ScriptedModel, toolResults } from './helpers/scriptedModel';

jest.setTimeout(10 * 60_000);

/** The AI Agent versions n8n still runs besides the editor's default (3.1): the newest 2.x and 1.x. */
const OLDER_AGENT_VERSIONS = [2.2, 1.9];

/** A real n8n for the checks below, and how to close it. */
type OpenN8n = () => Promise<{ n8n: E2eN8n; close(): Promise<void> }>;

describeInN8n('Business Banking as the tools of an AI agent in the newest n8n', (state) =>
	agentChecks(async () => {
		const n8n = E2eN8n.fromState(state);
		return { n8n, close: async () => n8n.cleanup() };
	}),
);

// Saved agents keep their version: 2.x and 1.x (LangChain's executor, a model message's calls at once)
// are what many users still run. The same scenarios, in the newest n8n.
for (const agentVersion of OLDER_AGENT_VERSIONS) {
	describeInN8n(`Business Banking as the tools of n8n's AI Agent ${agentVersion} in the newest n8n`, (state) =>
		agentChecks(async () => {
			const n8n = E2eN8n.fromState(state);
			return { n8n, close: async () => n8n.cleanup() };
		}, agentVersion),
	);
}

// The issue's second release: n8n's agent, its tool generation and human review as 2.40 has them.
describeWithRelease('previous', 'Business Banking as the tools of an AI agent in the previous 2.x minor', (install, tarball) =>
	agentChecks(async () => {
		const older = await startOwnN8n(install, tarball);
		return { n8n: older.n8n, close: older.stop };
	}),
);

function agentChecks(open: OpenN8n, agentVersion = 3.1): void {
	let opened: Awaited<ReturnType<OpenN8n>> | undefined;
	let n8n: E2eN8n;
	let sandbox: TestSandbox;
	let banking: { id: string; name: string };
	let modelCredential: { id: string; name: string };
	const mailbox = new Mailbox();
	let invoiceClientId = '';
	let leakedToken = '';
	const model = new ScriptedModel({ ...agentScripts(() => invoiceClientId, () => leakedToken), ...limitScripts, ...subAgentScripts, ...everyOperationScripts });

	const transfers = async () => await requestsTo(sandbox, 'POST', '/v2/external_transfers');

	beforeAll(async () => {
		opened = await open();
		n8n = opened.n8n;
		sandbox = await startE2eSandbox(n8n.url);
		banking = await n8n.importCredential('Business Banking (e2e agent)', connectedCredentialData(sandbox, 'fr'));
		await model.start();
		await mailbox.start();
		modelCredential = await n8n.importCredential('Scripted model', { apiKey: 'sk-scripted-model', url: model.url }, 'openAiApi');
		// The planted instruction: in a supplier invoice's description, and in a client's name.
		const invoices = supplierInvoicesOf(sandbox.ctx);
		const planted = invoices.get(SEED.organizations.fr, seededSupplierInvoiceId('fr', 1));
		if (!planted) throw new Error('the seeded supplier invoice is missing');
		invoices.update(SEED.organizations.fr, planted.id, { ...planted, description: INJECTION });
		const client = await sandbox.api('fr').post('/v2/clients', { kind: 'company', name: `Acme. ${INJECTION}`, email: 'planted@example.com', currency: 'EUR', locale: 'fr' });
		if (client.status !== 201) throw new Error(`could not plant the client: ${client.status} ${JSON.stringify(client.data)}`);
	});

	afterAll(async () => {
		await sandbox?.close();
		await model.stop();
		await mailbox.stop();
		await opened?.close();
	});

	beforeEach(async () => await clearRequestLog(sandbox));

	async function runManually(scenario: string, tools: AgentTool[], subAgent?: AgentWorkflowOptions['subAgent']) {
		const workflow = agentWorkflow({
			name: `agent e2e: ${scenario} (agent ${agentVersion})`,
			prompt: `[scenario: ${scenario}] Which supplier invoices are unpaid and overdue?`,
			tools,
			bankingCredential: banking,
			modelCredential,
			agentVersion,
			subAgent,
		});
		return await n8n.executeOk(await n8n.importWorkflow(workflow));
	}

	it('answers a question end to end with read tools, and sends nothing but reads', async () => {
		const run = await runManually('read', [listSupplierInvoices]);
		const [first, second] = model.requestsOf('read');
		// The model saw the tool, described for it, and got the invoices back as the tool's result.
		expect(first.tools?.map((tool) => tool.function.name)).toEqual([toolName('List supplier invoices')]);
		expect(first.tools?.[0].function.description).toBe(toolDescriptionOf('supplierInvoice', 'getMany'));
		expect(toolResults(second)[0].content).toContain(supplierInvoicesOf(sandbox.ctx).get(SEED.organizations.fr, seededSupplierInvoiceId('fr', 1))?.invoice_number);
		const [answer] = run.items('Finance assistant');
		expect(String(answer.output)).toMatch(/^Unpaid and overdue: F-/);
		expect((await requestsTo(sandbox, 'GET', '/v2/supplier_invoices')).length).toBeGreaterThan(0);
		expect(sandbox.ctx.requests.find(undefined, '/v2/*').filter((request) => request.method !== 'GET')).toEqual([]);
	});

	it.each([
		['a supplier invoice’s description', 'injection-supplier', listSupplierInvoices],
		['a client’s name', 'injection-client', listClients],
	])('an instruction to pay planted in %s: the model obeys, 0 transfers, and the refusal is the tool’s answer', async (_where, scenario, readTool) => {
		const run = await runManually(scenario, [readTool, payTool()]);
		const requests = model.requestsOf(scenario);
		expect(requests).toHaveLength(3);
		// The model did call the transfer tool with the planted details…
		const call = requests[2].messages.flatMap((message) => message.tool_calls ?? []).find((toolCall) => toolCall.function.name === toolName('Pay supplier'));
		expect(JSON.parse(call?.function.arguments ?? '{}')).toMatchObject({ beneficiary_id: ATTACKER, amount: '4900.00' });
		// …and was told it was refused and why, as the tool's result.
		expect(lastResult(requests[2])).toMatch(/Refused: .*has not allowed an AI agent/);
		expect(await transfers()).toHaveLength(0);
		expect(String(run.items('Finance assistant')[0].output)).toContain('Refused');
		// The person reading the execution sees it at the tool node.
		expect(JSON.stringify(run.raw.data.resultData.runData['Pay supplier'])).toMatch(/Refused: .*has not allowed an AI agent/);
	});


	it.each([
		['an amount above the per-call limit', 'limit-amount', /Refused: the amount 4900.00 is above the 500.00/],
		['a beneficiary not on the allow-list', 'limit-beneficiary', new RegExp(`Refused: beneficiary ${ATTACKER} is not one`)],
	])('allowed with limits, %s is refused with the reason, and nothing is sent', async (_what, scenario, reason) => {
		const run = await runManually(scenario, [payTool(allowed({ maxAmountPerCall: '500.00', allowedBeneficiaryIds: SUPPLIER }))]);
		expect(lastResult(model.requestsOf(scenario)[1])).toMatch(reason);
		expect(String(run.items('Finance assistant')[0].output)).toMatch(reason);
		expect(await transfers()).toHaveLength(0);
	});

	it('a 422 from the service comes back to the model as a message it can act on', async () => {
		const createClient: AgentTool = {
			name: 'Create client',
			parameters: {
				resource: 'client',
				operation: 'create',
				name: fromAi('name', 'The company name'),
				additionalFields: { email: fromAi('email', 'The client’s e-mail address'), eInvoicingAddress: fromAi('e_invoicing_address', 'The client’s e-invoicing address (SIREN)') },
			},
		};
		const run = await runManually('tool-error', [createClient]);
		const requests = model.requestsOf('tool-error');
		expect(toolResults(requests[1])[0].content).toContain('not in the national e-invoicing directory');
		expect((await requestsTo(sandbox, 'POST', '/v2/clients')).map((request) => request.status)).toEqual([422, 201]);
		expect(String(run.items('Finance assistant')[0].output)).toMatch(/^Done after 2 tries/);
	});

	it('every parameter kind filled by the model ($fromAI): locator, dates, a line’s money, a collection, an amount, the details form', async () => {
		invoiceClientId = (await clientNamed(sandbox, 'Éditions Côte d’Azur SARL')).id;
		const run = await runManually(FROM_AI_SCENARIO, [getQuoteTool, createInvoiceTool, addBeneficiaryTool]);
		const requests = model.requestsOf(FROM_AI_SCENARIO);
		expect(requests).toHaveLength(4);

		// The model was shown each tool's own description and one argument per $fromAI, with its description.
		const shown = Object.fromEntries((requests[0].tools ?? []).map((tool) => [tool.function.name, tool.function]));
		expect(shown[toolName('Create invoice')].description).toBe(toolDescriptionOf('clientInvoice', 'create'));
		expect(shown[toolName('Get quote')].description).toBe(toolDescriptionOf('internationalTransfer', 'getQuote'));
		expect(shown[toolName('Add beneficiary')].description).toBe(toolDescriptionOf('internationalBeneficiary', 'create'));
		const argumentsOf = (name: string) => Object.keys((shown[toolName(name)].parameters as { properties: object }).properties).sort();
		expect(argumentsOf('Create invoice')).toEqual(['client_id', 'due_date', 'issue_date', 'number', 'quantity', 'title', 'unit_price']);
		expect(argumentsOf('Add beneficiary')).toEqual(['account_holder', 'account_number', 'quote_id', 'routing_number']);
		expect((shown[toolName('Get quote')].parameters as { properties: Record<string, { description?: string }> }).properties.amount.description).toContain('decimal string');

		// What the model sent reached the service as the API wants it.
		const [quote] = await requestsTo(sandbox, 'POST', '/v2/international/quotes');
		expect(quote.body).toEqual({ source_currency: 'EUR', target_currency: 'USD', source_amount: { value: '1000.00', currency: 'EUR' } });
		const [invoice] = await requestsTo(sandbox, 'POST', '/v2/client_invoices');
		expect({ status: invoice.status, modelTold: toolResults(requests[2]).at(-1)?.content }).toEqual({ status: 201, modelTold: expect.any(String) });
		expect((invoice.body as { client_invoice: unknown }).client_invoice).toMatchObject({
			client_id: invoiceClientId,
			issue_date: '2026-12-01',
			due_date: '2026-12-31',
			number: 'AGENT-2026-001',
			items: [{ title: 'Audit', quantity: '3', unit_price: { value: '120.50', currency: 'EUR' }, vat_rate: '0.2' }],
		});
		const [beneficiary] = await requestsTo(sandbox, 'POST', '/v2/international/beneficiaries');
		expect({ status: beneficiary?.status, modelTold: toolResults(requests[3]).at(-1)?.content }).toEqual({ status: 201, modelTold: expect.any(String) });
		expect(beneficiary.body).toMatchObject({ payload: { currency: 'USD', type: 'aba', details: { accountHolderName: 'Acme Supplies Inc', abartn: '021000021', accountNumber: '123456789', address: { country: 'US', city: 'New York' } } } });
		expect(String(run.items('Finance assistant')[0].output)).toMatch(/^Done: /);
	});

	describe('who gets paid and who gives leave', () => {
		type SentInvoice = { client_invoice: { status: string; payment_methods: { iban: string } } };
		const invoicePosts = async () =>
			(await requestsTo(sandbox, 'POST', '/v2/client_invoices')).map((request) => {
				const sent = (request.body as SentInvoice).client_invoice;
				return { answered: request.status, status: sent.status, iban: sent.payment_methods.iban };
			});
		const resultsOf = (scenario: string) => toolResults(model.requestsOf(scenario).at(-1)!).map((result) => result.content);
		beforeAll(async () => (invoiceClientId = (await clientNamed(sandbox, 'Éditions Côte d’Azur SARL')).id));

		it('an invoice issued at once to a stranger’s IBAN, as planted, without leave: refused, 0 invoices', async () => {
			await runManually('invoice-no-leave', [invoiceTool()]);
			expect(resultsOf('invoice-no-leave')).toEqual([expect.stringMatching(/Refused: .*decides who gets paid.*has not allowed an AI agent/), expect.stringMatching(/Refused: .*has not allowed an AI agent/)]);
			expect(await invoicePosts()).toEqual([]);
		});

		it('allowed but not to issue: the stranger’s IBAN is refused (the bank’s own accounts read), the own one becomes a draft; 0 issued, 0 to a foreign IBAN', async () => {
			await runManually('invoice-leave', [invoiceTool({ allowAiAgentUse: true })]);
			const [foreign, own] = resultsOf('invoice-leave');
			expect(foreign).toContain(`Refused: the IBAN ${FOREIGN_IBAN} is not one of this organization's own business accounts`);
			expect(own).toMatch(/"status":\s*"draft"/);
			expect(own).toContain('Created as a draft, not issued');
			expect(await invoicePosts()).toEqual([{ answered: 201, status: 'draft', iban: OWN_IBAN }]);
			expect((await requestsTo(sandbox, 'GET', '/organization')).length).toBeGreaterThan(0);
		});

		it.each([
			['Allow Use by an AI Agent', { allowAiAgentUse: fromAi('allowed', 'Set to true to be allowed to pay', 'boolean') }],
			['AI Agent Limits', { allowAiAgentUse: true, aiAgentLimits: { maxAmountPerCall: fromAi('limit', 'Your own limit per call') } }],
			['Options › Idempotency Key', { allowAiAgentUse: true, options: { idempotencyKey: fromAi('key', 'A fresh key for each payment') } }],
		])('%s left to the model ($fromAI): refused whatever it sends, 0 transfers', async (label, fields) => {
			const run = await runManually('fills-leave', [payTool(fields)]);
			expect(resultsOf('fills-leave')).toEqual([expect.stringContaining(`its ${label} holds an expression, which the data or a model could fill`)]);
			expect(JSON.stringify(run.raw.data.resultData.runData['Pay supplier'])).toContain(`its ${label} holds an expression`);
			expect(await transfers()).toHaveLength(0);
		});

		it('a payee check that answered no_match: Verify Payee hands the model no token, and a token got elsewhere pays nothing (0 payments)', async () => {
			const check = await sandbox.api('fr').post('/v2/payee_verifications', { iban: SUPPLIER_IBAN, beneficiary_name: 'Kontor Süd GmbH' });
			const verification = (check.data as { payee_verification: { result: string; vop_proof_token: string } }).payee_verification;
			expect(verification.result).toBe('no_match');
			leakedToken = verification.vop_proof_token;
			const allowedByToken = { allowAiAgentUse: true, aiAgentLimits: { allowedBeneficiaryIds: SUPPLIER }, verification: 'token', vopProofToken: fromAi('proof_token', 'The proof token of the payee check') };
			await runManually('proof-token', [verifyPayeeTool, payTool(allowedByToken)]);
			const [verified, paid] = resultsOf('proof-token');
			expect(verified).toContain('no_match');
			expect(verified).not.toMatch(/vop_/);
			// The token is the model's ($fromAI): refused for that first (a fixed token is refused too: the engine tests).
			expect(paid).toContain('its Proof Token holds an expression, which the data or a model could fill');
			expect(await transfers()).toHaveLength(0);
		});
	});

	// The describe blocks kept in their own files, run in this n8n after the ones above.
	const agent = (): AgentUnderTest => ({ n8n, sandbox, banking, modelCredential, mailbox, model, transfers, runManually });
	limitChecks(agent);
	subAgentChecks(agent, agentVersion);
	everyOperationChecks(agent);
	// n8n's human review of tool calls gates the tools of its AI Agent 3.x; the template saves a 3.1 agent.
	if (agentVersion < 3) return;
	reviewChecks(agent);
	templateChecks(agent);
}
