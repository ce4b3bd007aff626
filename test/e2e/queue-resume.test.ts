// An agent's Max Amount per Execution in n8n's queue mode (main, webhook process, two workers,
// Postgres, Redis), behind n8n's human review: each approval resumes the waiting execution on a
// worker, and before the second and the third every worker is restarted, so no process remembers
// the calls before. The total must still hold: it is counted from what n8n saved in the execution.
// What is asserted is what reached the sandbox and what the model was told.
import { readdirSync, rmSync } from 'fs';
import { join } from 'path';

import { SEED } from '../../sandbox/core/seed';
import { beneficiaryId } from '../../sandbox/modules/beneficiaries/store';
import { externalTransfers } from '../../sandbox/modules/transfers/store';
import type { TestSandbox } from '../helpers/sandbox';
import { agentWorkflow, askWhenPublished, toolName } from './helpers/agentWorkflow';
import { Mailbox, type Mail } from './helpers/mailbox';
import { describeInN8n, waitFor } from './helpers/n8n';
import { QueueN8n, type Execution } from './helpers/queue';
import { clickReviewLink } from './helpers/reviewMail';
import { connectedCredentialData, requestsTo, startE2eSandbox } from './helpers/sandbox';
import { ScriptedModel, toolResults } from './helpers/scriptedModel';
import { transferToolParameters } from './helpers/transferTool';

jest.setTimeout(15 * 60_000);

const SUPPLIER = beneficiaryId('fr', 'supplier');
const REFERENCES = ['Invoice 42', 'Invoice 43', 'Invoice 44'];
const figure = (scenario: string, values: Record<string, unknown>) => process.stderr.write(`\n[e2e queue resume] ${scenario}: ${JSON.stringify(values)}\n`);

