// The author's limits on every run (Safety Limits on the regular node, AI Agent Limits on the tool),
// one module for both: totals per execution are counted from the bank's answers n8n saved in the
// execution, so they hold when an execution resumes in another process; a subscription without an
// end is refused under limits, and a tool's repeated subscription call makes one subscription.
import type { INodeParameters, INodeProperties } from 'n8n-workflow';

import { SEED } from '../../sandbox/core/seed';
import { beneficiaryId } from '../../sandbox/modules/beneficiaries/store';
import { clientsOf } from '../../sandbox/modules/clients';
import { international } from '../../sandbox/modules/international/store';
import { sepaOf } from '../../sandbox/modules/sepa';
import { externalTransfers } from '../../sandbox/modules/transfers/store';
import { BusinessBanking } from '../../nodes/BusinessBanking/BusinessBanking.node';
import { connectedCredential, CREDENTIAL_ID, CREDENTIAL_NAME } from '../helpers/engine/connectedCredential';
import { CredentialStore } from '../helpers/engine/credentialStore';
import { internationalTransferParameters, US_DETAILS, type BeneficiaryOutput, type QuoteOutput } from '../helpers/international';
import { registerNodeType } from '../helpers/engine/nodeTypes';
import { runNode } from '../helpers/engine/runNode';
import { runWorkflow } from '../helpers/engine/runWorkflow';
import { useTestSandbox } from '../helpers/sandbox';

const TOOL_TYPE = 'n8n-nodes-business-banking.businessBankingTool';
registerNodeType(TOOL_TYPE, new BusinessBanking());
const MAIN_ACCOUNT_FR = 'b1a0c0de-0000-4000-8000-000000000001';

describe('Safety Limits in the node’s description', () => {
	const fields = new BusinessBanking().description.properties.filter((property) => property.name === 'safetyLimits');

	it('are offered where an amount or a payee is sent, empty, and take no expression', () => {
		// Version 1's on every node; from version 2 on, a regular node's (a tool has its AI Agent Limits).
		const where = [
			[['externalTransfer'], ['create']],
			[['internationalTransfer'], ['create']],
			[['directDebit'], ['createSubscription']],
		];
		expect(fields.map((field) => [field.displayOptions?.show?.resource, field.displayOptions?.show?.operation])).toEqual([...where, ...where]);
		expect(fields.map((field) => [field.displayOptions?.show?.['@version'], field.displayOptions?.show?.['@tool']])).toEqual([
			...where.map(() => [[1], undefined]),
			...where.map(() => [[{ _cnd: { gte: 2 } }], [false]]),
		]);
		for (const field of fields) {
			expect(field.default).toEqual({});
			expect(field.noDataExpression).toBe(true);
			for (const option of field.options as INodeProperties[]) expect([option.name, option.noDataExpression]).toEqual([option.name, true]);
		}
	});
});

