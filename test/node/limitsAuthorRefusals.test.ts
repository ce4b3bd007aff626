// Two refusals a legitimate author should not get (issue 34): an allow-list id pasted in another
// case than the one sent, and a repeated one-off subscription call that sends nothing but was
// counted toward the execution's total before it was recognised as a repeat.
import type { INodeParameters } from 'n8n-workflow';

import { SEED } from '../../sandbox/core/seed';
import { beneficiaryId } from '../../sandbox/modules/beneficiaries/store';
import { clientsOf } from '../../sandbox/modules/clients';
import { sepaOf } from '../../sandbox/modules/sepa';
import { externalTransfers } from '../../sandbox/modules/transfers/store';
import { BusinessBanking } from '../../nodes/BusinessBanking/BusinessBanking.node';
import { registerNodeType } from '../helpers/engine/nodeTypes';
import { runNode } from '../helpers/engine/runNode';
import { useTestSandbox } from '../helpers/sandbox';

const TOOL_TYPE = 'n8n-nodes-business-banking.businessBankingTool';
registerNodeType(TOOL_TYPE, new BusinessBanking());
const MAIN_ACCOUNT_FR = 'b1a0c0de-0000-4000-8000-000000000001';

describe('limits an author sets refuse only what they should', () => {
	const sandbox = useTestSandbox();
	beforeEach(() => sandbox.ctx.requests.clear());

	const transfer = (beneficiary: string, limits: Record<string, string>): INodeParameters => ({
		resource: 'externalTransfer',
		operation: 'create',
		beneficiaryId: { __rl: true, mode: 'id', value: beneficiary },
		debitIban: { __rl: true, mode: 'iban', value: 'FR7630006000011234567890189' },
		amount: '10.00',
		currency: 'EUR',
		reference: 'Case',
		safetyLimits: limits,
	});

	it('Allowed Beneficiary IDs compares UUIDs, not their case: an id pasted in upper case lets the same beneficiary sent in lower case through', async () => {
		const supplier = beneficiaryId('fr', 'supplier');
		const { error, items } = await runNode({ sandbox, node: { parameters: transfer(supplier.toLowerCase(), { allowedBeneficiaryIds: ` ${supplier.toUpperCase()} ` }) } });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ status: 'pending' });
		expect(externalTransfers(sandbox.ctx).list(SEED.organizations.fr)).toHaveLength(1);
		// As a tool too (the author's list in upper case); another beneficiary still refused.
		const tool = await runNode({
			sandbox,
			node: { type: TOOL_TYPE, parameters: { ...transfer(supplier, {}), reference: 'Case (tool)', allowAiAgentUse: true, aiAgentLimits: { allowedBeneficiaryIds: `x, ${supplier.toUpperCase()}` } } },
		});
		expect(tool.items[0].json).toMatchObject({ status: 'pending' });
		const other = await runNode({ sandbox, node: { parameters: transfer(beneficiaryId('fr', 'partner'), { allowedBeneficiaryIds: supplier.toUpperCase() }) } });
		expect(other.error?.message).toContain('is not one this workflow\'s author allows this node to pay');
	});

	it('a repeated one-off subscription call answered from the first sends nothing, so it is not refused near the execution’s total', async () => {
		const clientId = clientsOf(sandbox.ctx).list(SEED.organizations.fr)[0].id;
		const today = sandbox.ctx.clock.now().toISOString().slice(0, 10);
		const parameters: INodeParameters = {
			resource: 'directDebit',
			operation: 'createSubscription',
			clientId: { __rl: true, mode: 'id', value: clientId },
			bankAccountId: { __rl: true, mode: 'id', value: MAIN_ACCOUNT_FR },
			amount: '49.90',
			scheduleType: 'one_off',
			initialCollectionDate: `${today}T00:00:00`,
			reference: 'Plan ACME-42',
			allowAiAgentUse: true,
			aiAgentLimits: { maxAmountPerExecution: '60.00' },
			safetyLimits: { maxAmountPerExecution: '60.00' },
		};
		const first = await runNode({ sandbox, node: { type: TOOL_TYPE, parameters } });
		expect(first.items[0].json).toMatchObject({ status: 'pending' });
		const repeated = await runNode({ sandbox, resumeFrom: first.run, node: { type: TOOL_TYPE, parameters } });
		expect(repeated.items[0].json).toMatchObject({ id: first.items[0].json.id, _existing: true });
		// Another one-off (a different reference) would send 49.90 more: still refused.
		const another = await runNode({ sandbox, resumeFrom: repeated.run, node: { type: TOOL_TYPE, parameters: { ...parameters, reference: 'Plan ACME-43' } } });
		expect(another.items[0].json).toMatchObject({ refused: true, reason: expect.stringContaining('(49.90 already)') });
		expect(sepaOf(sandbox.ctx).subscriptions.list(SEED.organizations.fr)).toHaveLength(1);
		expect(sandbox.ctx.requests.find('POST', '/v2/sepa/direct_debit_subscriptions')).toHaveLength(1);
	});
});