describeInN8n('an agent’s per-execution limit in queue mode, across human-review resumes and restarts of the workers', (state) => {
	let n8n: QueueN8n;
	let sandbox: TestSandbox;
	const mailbox = new Mailbox();
	// Three payments of 400.00 under a 1000.00 total, their references one character apart.
	const model = new ScriptedModel({
		'queue-total': (request) => {
			const results = toolResults(request);
			if (results.length < REFERENCES.length) {
				const toolParameters = { beneficiary_id: SUPPLIER, amount: '400.00', reference: REFERENCES[results.length] };
				return { toolCalls: [{ name: toolName('Pay supplier'), args: { toolParameters, hitlParameters: {} } }] };
			}
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

	/** The execution as n8n's public API shows it. */
	const execution = async (id: string) => await n8n.client.publicApi<Execution>('GET', `/executions/${id}`);

	/**
	 * The `count`-th review mail, once n8n has saved the execution as waiting for it. The mail leaves
	 * while the execution still runs on a worker; a worker stopped before the save, or a click before
	 * it, finds an execution that is still running.
	 */
	async function reviewWaiting(id: string, count: number): Promise<Mail> {
		const mail = await mailbox.nth(count, 180_000);
		await waitFor(`execution ${id} saved as waiting for review ${count}`, async () => ((await execution(id)).status === 'waiting' ? true : undefined), 120_000);
		return mail;
	}

	/**
	 * Stops every worker and starts it again without its event log, as a worker container recreated
	 * without a volume comes back. With it, n8n 2.41.1's start-up recovery takes the execution whose
	 * nodes that worker logged, with no end logged (it waits), for one a crash cut short, and marks
	 * it crashed: the review link then answers 409 "finished with error" and nothing resumes (n8n
	 * issue #23807; seen here, docs/ai-agents.md).
	 */
	async function restartWorkers(): Promise<void> {
		await Promise.all(n8n.topology.workers.map(async (worker) => await worker.stop()));
		for (const worker of n8n.topology.workers) {
			const folder = join(worker.userFolder, '.n8n');
			for (const file of readdirSync(folder).filter((name) => /^n8nEventLog.*\.log$/.test(name))) rmSync(join(folder, file));
		}
		await Promise.all(n8n.topology.workers.map(async (worker) => await worker.start()));
	}

	const transfers = async () => (await requestsTo(sandbox, 'POST', '/v2/external_transfers')).map((request) => request.status);

	it('two 400.00 pass, the third is refused after the workers restart twice (800.00 already): two transfers reached the sandbox, and the model read why', async () => {
		const banking = await n8n.importCredential('Business Banking (e2e agent queue)', connectedCredentialData(sandbox, 'fr'));
		const modelCredential = await n8n.importCredential('Scripted model', { apiKey: 'sk-scripted-model', url: model.url }, 'openAiApi');
		const smtp = await n8n.importCredential('Reviewer mailbox', mailbox.credentialData(), 'smtp');
		const path = 'agent-queue-total';
		const workflow = agentWorkflow({
			name: 'agent e2e: per-execution total in queue mode',
			prompt: '[scenario: queue-total] Pay supplier invoices 42, 43 and 44 (400.00 EUR each).',
			tools: [
				{
					name: 'Pay supplier',
					reviewed: true,
					parameters: transferToolParameters({ allowAiAgentUse: true, aiAgentLimits: { maxAmountPerExecution: '1000.00' } }),
				},
			],
			bankingCredential: banking,
			modelCredential,
			webhookPath: path,
			review: { smtpCredential: smtp, to: 'approver@example.com' },
		});
		const workflowId = await n8n.importWorkflow(workflow);
		await n8n.client.publicApi('POST', `/workflows/${workflowId}/activate`, {});
		const status = await askWhenPublished(n8n.webhookUrl, path);
		expect(status).toBe(200);
		const [started] = await waitFor('the agent’s execution', async () => {
			const found = await n8n.allExecutions(workflowId);
			return found.length > 0 ? found : undefined;
		});
		const id = started.id;

		// Approved: the first 400.00 is sent (nothing before the person's yes).
		const first = await reviewWaiting(id, 1);
		expect(first.html).toContain('400.00');
		expect(await transfers()).toEqual([]);
		await clickReviewLink(first, 'Approve');

		// The second call waits; every worker restarts; approved: 400.00 more, 800.00 in all.
		const second = await reviewWaiting(id, 2);
		expect(await transfers()).toEqual([201]);
		await restartWorkers();
		await clickReviewLink(second, 'Approve');

		// The third call waits; every worker restarts again; approved, but 400.00 more would pass 1000.00.
		const third = await reviewWaiting(id, 3);
		expect(third.html).toContain('Invoice 44');
		expect(await transfers()).toEqual([201, 201]);
		await restartWorkers();
		await clickReviewLink(third, 'Approve');

		const finished = await waitFor('the agent’s execution to finish', async () => {
			const latest = await execution(id);
			return ['waiting', 'running', 'new'].includes(latest.status) ? undefined : latest;
		}, 240_000);
		expect(finished.status).toBe('success');
		const made = await transfers();
		figure('resumes', { execution: id, worker_runs: n8n.runsPerWorker([id]), review_mails: mailbox.mails.length, transfers_reaching_the_sandbox: made });
		expect(made).toEqual([201, 201]);
		expect(externalTransfers(sandbox.ctx).list(SEED.organizations.fr).map((transfer) => transfer.reference).sort()).toEqual(['Invoice 42', 'Invoice 43']);
		// One mail per call: no part of the execution ran twice.
		expect(mailbox.mails).toHaveLength(3);
		const [last] = model.requestsOf('queue-total').slice(-1);
		expect(toolResults(last).map((result) => result.content)).toHaveLength(3);
		expect(toolResults(last).at(-1)?.content).toContain(
			"Refused: 400.00 more would take this execution past the 1000.00 this workflow's author allows an AI agent in one execution (800.00 already). Nothing was sent.",
		);
	});
});
