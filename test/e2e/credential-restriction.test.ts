// The credential is usable only by this package's nodes (restrictToSupportedNodes, n8n-workflow 2.40.1
// and later): n8n's HTTP Request node and its HTTP Request Tool, which may otherwise use any credential
// with a URL and body a model fills, are refused by n8n itself, and nothing reaches the bank; the
// package's node, tool and the agent around them still run. Shown in the suite's n8n (the newest).
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { CREDENTIAL_TYPE, type Workflow } from '../../tools/n8n/examples';
import { N8nHttpError } from '../../tools/n8n/api';
import { agentWorkflow, fromAi, toolName } from './helpers/agentWorkflow';
import { SUPPLIER } from './helpers/injectionScenarios';
import { useBankInN8n, type BankInN8n } from './helpers/bankInN8n';
import { describeInN8n, n8nId } from './helpers/n8n';
import { clearRequestLog, requestsTo } from './helpers/sandbox';
import { ScriptedModel, toolResults } from './helpers/scriptedModel';
import { transferToolParameters } from './helpers/transferTool';
import { manualWorkflow } from './helpers/workflows';

jest.setTimeout(10 * 60_000);

/** n8n's refusal when the workflow is saved, and when one saved before (or imported by its CLI) runs. */
const REFUSED_AT_SAVE = `cannot use credential type \\"${CREDENTIAL_TYPE}\\" — it is restricted to: n8n-nodes-business-banking.businessBanking, n8n-nodes-business-banking.businessBankingTrigger, n8n-nodes-business-banking.businessBankingTool.`;
const REFUSED_AT_RUN = `Credential type "${CREDENTIAL_TYPE}" is restricted to specific nodes`;
/** The same inside JSON (the run data, the tool result the model reads). */
const REFUSED_AT_RUN_IN_JSON = JSON.stringify(REFUSED_AT_RUN).slice(1, -1);
const PAYMENT = { beneficiary_id: SUPPLIER, debit_iban: 'FR7630006000011234567890189', amount: '650.00', currency: 'EUR', reference: 'Borrowed credential' };

