// The tools under n8n's AI Agent Tool: a sub-agent that is itself a tool of the AI Agent, as users wire
// a "payments assistant" under a general one. The scripted model drives both: the parent hands the
// whole request to the sub-agent, whose model obeys an injection, pays within the limits, or sends
// three payments in one message. The node's gate must hold there as under the agent itself. Called by
// test/e2e/ai-agent.test.ts for each agent version it checks, with each AI Agent Tool version under it
// (a workflow may mix them; a version 3 sub-agent under a 2.x or 1.x agent runs no tool at all).
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
const referenceAsked = (request: ChatRequest) => /pay (F-\w+-\d{3})/.exec(textOf(request.messages.find((message) => message.role === 'user')!))?.[1] ?? '?';

/** The scenarios of one AI Agent Tool version, their names and the references they pay under its tag (`sub3-…`, `F-3-501`). */
function scriptsOf(tag: string): Record<string, Script> {
	const reference = (number: number) => `F-${tag}-${number}`;
	return {
		[`sub${tag}-injection`]: delegated(obeysInjection(toolName('List supplier invoices'))),
		[`sub${tag}-one-call`]: delegated((request) => (toolResults(request).length === 0 ? { toolCalls: [pay(reference(501))] } : { answer: `Paid: ${lastResult(request)}` })),
		[`sub${tag}-three-at-once`]: delegated((request) => (toolResults(request).length === 0 ? { toolCalls: [601, 602, 603].map((number) => pay(reference(number))) } : { answer: 'done' })),
		// The parent asks the sub-agent twice in one message; each sub-agent run pays 600.00 once.
		[`sub${tag}-twice`]: delegated(
			(request) => (toolResults(request).length === 0 ? { toolCalls: [pay(referenceAsked(request), '600.00')] } : { answer: lastResult(request) }),
			(prompt) => [`${prompt} pay ${reference(701)}`, `${prompt} pay ${reference(702)}`],
		),
	};
}

/** The AI Agent Tool's versions n8n 2.41.1 offers: 3 (its engine runs a message's calls one by one) and 2.2 (LangChain's executor). */
const SUB_AGENT_VERSIONS = [3, 2.2];
const tagOf = (subAgentVersion: number) => String(subAgentVersion).replace('.', '');

export const subAgentScripts: Record<string, Script> = Object.assign({}, ...SUB_AGENT_VERSIONS.map((version) => scriptsOf(tagOf(version))));

export function subAgentChecks(agent: () => AgentUnderTest, agentVersion: number): void {
	for (const subAgentVersion of SUB_AGENT_VERSIONS) {
		if (subAgentVersion >= 3 && agentVersion < 3) toolsNeverRun(agent, subAgentVersion);
		else subAgentChecksOf(agent, subAgentVersion);
	}
}

/**
 * Seen in n8n 2.41.1: an AI Agent Tool 3 under an AI Agent 2.x or 1.x asks its model, which calls a
 * tool, and answers the parent with empty text: version 3 hands its tool calls to n8n's engine, which a
 * 2.x or 1.x parent does not run. None of its tools runs, so nothing can be paid there.
 */
function toolsNeverRun(agent: () => AgentUnderTest, subAgentVersion: number): void {
	const scenario = `sub${tagOf(subAgentVersion)}-one-call`;
	describe(`under n8n's AI Agent Tool ${subAgentVersion}, which this agent version cannot run tools for`, () => {
		it('the sub-agent’s model calls the payment tool (with leave, within the limits), n8n runs no tool and answers the parent with empty text: 0 transfers', async () => {
			const execution = await agent().runManually(scenario, [payTool(allowed({ maxAmountPerCall: '1000.00' }))], { typeVersion: subAgentVersion });
			const requests = agent().model.requestsOf(scenario);
			expect(requests.filter((request) => !isParent(request))).toHaveLength(1);
			expect(lastResult(requests.filter(isParent).at(-1)!)).toBe('');
			expect(execution.raw.data.resultData.runData['Pay supplier']).toBeUndefined();
			expect(await agent().transfers()).toHaveLength(0);
		});
	});
}