describe('Safety Limits and AI Agent Limits, in n8n’s engine', () => {
	const sandbox = useTestSandbox();
	beforeEach(() => sandbox.ctx.requests.clear());

	const transfers = () => externalTransfers(sandbox.ctx).list(SEED.organizations.fr);
	const subscriptions = () => sepaOf(sandbox.ctx).subscriptions.list(SEED.organizations.fr);
	/** A transfer per input item: amount and reference from the item, as a spreadsheet or a sub-workflow's caller gives them. */
	const transferFromItems = (safetyLimits?: Record<string, string>): INodeParameters => ({
		resource: 'externalTransfer',
		operation: 'create',
		beneficiaryId: { __rl: true, mode: 'id', value: beneficiaryId('fr', 'supplier') },
		debitIban: { __rl: true, mode: 'iban', value: 'FR7630006000011234567890189' },
		amount: '={{ $json.amount }}',
		currency: 'EUR',
		reference: '={{ $json.reference }}',
		...(safetyLimits ? { safetyLimits } : {}),
	});

	it('Max Amount per Item: the item above it stops with an error naming it, nothing sent for it; Continue On Fail answers per item', async () => {
		const { items } = await runNode({
			sandbox,
			node: { parameters: transferFromItems({ maxAmountPerItem: '500.00' }), continueOnFail: true },
			items: [
				{ amount: '300.00', reference: 'Row 1' },
				{ amount: '4900.00', reference: 'Row 2' },
			],
		});
		expect(items[0].json).toMatchObject({ status: 'pending', reference: 'Row 1' });
		expect(items[1]).toEqual({
			json: { error: "Item 1: Refused: the amount 4900.00 is above the 500.00 this workflow's author allows this node per item (Safety Limits). Nothing was sent." },
			pairedItem: { item: 1 },
		});
		expect(transfers().map((made) => made.reference)).toEqual(['Row 1']);
	});

	it('without Continue On Fail the run stops at that item with a NodeOperationError', async () => {
		const { error } = await runNode({ sandbox, node: { parameters: transferFromItems({ maxAmountPerItem: '500' }) }, items: [{ amount: '500.01', reference: 'Row 1' }] });
		expect(error).toMatchObject({ name: 'NodeOperationError', message: expect.stringContaining('Item 0: Refused: the amount 500.01 is above the 500') });
		expect(transfers()).toHaveLength(0);
	});

	it('Max Amount per Execution: a run’s rows add up (400 × 3 > 1000), and a resumed execution counts what it made before', async () => {
		const rows = [1, 2, 3].map((row) => ({ amount: '400.00', reference: `Row ${row}` }));
		const first = await runNode({ sandbox, node: { parameters: transferFromItems({ maxAmountPerExecution: '1000.00' }), continueOnFail: true }, items: rows });
		expect(first.items.map((item) => item.json.status ?? item.json.error)).toEqual([
			'pending',
			'pending',
			"Item 2: Refused: 400.00 more would take this execution past the 1000.00 this workflow's author allows this node in one execution (Safety Limits) (800.00 already). Nothing was sent.",
		]);
		// Going on from what n8n saved of the execution (JSON), as another worker or a restarted n8n does: 800.00 already.
		const resumed = await runNode({
			sandbox,
			resumeFrom: first.run,
			node: { parameters: { ...transferFromItems({ maxAmountPerExecution: '1000.00' }), amount: '200.01', reference: 'Row 4' }, continueOnFail: true },
		});
		expect(resumed.items[0].json.error).toBe(
			"Item 0: Refused: 200.01 more would take this execution past the 1000.00 this workflow's author allows this node in one execution (Safety Limits) (800.00 already). Nothing was sent.",
		);
		expect(transfers().map((made) => made.reference)).toEqual(['Row 1', 'Row 2']);
	});

	it('Allowed Beneficiary IDs: another payee is refused, nothing sent', async () => {
		const { error } = await runNode({
			sandbox,
			node: { parameters: transferFromItems({ allowedBeneficiaryIds: beneficiaryId('fr', 'partner') }) },
			items: [{ amount: '10.00', reference: 'Row 1' }],
		});
		expect(error?.message).toBe(`Item 0: Refused: beneficiary ${beneficiaryId('fr', 'supplier')} is not one this workflow's author allows this node to pay (Safety Limits). Nothing was sent.`);
		expect(transfers()).toHaveLength(0);
	});

	it('limits stored as an expression (a hand-edited workflow) are refused: the input could set them', async () => {
		const { error } = await runNode({ sandbox, node: { parameters: transferFromItems({ maxAmountPerItem: '={{ $json.amount }}' }) }, items: [{ amount: '9000.00', reference: 'Row 1' }] });
		expect(error?.message).toBe('Item 0: Refused: the Safety Limits hold an expression; they must be fixed values set by the workflow’s author, so that no input can change them. Nothing was sent.');
		expect(sandbox.ctx.requests.find('POST', '/v2/external_transfers')).toHaveLength(0);
	});

	it('on a tool, Safety Limits hold too and the model reads the refusal', async () => {
		const parameters = { ...transferFromItems({ maxAmountPerItem: '100' }), allowAiAgentUse: true, amount: '150.00', reference: 'Tool' };
		const { items } = await runNode({ sandbox, node: { type: TOOL_TYPE, parameters } });
		expect(items[0].json).toEqual({ refused: true, reason: "Refused: the amount 150.00 is above the 100 this workflow's author allows this node per item (Safety Limits). Nothing was sent." });
		expect(transfers()).toHaveLength(0);
	});

	it('a tool call with no earlier calls of its execution to count (as each call through n8n’s MCP Server Trigger): a per-execution total refuses instead of counting from 0; a per-call limit holds', async () => {
		const alone = (aiAgentLimits: Record<string, string>) =>
			runWorkflow(
				{
					nodes: [
						{
							id: 'tool',
							name: 'Pay',
							type: TOOL_TYPE,
							typeVersion: 1,
							position: [0, 0],
							parameters: { ...transferFromItems(), amount: '600.00', reference: 'MCP call', allowAiAgentUse: true, aiAgentLimits },
							credentials: { businessBankingOAuth2Api: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
						},
					],
					connections: {},
				},
				{ credentials: new Map([[CREDENTIAL_ID, new CredentialStore(connectedCredential(sandbox))]]) },
			);
		expect((await alone({ maxAmountPerExecution: '1000' })).outputs.Pay[0].json).toEqual({
			refused: true,
			reason: "Refused: this call stands alone, with no earlier calls of its execution to count (as each call through n8n's MCP Server Trigger does), so the 1000 this workflow's author allows an AI agent in one execution cannot be counted across calls. Nothing was sent. The author can remove Max Amount per Execution and bound each call instead.",
		});
		expect((await alone({ maxAmountPerCall: '500' })).outputs.Pay[0].json.refused).toBe(true);
		expect(transfers()).toHaveLength(0);
		expect((await alone({ maxAmountPerCall: '600' })).outputs.Pay[0].json).toMatchObject({ status: 'pending' });
	});

	describe('direct-debit subscriptions', () => {
		let clientId: string;
		let today: string;
		beforeEach(() => {
			clientId = clientsOf(sandbox.ctx).list(SEED.organizations.fr)[0].id;
			today = sandbox.ctx.clock.now().toISOString().slice(0, 10);
		});
		const subscription = (overrides: Record<string, unknown> = {}): INodeParameters => ({
			resource: 'directDebit',
			operation: 'createSubscription',
			clientId: { __rl: true, mode: 'id', value: clientId },
			bankAccountId: { __rl: true, mode: 'id', value: MAIN_ACCOUNT_FR },
			amount: '49.90',
			scheduleType: 'monthly',
			initialCollectionDate: `${today}T00:00:00`,
			reference: 'Plan ACME-42',
			...overrides,
		});

		it('as a tool, a monthly subscription has no end date: refused with the reason, none made', async () => {
			const { items } = await runNode({ sandbox, node: { type: TOOL_TYPE, parameters: subscription({ allowAiAgentUse: true }) } });
			expect(items[0].json).toEqual({
				refused: true,
				reason: "Refused: a monthly subscription collects without an end date, so its total over the schedule has no bound within the limits this workflow's author set for an AI agent. Only a one-off collection (Schedule: Once) can be checked. Nothing was sent.",
			});
			expect(subscriptions()).toHaveLength(0);
		});

		it('as a tool, a one-off is made once: the call repeated later in the execution (resumed from what n8n saved) makes no second subscription', async () => {
			const parameters = subscription({ allowAiAgentUse: true, scheduleType: 'one_off', aiAgentLimits: { maxAmountPerCall: '50' } });
			const first = await runNode({ sandbox, node: { type: TOOL_TYPE, parameters } });
			expect(first.items[0].json).toMatchObject({ status: 'pending', schedule_type: 'one_off', client_id: clientId });
			const repeated = await runNode({ sandbox, resumeFrom: first.run, node: { type: TOOL_TYPE, parameters } });
			expect(repeated.items[0].json).toMatchObject({ id: first.items[0].json.id, _existing: true });
			expect(subscriptions()).toHaveLength(1);
			expect(sandbox.ctx.requests.find('POST', '/v2/sepa/direct_debit_subscriptions')).toHaveLength(1);
		});

		it('on the regular node, a monthly subscription under an amount limit is refused; without limits it is made as before', async () => {
			const limited = await runNode({ sandbox, node: { parameters: subscription({ safetyLimits: { maxAmountPerItem: '100' } }) } });
			expect(limited.error?.message).toContain('Item 0: Refused: a monthly subscription collects without an end date');
			expect(subscriptions()).toHaveLength(0);
			const unlimited = await runNode({ sandbox, node: { parameters: subscription() } });
			expect(unlimited.error).toBeUndefined();
			expect(unlimited.items[0].json.client_id).toBeUndefined();
			expect(subscriptions()).toHaveLength(1);
		});
	});

	describe('international transfers: counted by what the bank says they debit', () => {
		const run = (parameters: Record<string, unknown>) => runNode({ sandbox, node: { parameters: parameters as INodeParameters } });
		const quoteFor = async (amount: string) =>
			(await run({ resource: 'internationalTransfer', operation: 'getQuote', sourceCurrency: 'EUR', targetCurrency: 'usd', fixedSide: 'source', amount })).items[0].json.quote as {
				id: string;
				source_amount: { value: string };
				target_amount: { value: string };
			};
		const transferParameters = (quote: QuoteOutput, beneficiary: BeneficiaryOutput) =>
			internationalTransferParameters(quote, beneficiary, { safetyLimits: { maxAmountPerItem: '700', maxAmountPerExecution: '1000' } });

		it('a renewed quote’s debit counts toward the execution’s total; the second transfer is refused, the sandbox has one', async () => {
			const quote = await quoteFor('600');
			const beneficiary = (
				await run({ resource: 'internationalBeneficiary', operation: 'create', quoteId: quote.id, currency: 'USD', accountType: 'swift_code', detailsInput: 'json', detailsJson: JSON.stringify(US_DETAILS) })
			).items[0].json as { beneficiary: { id: string }; target_account_id: string };
			sandbox.ctx.clock.advance(31 * 60 * 1000);
			const first = await run(transferParameters(quote, beneficiary));
			expect(first.items[0].json).toMatchObject({ quote_renewed: true });
			const debited = (first.items[0].json.source_amount as { value: string }).value;
			const second = await runNode({ sandbox, resumeFrom: first.run, node: { parameters: transferParameters(await quoteFor('600'), beneficiary) as INodeParameters } });
			expect(second.error?.message).toBe(
				`Item 0: Refused: 600.00 more would take this execution past the 1000 this workflow's author allows this node in one execution (Safety Limits) (${debited} already). Nothing was sent.`,
			);
			expect(international(sandbox.ctx).transfers.list(SEED.organizations.fr)).toHaveLength(1);
		});
	});
});
