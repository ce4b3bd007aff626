// Totals per execution count what the node sent (the amount it asked for, the debit of the quote it
// used), in the limits' currency, a payment that may have been made included; not what the bank's
// answer happens to say. Each case would pay past the limit if the total counted only the answers.
import type { INodeParameters, IRun } from 'n8n-workflow';

import { SEED } from '../../sandbox/core/seed';
import { beneficiaryId } from '../../sandbox/modules/beneficiaries/store';
import { international } from '../../sandbox/modules/international/store';
import { externalTransfers } from '../../sandbox/modules/transfers/store';
import { BusinessBanking } from '../../nodes/BusinessBanking/BusinessBanking.node';
import { registerNodeType } from '../helpers/engine/nodeTypes';
import { runNode } from '../helpers/engine/runNode';
import { injectFault } from '../helpers/engine/sandboxControls';
import { internationalTransferParameters, US_DETAILS } from '../helpers/international';
import { useTestSandbox } from '../helpers/sandbox';

const TOOL_TYPE = 'n8n-nodes-business-banking.businessBankingTool';
registerNodeType(TOOL_TYPE, new BusinessBanking());
const NODE = 'Business Banking';

describe('totals per execution count what the node sent', () => {
	const sandbox = useTestSandbox();
	beforeEach(() => sandbox.ctx.requests.clear());
	const transfers = () => externalTransfers(sandbox.ctx).list(SEED.organizations.fr);

	const transfer = (extra: Record<string, unknown>): INodeParameters => ({
		resource: 'externalTransfer',
		operation: 'create',
		beneficiaryId: { __rl: true, mode: 'id', value: beneficiaryId('fr', 'supplier') },
		debitIban: { __rl: true, mode: 'iban', value: 'FR7630006000011234567890189' },
		amount: '600.00',
		currency: 'EUR',
		reference: 'Call 1',
		...extra,
	});

	it('an international transfer answered as the spec has it (id, beneficiary_id, bank_account_id, status: no amount) counts the amount it asked for', async () => {
		const run = (parameters: Record<string, unknown>) => runNode({ sandbox, node: { parameters: parameters as INodeParameters } });
		const quote = (await run({ resource: 'internationalTransfer', operation: 'getQuote', sourceCurrency: 'EUR', targetCurrency: 'usd', fixedSide: 'source', amount: '600' })).items[0].json.quote as {
			id: string;
			source_amount: { value: string };
			target_amount: { value: string };
		};
		const beneficiary = (await run({ resource: 'internationalBeneficiary', operation: 'create', quoteId: quote.id, currency: 'USD', accountType: 'swift_code', detailsInput: 'json', detailsJson: JSON.stringify(US_DETAILS) })).items[0]
			.json as { beneficiary: { id: string }; target_account_id: string };
		const parameters = (reference: string) =>
			internationalTransferParameters(quote, beneficiary, { detailsJson: JSON.stringify({ reference }), safetyLimits: { maxAmountPerExecution: '1000' } });
		const first = await runNode({ sandbox, node: { parameters: parameters('INV 1') } });
		expect(first.error).toBeUndefined();
		// What n8n saved of the answer, cut to the spec's fields (the sandbox adds the amounts).
		const saved = JSON.parse(JSON.stringify(first.run)) as IRun;
		for (const item of saved.data.resultData.runData[NODE][0].data!.main[0]!) {
			const { id, beneficiary_id, bank_account_id, status } = item.json;
			item.json = { id, beneficiary_id, bank_account_id, status };
		}
		const second = await runNode({ sandbox, resumeFrom: saved, node: { parameters: parameters('INV 2') } });
		expect(second.error?.message).toBe(
			`Item 0: Refused: ${quote.source_amount.value} more would take this execution past the 1000 this workflow's author allows this node in one execution (Safety Limits) (${quote.source_amount.value} already). Nothing was sent.`,
		);
		expect(international(sandbox.ctx).transfers.list(SEED.organizations.fr)).toHaveLength(1);
	});

	it('a payment that may have been made counts: a tool call whose every try went unanswered, then another call under the execution’s limit is refused', async () => {
		await injectFault(sandbox, { method: 'POST', path: '/v2/external_transfers', kind: 'drop_after_commit', count: 10 });
		const limits = { allowAiAgentUse: true, aiAgentLimits: { maxAmountPerExecution: '1000.00' } };
		const first = await runNode({ sandbox, node: { type: TOOL_TYPE, parameters: transfer(limits) } });
		expect(first.items[0].json).toMatchObject({ error: expect.stringContaining('may have been made'), counted_toward_limits: { amount: '600.00', currency: 'EUR' } });
		expect(transfers()).toHaveLength(1);
		await sandbox.http.delete('/sandbox/faults');
		// The model tries again with another reference: the same 600.00 would be paid twice.
		const retried = await runNode({ sandbox, resumeFrom: JSON.parse(JSON.stringify(first.run)), node: { type: TOOL_TYPE, parameters: transfer({ ...limits, reference: 'Call 1 again' }) } });
		expect(retried.items[0].json).toEqual({
			refused: true,
			reason: "Refused: 600.00 more would take this execution past the 1000.00 this workflow's author allows an AI agent in one execution (600.00 already). Nothing was sent.",
		});
		expect(transfers()).toHaveLength(1);
	});

	it('the regular node with Continue On Fail: the item that may have been made counts in a later run of the execution', async () => {
		await injectFault(sandbox, { method: 'POST', path: '/v2/external_transfers', kind: 'drop_after_commit', count: 10 });
		const parameters = transfer({ safetyLimits: { maxAmountPerExecution: '1000.00' } });
		const first = await runNode({ sandbox, node: { parameters, continueOnFail: true } });
		expect(first.items[0].json.error).toContain('may have been made');
		await sandbox.http.delete('/sandbox/faults');
		const later = await runNode({ sandbox, resumeFrom: JSON.parse(JSON.stringify(first.run)), node: { parameters: { ...parameters, reference: 'Call 2' }, continueOnFail: true } });
		expect(later.items[0].json.error).toBe(
			"Item 0: Refused: 600.00 more would take this execution past the 1000.00 this workflow's author allows this node in one execution (Safety Limits) (600.00 already). Nothing was sent.",
		);
		expect(transfers()).toHaveLength(1);
	});

	it('a payment in another currency than the limits’ is refused, saying why; the limits’ own currency is the author’s to set', async () => {
		const usd = await runNode({ sandbox, node: { type: TOOL_TYPE, parameters: transfer({ currency: 'USD', allowAiAgentUse: true, aiAgentLimits: { maxAmountPerCall: '1000.00' } }) } });
		expect(usd.items[0].json).toEqual({
			refused: true,
			reason: "Refused: this payment is in USD, and the amounts this workflow's author set for an AI agent are in EUR; they cannot be compared without an exchange rate, which the node does not apply. Nothing was sent.",
		});
		const safety = await runNode({ sandbox, node: { parameters: transfer({ currency: 'usd', safetyLimits: { maxAmountPerExecution: '1000.00', currency: 'GBP' } }) } });
		expect(safety.error?.message).toBe(
			"Item 0: Refused: this payment is in USD, and the amounts this workflow's author set for this node (Safety Limits) are in GBP; they cannot be compared without an exchange rate, which the node does not apply. Nothing was sent.",
		);
		expect(sandbox.ctx.requests.find('POST', '/v2/external_transfers')).toHaveLength(0);
		// Amounts in the payment's currency pass (the allow-list alone compares no amount).
		const eur = await runNode({ sandbox, node: { parameters: transfer({ safetyLimits: { maxAmountPerExecution: '1000.00', currency: 'eur' } }) } });
		expect(eur.items[0].json).toMatchObject({ status: 'pending' });
	});
});