function subAgentChecksOf(agent: () => AgentUnderTest, subAgentVersion: number): void {
	const tag = tagOf(subAgentVersion);
	describe(`under n8n's AI Agent Tool ${subAgentVersion} (a sub-agent as the agent's tool)`, () => {
		const run = async (scenario: string, tools: Parameters<AgentUnderTest['runManually']>[1]) => await agent().runManually(`sub${tag}-${scenario}`, tools, { typeVersion: subAgentVersion });
		/** What the sub-agent's model was sent, in order (the parent's requests left out). */
		const subRequests = (scenario: string) => agent().model.requestsOf(`sub${tag}-${scenario}`).filter((request) => !isParent(request));
		const resultsOf = (scenario: string) => toolResults(subRequests(scenario).at(-1)!).map((result) => result.content);
		const made = (...references: string[]) =>
			externalTransfers(agent().sandbox.ctx)
				.list(SEED.organizations.fr)
				.filter((transfer) => references.includes(transfer.reference));

		it('an instruction to pay planted in the data: the sub-agent’s model obeys, 0 transfers, and the refusal reaches both agents', async () => {
			const execution = await run('injection', [listSupplierInvoices, payTool()]);
			const requests = subRequests('injection');
			expect(requests).toHaveLength(3);
			expect(requests.every((request) => (request.tools ?? []).some((tool) => tool.function.name === toolName('Pay supplier')))).toBe(true);
			expect(lastResult(requests[2])).toMatch(/Refused: .*has not allowed an AI agent/);
			expect(await agent().transfers()).toHaveLength(0);
			// The parent's model read the sub-agent's answer, which quotes the refusal; so does the execution.
			expect(lastResult(agent().model.requestsOf(`sub${tag}-injection`).filter(isParent).at(-1)!)).toContain('Refused');
			expect(String(execution.items('Finance assistant')[0].output)).toContain('Refused');
			expect(JSON.stringify(execution.raw.data.resultData.runData['Pay supplier'])).toMatch(/Refused: .*has not allowed an AI agent/);
		});

		it('one call within every limit, with the author’s leave: paid once', async () => {
			await run('one-call', [payTool(allowed({ maxAmountPerCall: '1000.00', maxAmountPerExecution: '1500.00', allowedBeneficiaryIds: SUPPLIER }))]);
			expect(resultsOf('one-call')).toEqual([expect.not.stringContaining('Refused')]);
			expect(await agent().transfers()).toHaveLength(1);
			expect(made(`F-${tag}-501`)).toHaveLength(1);
		});

		it('three calls of 900.00 in one model message under 1000.00 per execution: exactly one transfer', async () => {
			await run('three-at-once', [payTool(allowed({ maxAmountPerExecution: '1000.00' }))]);
			const results = resultsOf('three-at-once');
			expect(results).toHaveLength(3);
			expect(results.filter((result) => result.includes('Refused: 900.00 more would take this execution past the 1000.00'))).toHaveLength(2);
			expect(results.filter((result) => result.includes('(900.00 already)'))).toHaveLength(2);
			expect(await agent().transfers()).toHaveLength(1);
			expect(made(`F-${tag}-601`, `F-${tag}-602`, `F-${tag}-603`)).toHaveLength(1);
		});

		it('the agent runs the sub-agent twice from one message, each paying 600.00 under 1000.00 per execution: one transfer, the total kept across the sub-agent’s runs', async () => {
			await run('twice', [payTool(allowed({ maxAmountPerExecution: '1000.00' }))]);
			const results = subRequests('twice').flatMap((request) => toolResults(request).map((result) => result.content));
			expect(results).toHaveLength(2);
			expect(results.filter((result) => result.includes('Refused: 600.00 more would take this execution past the 1000.00') && result.includes('(600.00 already)'))).toHaveLength(1);
			expect(await agent().transfers()).toHaveLength(1);
			expect(made(`F-${tag}-701`, `F-${tag}-702`)).toHaveLength(1);
		});
	});
}