describeInN8n('the credential in n8n’s HTTP Request node and HTTP Request Tool', (state) => {
	let bank: BankInN8n;
	useBankInN8n(state, 'Business Banking (e2e restricted)', (parts) => (bank = parts));
	const model = new ScriptedModel({
		'http-tool': (request) =>
			toolResults(request).length === 0
				? { toolCalls: [{ name: 'Call_the_bank', args: { url: `${bank.sandbox.url}/v2/external_transfers`, body: JSON.stringify({ external_transfer: PAYMENT }), key: 'borrowed-1' } }] }
				: { answer: `The HTTP tool answered: ${toolResults(request).at(-1)?.content}` },
		'own-tool': (request) =>
			toolResults(request).length === 0
				? { toolCalls: [{ name: toolName('Pay supplier'), args: { beneficiary_id: SUPPLIER, amount: '65.00', reference: 'Own tool' } }] }
				: { answer: `Paid: ${toolResults(request).at(-1)?.content}` },
	});
	let modelCredential: { id: string; name: string };
	beforeAll(async () => {
		await model.start();
		modelCredential = await bank.n8n.importCredential('Scripted model (restricted)', { apiKey: 'sk-scripted-model', url: model.url }, 'openAiApi');
	});
	afterAll(async () => await model.stop());
	beforeEach(async () => await clearRequestLog(bank.sandbox));

	const sentToBank = async () => (await bank.sandbox.http.get('/sandbox/requests')).data.requests as Array<{ method: string; path: string }>;

	/** Saved as the editor saves: n8n's refusal, or undefined when it saved it. */
	async function refusalToSave(workflow: Workflow): Promise<string | undefined> {
		try {
			await bank.n8n.importWorkflow(workflow);
			return undefined;
		} catch (error) {
			if (error instanceof N8nHttpError) return error.body;
			throw error;
		}
	}

	/** Saved without the editor's check (`n8n import:workflow`, as a workflow saved before the package's update is there), then run. */
	async function runSavedBefore(workflow: Workflow) {
		const id = n8nId();
		const file = join(mkdtempSync(join(tmpdir(), 'business-banking-e2e-restricted-')), 'workflow.json');
		writeFileSync(file, JSON.stringify({ ...workflow, id, active: false }));
		const imported = await bank.n8n.cli(['import:workflow', `--input=${file}`]);
		expect(imported.code).toBe(0);
		return await bank.n8n.execute(id);
	}

	it('an HTTP Request node given the credential is refused by n8n with its own message, when saved and when run; 0 requests reach the bank', async () => {
		const workflow: Workflow = {
			name: 'e2e restricted: HTTP Request',
			nodes: [
				{ id: n8nId(), name: 'Run', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
				{
					id: n8nId(),
					name: 'HTTP Request',
					type: 'n8n-nodes-base.httpRequest',
					typeVersion: 4.2,
					position: [220, 0],
					parameters: {
						method: 'POST',
						url: `${bank.sandbox.url}/v2/external_transfers`,
						authentication: 'predefinedCredentialType',
						nodeCredentialType: CREDENTIAL_TYPE,
						sendBody: true,
						specifyBody: 'json',
						jsonBody: JSON.stringify({ external_transfer: PAYMENT }),
						options: {},
					},
					credentials: { [CREDENTIAL_TYPE]: bank.credential },
				},
			],
			connections: { Run: { main: [[{ node: 'HTTP Request', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		};
		expect(await refusalToSave(workflow)).toContain(`Cannot save workflow: Node \\"HTTP Request\\" (n8n-nodes-base.httpRequest) ${REFUSED_AT_SAVE}`);
		const run = await runSavedBefore(workflow);
		expect(run.code).toBe(1);
		expect(JSON.stringify(run.run?.raw.data.resultData.runData['HTTP Request'])).toContain(REFUSED_AT_RUN_IN_JSON);
		expect(await sentToBank()).toEqual([]);
	});

	it('an agent’s HTTP Request Tool given the credential is refused by n8n, when saved and when run; 0 requests reach the bank', async () => {
		const workflow = agentWorkflow({
			name: 'e2e restricted: HTTP Request Tool',
			prompt: '[scenario: http-tool] Pay the supplier 650.00 EUR.',
			bankingCredential: bank.credential,
			modelCredential,
			tools: [
				{
					name: 'Call the bank',
					node: { type: 'n8n-nodes-base.httpRequestTool', typeVersion: 4.2 },
					parameters: {
						toolDescription: 'Calls the bank’s API',
						method: 'POST',
						url: fromAi('url', 'The API address'),
						authentication: 'predefinedCredentialType',
						nodeCredentialType: CREDENTIAL_TYPE,
						sendHeaders: true,
						headerParameters: { parameters: [{ name: 'X-Service-Idempotency-Key', value: fromAi('key', 'A fresh key') }] },
						sendBody: true,
						specifyBody: 'json',
						jsonBody: fromAi('body', 'The JSON body'),
						options: {},
					},
				},
			],
		});
		expect(await refusalToSave(workflow)).toContain(`Cannot save workflow: Node \\"Call the bank\\" (n8n-nodes-base.httpRequestTool) ${REFUSED_AT_SAVE}`);
		const run = await runSavedBefore(workflow);
		// The model asked for the call; n8n refused the credential, and the model was told.
		const told = model.requestsOf('http-tool').flatMap((request) => toolResults(request).map((result) => result.content));
		expect(JSON.stringify(run.run?.raw.data.resultData.runData['Call the bank'])).toContain(REFUSED_AT_RUN_IN_JSON);
		expect(told.join('\n')).toContain(REFUSED_AT_RUN_IN_JSON);
		expect(await sentToBank()).toEqual([]);
	});

	it('the package’s own node and its tool under an agent still use it', async () => {
		const node = await bank.n8n.executeOk(await bank.n8n.importWorkflow(manualWorkflow('e2e restricted: own node', { resource: 'bankAccount', operation: 'getMany' }, bank.credential)));
		expect(JSON.stringify(node.items('Business Banking'))).toContain('FR7630006000011234567890189');
		const agent = agentWorkflow({
			name: 'e2e restricted: own tool',
			prompt: '[scenario: own-tool] Pay the supplier 65.00 EUR.',
			bankingCredential: bank.credential,
			modelCredential,
			tools: [{ name: 'Pay supplier', parameters: transferToolParameters({ allowAiAgentUse: true, aiAgentLimits: { maxAmountPerCall: '100.00' } }) }],
		});
		const run = await bank.n8n.executeOk(await bank.n8n.importWorkflow(agent));
		expect(String(run.items('Finance assistant')[0].output)).toContain('"status"');
		expect((await requestsTo(bank.sandbox, 'POST', '/v2/external_transfers')).map((request) => request.status)).toEqual([201]);
	});
});
