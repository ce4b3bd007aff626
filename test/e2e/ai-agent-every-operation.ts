// Every money-moving operation under a real agent, on each AI Agent version the suite checks (3.1, and
// 2.2 and 1.9, whose LangChain executor runs a message's calls at once): without the author's leave
// each is refused and nothing but reads reaches the service; with leave, the international transfer,
// the direct-debit collection, the new account and the issued invoice do exactly what the limits
// allow. Called by test/e2e/ai-agent.test.ts.
import { SEED } from '../../sandbox/core/seed';
import { clientsOf } from '../../sandbox/modules/clients/store';
import type { AgentUnderTest } from './helpers/agentUnderTest';
import { toolName } from './helpers/agentWorkflow';
import { callsEveryTool, everyMoneyMovingTool, MONEY_MOVING, usesEveryLeave, withLeaveTools } from './helpers/everyOperation';
import { requestsTo } from './helpers/sandbox';
import { toolResults, type Script } from './helpers/scriptedModel';

/** The client the collections and the invoice are for, and the first collection's date (a week after the sandbox's today). */
const facts = { clientId: '', firstCollection: '' };

export const everyOperationScripts: Record<string, Script> = {
	'every-op-no-leave': callsEveryTool,
	'every-op-leave': usesEveryLeave(
		() => facts.clientId,
		() => facts.firstCollection,
	),
};

export function everyOperationChecks(agent: () => AgentUnderTest): void {
	describe('every money-moving operation, as this agent version runs tools', () => {
		const resultsOf = (scenario: string) => toolResults(agent().model.requestsOf(scenario).at(-1)!);
		const writes = () => agent().sandbox.ctx.requests.find(undefined, '/v2/*').filter((request) => request.method !== 'GET');

		beforeAll(() => {
			const { sandbox } = agent();
			facts.clientId = clientsOf(sandbox.ctx).list(SEED.organizations.fr)[0].id;
			facts.firstCollection = new Date(sandbox.ctx.clock.now().getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
		});

		it(`without the author’s leave, each of the ${MONEY_MOVING.length} is refused though the model calls them all at once; nothing is written`, async () => {
			const tools = everyMoneyMovingTool();
			const run = await agent().runManually('every-op-no-leave', tools);
			const results = resultsOf('every-op-no-leave');
			expect(results.map((result) => result.name).sort()).toEqual(tools.map((tool) => toolName(tool.name)).sort());
			for (const result of results) expect([result.name, result.content]).toEqual([result.name, expect.stringMatching(/Refused: .*has not allowed an AI agent to run it/)]);
			expect(writes()).toEqual([]);
			for (const tool of tools) expect(JSON.stringify(run.raw.data.resultData.runData[tool.name])).toContain('has not allowed an AI agent');
		});

		it('with leave and limits: one international transfer (the planted 4900.00 refused), an unbounded collection refused and a one-off made, the account opened, the invoice issued; each once', async () => {
			const { sandbox } = agent();
			await agent().runManually('every-op-leave', withLeaveTools);
			const told = Object.fromEntries(['Pay_abroad', 'Collect_monthly', 'Collect_once', 'Open_account', 'Finalize_invoice'].map((name) => [name, resultsOf('every-op-leave').filter((result) => result.name === name).map((result) => result.content)]));
			expect([...told.Pay_abroad].sort()).toEqual([expect.stringContaining('"counted_toward_limits":{"amount":"400.00","currency":"EUR"}'), expect.stringContaining('Refused: the amount 4900.00 is above the 500.00')].sort());
			expect(told.Collect_monthly).toEqual([expect.stringContaining('Refused: a monthly subscription collects without an end date')]);
			expect(told.Collect_once).toEqual([expect.stringContaining('"schedule_type":"one_off"')]);
			expect(told.Open_account).toEqual([expect.stringContaining('"name":"Agent savings"')]);
			expect(told.Finalize_invoice).toEqual([expect.stringContaining('"status":"unpaid"')]);

			const statuses = async (path: string) => (await requestsTo(sandbox, 'POST', path)).map((request) => request.status);
			const [transfer] = await requestsTo(sandbox, 'POST', '/v2/international/transfers');
			expect(await statuses('/v2/international/transfers')).toEqual([201]);
			expect(JSON.stringify(transfer.body)).toContain('400.00');
			const collections = await requestsTo(sandbox, 'POST', '/v2/sepa/direct_debit_subscriptions');
			expect(collections.map((request) => [request.status, JSON.stringify(request.body).includes('one_off')])).toEqual([[201, true]]);
			expect(await statuses('/v2/bank_accounts')).toEqual([201]);
			const finalized = (await requestsTo(sandbox, 'POST', '/v2/client_invoices/*')).filter((request) => request.path.endsWith('/finalize'));
			expect(finalized.map((request) => request.status)).toEqual([200]);
		});
	});
}
