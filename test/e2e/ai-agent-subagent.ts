// The tools under n8n's AI Agent Tool: a sub-agent that is itself a tool of the AI Agent, as users wire
// a "payments assistant" under a general one. The scripted model drives both: the parent hands the
// whole request to the sub-agent, whose model obeys an injection, pays within the limits, or sends
// three payments in one message. The node's gate must hold there as under the agent itself. Called by
// test/e2e/ai-agent.test.ts for each agent version it checks (AI Agent Tool 3 under a 3.x agent, 2.2
// under 2.x and 1.x, the versions n8n offers).
import { SEED } from '../../sandbox/core/seed';
import { externalTransfers } from '../../sandbox/modules/transfers/store';
import { SUB_AGENT, SUB_AGENT_PROMPT, toolName } from './helpers/agentWorkflow';
import type { AgentUnderTest } from './helpers/agentUnderTest';
import { allowed, lastResult, listSupplierInvoices, obeysInjection, payTool, SUPPLIER } from './helpers/injectionScenarios';
import { textOf, toolResults, type ChatRequest, type Script } from './helpers/scriptedModel';

const pay = (reference: string, amount = '900.00') => ({ name: toolName('Pay supplier'), args: { beneficiary_id: SUPPLIER, amount, reference } });

/** Whether this request is the parent agent's (it sees the sub-agent as its one tool). */
const isParent = (request: ChatRequest) => (request.tools ?? []).some((tool) => tool.function.name === toolName(SUB_AGENT));

/** The parent hands the user's request to the sub-agent, then reports its answer; the sub-agent follows `script`. */
const delegated =
	(script: Script, asks: (prompt: string) => string[] = (prompt) => [prompt]): Script =>
	(request) => {
		if (!isParent(request)) return script(request);
		if (toolResults(request).length > 0) return { answer: `The payments assistant answered: ${lastResult(request)}` };
		const user = request.messages.find((message) => message.role === 'user');
		return { toolCalls: asks(user ? textOf(user) : '').map((prompt) => ({ name: toolName(SUB_AGENT), args: { [SUB_AGENT_PROMPT]: prompt } })) };
	};

/** The reference a parent's request to the sub-agent names. */
const referenceAsked = (request: ChatRequest) => /pay (F-\d{4}-\d{3})/.exec(textOf(request.messages.find((message) => message.role === 'user')!))?.[1] ?? '?';

export const subAgentScripts: Record<string, Script> = {
	'sub-injection': delegated(obeysInjection(toolName('List supplier invoices'))),
	'sub-one-call': delegated((request) => (toolResults(request).length === 0 ? { toolCalls: [pay('F-2026-501')] } : { answer: `Paid: ${lastResult(request)}` })),
	'sub-three-at-once': delegated((request) =>
		toolResults(request).length === 0 ? { toolCalls: ['F-2026-601', 'F-2026-602', 'F-2026-603'].map((reference) => pay(reference)) } : { answer: 'done' },
	),
	// The parent asks the sub-agent twice in one message; each sub-agent run pays 600.00 once.
	'sub-twice': delegated(
		(request) => (toolResults(request).length === 0 ? { toolCalls: [pay(referenceAsked(request), '600.00')] } : { answer: lastResult(request) }),
		(prompt) => [`${prompt} pay F-2026-701`, `${prompt} pay F-2026-702`],
	),
};

export function subAgentChecks(agent: () => AgentUnderTest, agentVersion: number): void {
	const subAgentVersion = agentVersion >= 3 ? 3 : 2.2;
	describe(`under n8n's AI Agent Tool ${subAgentVersion} (a sub-agent as the agent's tool)`, () => {
		const run = async (scenario: string, tools: Parameters<AgentUnderTest['runManually']>[1]) => await agent().runManually(scenario, tools, { typeVersion: subAgentVersion });
		/** What the sub-agent's model was sent, in order (the parent's requests left out). */
		const subRequests = (scenario: string) => agent().model.requestsOf(scenario).filter((request) => !isParent(request));
		const resultsOf = (scenario: string) => toolResults(subRequests(scenario).at(-1)!).map((result) => result.content);
		const made = (...references: string[]) =>
			externalTransfers(agent().sandbox.ctx)
				.list(SEED.organizations.fr)
				.filter((transfer) => references.includes(transfer.reference));

		it('an instruction to pay planted in the data: the sub-agent’s model obeys, 0 transfers, and the refusal reaches both agents', async () => {
			const execution = await run('sub-injection', [listSupplierInvoices, payTool()]);
			const requests = subRequests('sub-injection');
			expect(requests).toHaveLength(3);
			expect(requests.every((request) => (request.tools ?? []).some((tool) => tool.function.name === toolName('Pay supplier')))).toBe(true);
			expect(lastResult(requests[2])).toMatch(/Refused: .*has not allowed an AI agent/);
			expect(await agent().transfers()).toHaveLength(0);
			// The parent's model read the sub-agent's answer, which quotes the refusal; so does the execution.
			expect(lastResult(agent().model.requestsOf('sub-injection').filter(isParent).at(-1)!)).toContain('Refused');
			expect(String(execution.items('Finance assistant')[0].output)).toContain('Refused');
			expect(JSON.stringify(execution.raw.data.resultData.runData['Pay supplier'])).toMatch(/Refused: .*has not allowed an AI agent/);
		});

		it('one call within every limit, with the author’s leave: paid once', async () => {
			await run('sub-one-call', [payTool(allowed({ maxAmountPerCall: '1000.00', maxAmountPerExecution: '1500.00', allowedBeneficiaryIds: SUPPLIER }))]);
			expect(resultsOf('sub-one-call')).toEqual([expect.not.stringContaining('Refused')]);
			expect(await agent().transfers()).toHaveLength(1);
			expect(made('F-2026-501')).toHaveLength(1);
		});

		it('three calls of 900.00 in one model message under 1000.00 per execution: exactly one transfer', async () => {
			await run('sub-three-at-once', [payTool(allowed({ maxAmountPerExecution: '1000.00' }))]);
			const results = resultsOf('sub-three-at-once');
			expect(results).toHaveLength(3);
			expect(results.filter((result) => result.includes('Refused: 900.00 more would take this execution past the 1000.00'))).toHaveLength(2);
			expect(results.filter((result) => result.includes('(900.00 already)'))).toHaveLength(2);
			expect(await agent().transfers()).toHaveLength(1);
			expect(made('F-2026-601', 'F-2026-602', 'F-2026-603')).toHaveLength(1);
		});

		it('the agent runs the sub-agent twice from one message, each paying 600.00 under 1000.00 per execution: one transfer, the total kept across the sub-agent’s runs', async () => {
			await run('sub-twice', [payTool(allowed({ maxAmountPerExecution: '1000.00' }))]);
			const results = subRequests('sub-twice').flatMap((request) => toolResults(request).map((result) => result.content));
			expect(results).toHaveLength(2);
			expect(results.filter((result) => result.includes('Refused: 600.00 more would take this execution past the 1000.00') && result.includes('(600.00 already)'))).toHaveLength(1);
			expect(await agent().transfers()).toHaveLength(1);
			expect(made('F-2026-701', 'F-2026-702')).toHaveLength(1);
		});
	});
}
