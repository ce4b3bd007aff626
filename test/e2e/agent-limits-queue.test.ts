// An agent's Max Amount per Execution in n8n's queue mode, behind n8n's human review: each approval
// resumes the waiting execution on a worker, and before the second one every worker is restarted,
// so no process remembers the first call. The total must still hold: it is counted from what n8n
// saved in the execution. What is asserted is what reached the sandbox and what the model was told.
import { SEED } from '../../sandbox/core/seed';
import { beneficiaryId } from '../../sandbox/modules/beneficiaries/store';
import { externalTransfers } from '../../sandbox/modules/transfers/store';
import type { TestSandbox } from '../helpers/sandbox';
import { agentWorkflow, fromAi, toolName } from './helpers/agentWorkflow';
import { Mailbox } from './helpers/mailbox';
import { describeInN8n, waitFor } from './helpers/n8n';
import { QueueN8n } from './helpers/queue';
import { clickReviewLink } from './helpers/reviewMail';
import { connectedCredentialData, requestsTo, startE2eSandbox } from './helpers/sandbox';
import { ScriptedModel, toolResults } from './helpers/scriptedModel';

jest.setTimeout(15 * 60_000);

const SUPPLIER = beneficiaryId('fr', 'supplier');
const figure = (scenario: string, values: Record<string, unknown>) => process.stderr.write(`\n[e2e agent limits] ${scenario}: ${JSON.stringify(values)}\n`);

describeInN8n('an agent’s per-execution limit in queue mode, across human-review resumes and a restart of the workers', (state) => {
	let n8n: QueueN8n;
	let sandbox: TestSandbox;
	const mailbox = new Mailbox();
	// Two payments of 600.00 under a 1000.00 total, the second's reference one character apart.
	const model = new ScriptedModel({
		'queue-total': (request) => {
			const results = toolResults(request);
			const pay = (reference: string) => ({ toolCalls: [{ name: toolName('Pay supplier'), args: { toolParameters: { beneficiary_id: SUPPLIER, amount: '600.00', reference }, hitlParameters: {} } }] });
			if (results.length === 0) return pay('Invoice 42');
			if (results.length === 1) return pay('Invoice 43');
			return { answer: `Payment tool answers: ${results.map((result) => result.content).join(' | ')}` };
		},
	});

	beforeAll(async () => {
		if (!state.tarball) throw new Error('the global setup packed no package');
		n8n = await QueueN8n.start(state.n8n.install, state.tarball);
		sandbox = await startE2eSandbox(n8n.url);
		await model.start();
		await mailbox.start();
	});

	afterAll(async () => {
		await sandbox?.close();
		await model.stop();
		await mailbox.stop();
		await n8n?.stop();
	});

	it('the second 600.00 is refused after the workers restart (600.00 already): one transfer reached the sandbox, and the model read why', async () => {
		const banking = await n8n.importCredential('Business Banking (e2e agent queue)', connectedCredentialData(sandbox, 'fr'));
		const modelCredential = await n8n.importCredential('Scripted model', { apiKey: 'sk-scripted-model', url: model.url }, 'openAiApi');
		const smtp = await n8n.importCredential('Reviewer mailbox', mailbox.credentialData(), 'smtp');
		const path = 'agent-queue-total';
		const workflow = agentWorkflow({
			name: 'agent e2e: per-execution total in queue mode',
			prompt: '[scenario: queue-total] Pay supplier invoices 42 and 43 (600.00 EUR each).',
			tools: [
				{
					name: 'Pay supplier',
					reviewed: true,
					parameters: {
						resource: 'externalTransfer',
						operation: 'create',
						beneficiaryId: { __rl: true, mode: 'id', value: fromAi('beneficiary_id', 'The id of the trusted beneficiary to pay') },
						debitIban: { __rl: true, mode: 'iban', value: 'FR7630006000011234567890189' },
						amount: fromAi('amount', 'The amount as a decimal string, e.g. 120.50'),
						currency: 'EUR',
						reference: fromAi('reference', 'What the payment is for'),
						allowAiAgentUse: true,
						aiAgentLimits: { maxAmountPerExecution: '1000.00' },
					},
				},
			],
			bankingCredential: banking,
			modelCredential,
			webhookPath: path,
			review: { smtpCredential: smtp, to: 'approver@example.com' },
		});
		const workflowId = await n8n.importWorkflow(workflow);
		await n8n.client.publicApi('POST', `/workflows/${workflowId}/activate`, {});
		const status = await waitFor(`the webhook of ${path} on the webhook process`, async () => {
			const response = await fetch(`${n8n.webhookUrl}/webhook/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
			return response.status === 404 ? undefined : response.status;
		});
		expect(status).toBe(200);

		const mailsBefore = mailbox.mails.length;
		await clickReviewLink(await mailbox.nth(mailsBefore + 1), 'Approve');
		const second = await mailbox.nth(mailsBefore + 2, 180_000);
		expect(second.html).toContain('600.00');
		expect((await requestsTo(sandbox, 'POST', '/v2/external_transfers')).map((request) => request.status)).toEqual([201]);

		// A restart of every worker while the execution waits: no process keeps anything of the first call.
		for (const worker of n8n.topology.workers) await worker.stop();
		for (const worker of n8n.topology.workers) await worker.start();
		await clickReviewLink(second, 'Approve');

		const execution = await waitFor(
			'the agent’s execution to finish',
			async () => {
				const [latest] = await n8n.allExecutions(workflowId);
				return latest && !['waiting', 'running', 'new'].includes(latest.status) ? latest : undefined;
			},
			240_000,
		);
		expect(execution.status).toBe('success');
		figure('resumes', { execution: execution.id, runsPerWorker: n8n.runsPerWorker([execution.id]) });
		expect((await requestsTo(sandbox, 'POST', '/v2/external_transfers')).map((request) => request.status)).toEqual([201]);
		expect(externalTransfers(sandbox.ctx).list(SEED.organizations.fr).map((made) => made.reference)).toEqual(['Invoice 42']);
		const [last] = model.requestsOf('queue-total').slice(-1);
		expect(toolResults(last).at(-1)?.content).toContain(
			"Refused: 600.00 more would take this execution past the 1000.00 this workflow's author allows an AI agent in one execution (600.00 already). Nothing was sent.",
		);
	});
});
