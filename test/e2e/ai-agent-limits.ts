// The totals of AI Agent Limits under a real agent, whatever its version runs tools like: n8n's AI
// Agent 3.x runs a model message's tool calls one after another in its engine; 1.x and 2.x hand them
// to LangChain's executor, which may run them at once and records each call's input in the tool's
// run data first. Exactly the calls within the limits pass, sent one by one or several in one
// message. Called by test/e2e/ai-agent.test.ts for each agent version it checks.
import { SEED } from '../../sandbox/core/seed';
import { externalTransfers } from '../../sandbox/modules/transfers/store';
import { toolName } from './helpers/agentWorkflow';
import { BUSINESS_BANKING_TOOL } from './helpers/workflows';
import { beneficiaryId } from '../../sandbox/modules/beneficiaries/store';
import type { AgentUnderTest } from './helpers/agentUnderTest';
import { allowed, payTool, SUPPLIER } from './helpers/injectionScenarios';
import { toolResults, type Script } from './helpers/scriptedModel';

const PAYMENT = { beneficiary_id: SUPPLIER, amount: '900.00' };
/** A trusted beneficiary the author did not pick. */
const OTHER_PAYEE = beneficiaryId('fr', 'partner');

/** The scripts of these checks: one call, three calls in one message, the same call twice. */
export const limitScripts: Record<string, Script> = {
	'total-one-call': (request) =>
		toolResults(request).length === 0 ? { toolCalls: [{ name: toolName('Pay supplier'), args: { ...PAYMENT, reference: 'F-2026-201' } }] } : { answer: 'done' },
	'total-three-at-once': (request) =>
		toolResults(request).length === 0
			? { toolCalls: ['F-2026-301', 'F-2026-302', 'F-2026-303'].map((reference) => ({ name: toolName('Pay supplier'), args: { ...PAYMENT, reference } })) }
			: { answer: 'done' },
	'v2-tool-no-leave': (request) =>
		toolResults(request).length === 0 ? { toolCalls: [{ name: toolName('Pay supplier'), args: { ...PAYMENT, amount: '90.00', reference: 'F-2026-501' } }] } : { answer: 'done' },
	'v2-tool-picked-payee': (request) =>
		toolResults(request).length === 0
			? { toolCalls: [{ name: toolName('Pay supplier'), args: { ...PAYMENT, amount: '90.00', reference: 'F-2026-601' } }, { name: toolName('Pay supplier'), args: { ...PAYMENT, beneficiary_id: OTHER_PAYEE, amount: '90.00', reference: 'F-2026-602' } }] }
			: { answer: 'done' },
	'repeats-call': (request) =>
		toolResults(request).length < 2 ? { toolCalls: [{ name: toolName('Pay supplier'), args: { ...PAYMENT, amount: '120.50', reference: 'F-2026-401' } }] } : { answer: 'done' },
};

export function limitChecks(agent: () => AgentUnderTest): void {
	describe('AI Agent Limits’ totals, as this agent version runs tools', () => {
		const resultsOf = (scenario: string) => toolResults(agent().model.requestsOf(scenario).at(-1)!).map((result) => result.content);
		/** The transfers the bank made for these references. */
		const made = (...references: string[]) =>
			externalTransfers(agent().sandbox.ctx)
				.list(SEED.organizations.fr)
				.filter((transfer) => references.includes(transfer.reference));

		it('one call within every limit (900.00, an allowed payee, 1500.00 per execution, nothing spent) is paid', async () => {
			await agent().runManually('total-one-call', [payTool(allowed({ maxAmountPerCall: '1000.00', maxAmountPerExecution: '1500.00', allowedBeneficiaryIds: SUPPLIER }))]);
			expect(resultsOf('total-one-call')).toEqual([expect.not.stringContaining('Refused')]);
			expect(made('F-2026-201')).toHaveLength(1);
		});

		it('three calls of 900.00 in one model message under 1000.00 per execution: exactly one transfer, the others refused with the reason', async () => {
			await agent().runManually('total-three-at-once', [payTool(allowed({ maxAmountPerExecution: '1000.00' }))]);
			const results = resultsOf('total-three-at-once');
			expect(results).toHaveLength(3);
			expect(results.filter((result) => result.includes('Refused: 900.00 more would take this execution past the 1000.00'))).toHaveLength(2);
			expect(results.filter((result) => result.includes('(900.00 already)'))).toHaveLength(2);
			expect(made('F-2026-301', 'F-2026-302', 'F-2026-303')).toHaveLength(1);
		});

		// Version 2 of the node, what the editor makes: the leave and limits live in the tool's AI Agent section.
		const v2 = (extra: Record<string, unknown>) => ({ ...payTool(extra), node: { type: BUSINESS_BANKING_TOOL, typeVersion: 2 } });

		it('a version-2 tool without the leave: the call is refused, the model reads why, nothing is sent', async () => {
			await agent().runManually('v2-tool-no-leave', [v2({})]);
			expect(resultsOf('v2-tool-no-leave')).toEqual([expect.stringContaining('Allow Use by an AI Agent is off')]);
			expect(made('F-2026-501')).toHaveLength(0);
		});

		it('a version-2 tool with the leave and Allowed Beneficiaries picked from the list: the picked payee is paid, another refused', async () => {
			const picked = { beneficiaries: [{ beneficiary: { __rl: true, mode: 'list', value: SUPPLIER, cachedResultName: 'Papeterie Martin SARL' } }] };
			await agent().runManually('v2-tool-picked-payee', [v2({ allowAiAgentUse: true, aiAgentLimits: { maxAmountPerCall: '100.00', allowedBeneficiaries: picked } })]);
			const results = resultsOf('v2-tool-picked-payee');
			expect(results.filter((result) => result.includes(`beneficiary ${OTHER_PAYEE} is not one this workflow's author allows an AI agent to pay`))).toHaveLength(1);
			expect(made('F-2026-601')).toHaveLength(1);
			expect(made('F-2026-602')).toHaveLength(0);
		});

		it('the same call repeated by the model: one transfer (the second answered from the first by the node’s memory, nothing sent)', async () => {
			await agent().runManually('repeats-call', [payTool(allowed({ maxAmountPerCall: '500.00', maxAmountPerExecution: '500.00' }))]);
			const [first, second] = resultsOf('repeats-call');
			expect(first).toContain('F-2026-401');
			expect(second).toContain('F-2026-401');
			expect(second).toContain('_madeEarlier');
			const keys = (await agent().transfers()).map((request) => request.headers['x-service-idempotency-key']);
			expect(keys).toHaveLength(1);
			expect(made('F-2026-401')).toHaveLength(1);
		});
	});
}
