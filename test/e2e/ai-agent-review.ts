// The AI agent checks behind n8n's human review (e-mail approval): an approved payment is made once,
// a declined one not at all. Called by test/e2e/ai-agent.test.ts in each n8n it checks.
import { SEED } from '../../sandbox/core/seed';
import { externalTransfers } from '../../sandbox/modules/transfers/store';
import { agentWorkflow, askWhenPublished } from './helpers/agentWorkflow';
import type { AgentUnderTest } from './helpers/agentUnderTest';
import { allowed, lastResult, payTool, SUPPLIER } from './helpers/injectionScenarios';
import { waitFor } from './helpers/n8n';
import { clickReviewLink as click } from './helpers/reviewMail';

export function reviewChecks(agent: () => AgentUnderTest): void {
	describe('allowed, behind n8n’s human review (e-mail approval)', () => {
		let reviewerMailbox: { id: string; name: string };
		beforeAll(async () => {
			const { n8n, mailbox } = agent();
			reviewerMailbox = await n8n.importCredential('Reviewer mailbox', mailbox.credentialData(), 'smtp');
		});

		/** Publishes the workflow and asks it the question through its webhook; answers the workflow id. */
		async function askThroughWebhook(scenario: string, path: string): Promise<string> {
			const { n8n, banking, modelCredential } = agent();
			const workflow = agentWorkflow({
				name: `agent e2e: ${scenario} (${path})`,
				prompt: `[scenario: ${scenario}] Pay supplier invoice F-2026-101 (120.50 EUR).`,
				tools: [payTool(allowed({ maxAmountPerCall: '500.00', allowedBeneficiaryIds: SUPPLIER }), true)],
				bankingCredential: banking,
				modelCredential,
				webhookPath: path,
				review: { smtpCredential: reviewerMailbox, to: 'approver@example.com' },
			});
			const id = await n8n.importWorkflow(workflow);
			await n8n.client.publicApi('POST', `/workflows/${id}/activate`, {});
			const status = await askWhenPublished(n8n.url, path);
			expect(status).toBe(200);
			return id;
		}

		const finished = async (workflowId: string) =>
			await waitFor('the agent’s execution to finish', async () => {
				const [latest] = await agent().n8n.executions(workflowId);
				return latest && !['waiting', 'running', 'new'].includes(latest.status) ? latest : undefined;
			});

		it('approved: exactly one transfer, with its idempotency key, even when the model repeats the call', async () => {
			const { sandbox, mailbox, transfers } = agent();
			const mailsBefore = mailbox.mails.length;
			const workflowId = await askThroughWebhook('reviewed', 'agent-approve');
			const first = await mailbox.nth(mailsBefore + 1);
			expect(first.to).toContain('approver@example.com');
			expect(first.html).toContain('120.50');
			expect(await transfers()).toHaveLength(0); // nothing before the person's yes
			await click(first, 'Approve');
			await click(await mailbox.nth(mailsBefore + 2), 'Approve');
			const execution = await finished(workflowId);
			expect(execution.status).toBe('success');

			// The repeated call sends nothing: the node's memory answers it with the first transfer.
			const made = await transfers();
			expect(made.map((request) => request.status)).toEqual([201]);
			expect(made[0].headers['x-service-idempotency-key']).toMatch(/\S/);
			expect(externalTransfers(sandbox.ctx).list(SEED.organizations.fr).filter((transfer) => transfer.reference === 'Invoice F-2026-101')).toHaveLength(1);
		});

		it('declined: no transfer, and the model is told', async () => {
			const { mailbox, model, transfers } = agent();
			const mailsBefore = mailbox.mails.length;
			const workflowId = await askThroughWebhook('reviewed', 'agent-decline');
			await click(await mailbox.nth(mailsBefore + 1), 'Decline');
			await click(await mailbox.nth(mailsBefore + 2), 'Decline');
			const execution = await finished(workflowId);
			expect(execution.status).toBe('success');
			expect(await transfers()).toHaveLength(0);
			const [lastRequest] = model.requestsOf('reviewed').slice(-1);
			expect(lastResult(lastRequest)).toMatch(/declin|reject|not approved|denied/i);
		});
	});
}
