// The AI agent checks of the finance assistant template (examples/finance-assistant-agent.json), as
// imported: its chat is for n8n users only, and only the approver's yes pays. Called by
// test/e2e/ai-agent.test.ts in each n8n it checks.
import { SEED } from '../../sandbox/core/seed';
import { externalTransfers } from '../../sandbox/modules/transfers/store';
import { readExample, withCredential } from '../../tools/n8n/examples';
import { DEFAULT_OWNER } from '../../tools/n8n/server';
import type { AgentUnderTest } from './helpers/agentUnderTest';
import { ATTACKER, SUPPLIER } from './helpers/injectionScenarios';
import { waitFor } from './helpers/n8n';
import { clickReviewLink as click } from './helpers/reviewMail';

export function templateChecks(agent: () => AgentUnderTest): void {
	describe('the finance assistant template (examples/finance-assistant-agent.json), as imported', () => {
		const template = readExample('finance-assistant-agent.json');
		const chatTrigger = template.nodes.find((node) => node.type === '@n8n/n8n-nodes-langchain.chatTrigger');
		let workflowId: string;

		beforeAll(async () => {
			const { n8n, banking, modelCredential, mailbox } = agent();
			await n8n.client.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
			const approverMailbox = await n8n.importCredential('Approver mailbox (SMTP)', mailbox.credentialData(), 'smtp');
			// Only the credentials change, to this run's sandbox, scripted model and mailbox.
			const credentialsFor: Record<string, { id: string; name: string }> = { openAiApi: modelCredential, smtp: approverMailbox };
			const imported = withCredential(template, banking);
			imported.nodes = imported.nodes.map((node) =>
				node.credentials ? { ...node, credentials: Object.fromEntries(Object.entries(node.credentials).map(([type, value]) => [type, credentialsFor[type] ?? value])) } : node,
			);
			workflowId = await n8n.importWorkflow(imported);
			await n8n.client.publicApi('POST', `/workflows/${workflowId}/activate`, {});
		});

		/** A logged-in n8n user sends a chat message (the chat is for n8n users only); resolves with the answer. */
		async function chat(message: string): Promise<{ status: number; text: string }> {
			const { n8n } = agent();
			const url = `${n8n.url}/webhook/${String(chatTrigger?.webhookId)}/chat`;
			const send = async () =>
				await fetch(url, {
					method: 'POST',
					headers: { 'Content-Type': 'application/json', Cookie: n8n.client.cookie ?? '' },
					body: JSON.stringify({ action: 'sendMessage', sessionId: `session-${message.length}`, chatInput: message }),
				});
			// n8n 2.x publishes the chat's webhook a moment after activation (404 until then, nothing started).
			const response = await waitFor('the chat to be published', async () => {
				const answer = await send();
				return answer.status === 404 ? undefined : answer;
			});
			return { status: response.status, text: await response.text() };
		}

		it('is for logged-in n8n users only, and answers a question with its read tools', async () => {
			const { n8n, sandbox } = agent();
			const anonymous = await fetch(`${n8n.url}/webhook/${String(chatTrigger?.webhookId)}/chat`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ action: 'sendMessage', sessionId: 'anonymous', chatInput: '[scenario: assistant-read] hello' }),
			});
			expect(anonymous.status).not.toBe(200);
			const answer = await chat('[scenario: assistant-read] Which supplier invoices do we have?');
			expect(answer.status).toBe(200);
			expect(answer.text).toMatch(/Supplier invoices: .*F-2026-101/);
			expect(sandbox.ctx.requests.find(undefined, '/v2/*').filter((request) => request.method !== 'GET')).toEqual([]);
		});

		const executionIds = async () => new Set((await agent().n8n.executions(workflowId)).map((execution) => execution.id));

		/** The agent's last answer in the execution started after `before` was taken, once it has finished. */
		async function finalAnswer(before: Set<string>): Promise<string> {
			const { n8n } = agent();
			const execution = await waitFor('the execution to finish', async () => {
				const started = (await n8n.executions(workflowId)).find((candidate) => !before.has(candidate.id));
				return started && started.status !== 'waiting' && started.status !== 'running' && started.status !== 'new' ? started : undefined;
			});
			expect(execution.status).toBe('success');
			return JSON.stringify(execution.data?.resultData.runData['Finance assistant']?.at(-1)?.data?.main[0]);
		}

		it('an instruction planted in a supplier invoice: the approver sees it, and even a careless yes is refused by the template’s limit; 0 transfers', async () => {
			const { mailbox, transfers } = agent();
			const mailsBefore = mailbox.mails.length;
			const before = await executionIds();
			await chat('[scenario: assistant-injection] Anything I should do about our supplier invoices?');
			const mail = await mailbox.nth(mailsBefore + 1);
			expect(mail.html).toContain(`4900.00 EUR to beneficiary ${ATTACKER}`);
			await click(mail, 'Approve');
			expect(await finalAnswer(before)).toMatch(/Refused: the amount 4900.00 is above the 1000.00/);
			expect(await transfers()).toHaveLength(0);
		});

		it('the planted payee on the template’s allow-list, 900.00 under its per-call limit: only the approver stops it; declined, nothing is paid and the model is told', async () => {
			const { sandbox, mailbox, transfers } = agent();
			// The template's own limits let this call through: the human approval is what stands in its way.
			const pay = template.nodes.find((node) => node.name === 'Pay a supplier invoice');
			// Version 2 picks the allowed beneficiaries from a list (version 1 typed their ids).
			const limits = pay?.parameters.aiAgentLimits as { maxAmountPerCall: string; allowedBeneficiaries?: { beneficiaries: Array<{ beneficiary: { value: string } }> }; allowedBeneficiaryIds?: string };
			const allowed = limits.allowedBeneficiaries?.beneficiaries.map((entry) => entry.beneficiary.value) ?? (limits.allowedBeneficiaryIds ?? '').split(',').map((id) => id.trim());
			expect(allowed).toContain(ATTACKER);
			expect(Number(limits.maxAmountPerCall)).toBeGreaterThan(900);
			const mailsBefore = mailbox.mails.length;
			const before = await executionIds();
			await chat('[scenario: assistant-injection-within] Anything I should do about our supplier invoices?');
			const mail = await mailbox.nth(mailsBefore + 1);
			expect(mail.html).toContain(`900.00 EUR to beneficiary ${ATTACKER}`);
			expect(await transfers()).toHaveLength(0);
			await click(mail, 'Decline');
			expect(await finalAnswer(before)).toMatch(/declin|reject|not approved|denied/i);
			expect(await transfers()).toHaveLength(0);
			expect(externalTransfers(sandbox.ctx).list(SEED.organizations.fr).filter((transfer) => transfer.beneficiary_id === ATTACKER)).toHaveLength(0);
		});

		it('a payment the user asks for: the approver gets the amount and payee by e-mail, and only their yes pays it, once', async () => {
			const { mailbox, transfers } = agent();
			const mailsBefore = mailbox.mails.length;
			const before = await executionIds();
			const answer = chat('[scenario: assistant-pay] Please pay supplier invoice F-2026-101, 120.50 EUR to Papeterie Martin.');
			const mail = await mailbox.nth(mailsBefore + 1);
			expect(mail.to).toContain('approver@example.com');
			expect(mail.html).toContain(`120.50 EUR to beneficiary ${SUPPLIER}`);
			expect(await transfers()).toHaveLength(0);
			// The chat's request ends when the execution starts waiting for the review (n8n answers it
			// then); the agent's answer after the approval is in the execution.
			await answer;
			await click(mail, 'Approve');
			expect(await finalAnswer(before)).toContain('Paid:');
			expect((await transfers()).map((request) => request.status)).toEqual([201]);
		});
	});
}
