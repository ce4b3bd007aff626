// Version 2 in n8n's engine: the tool's leave and limits as version 1's (now shown on the tool only),
// the Advanced collection's idempotency key taking effect (its rate limit: pacing.test.ts), and a business account's
// balance as a decimal string. Version 1 runs as before (the golden 1.0 set, and the v1 cases here).
import type { INodeParameters } from 'n8n-workflow';

import { SEED } from '../../sandbox/core/seed';
import { beneficiaryId } from '../../sandbox/modules/beneficiaries/store';
import { externalTransfers } from '../../sandbox/modules/transfers/store';
import { registerNodeType } from '../helpers/engine/nodeTypes';
import { runNode } from '../helpers/engine/runNode';
import { TOOL_TYPE, toolVariant } from '../helpers/engine/toolVariant';
import { useTestSandbox } from '../helpers/sandbox';

// The tool as n8n makes it (named …Tool): its '@tool' fields are kept when the engine resolves its parameters.
registerNodeType(TOOL_TYPE, toolVariant());

describe('version 2 in n8n’s engine', () => {
	const sandbox = useTestSandbox();
	beforeEach(() => sandbox.ctx.requests.clear());

	const posts = () => sandbox.ctx.requests.find('POST', '/v2/external_transfers');
	const transfers = () => externalTransfers(sandbox.ctx).list(SEED.organizations.fr);
	const transfer = (overrides: INodeParameters = {}): INodeParameters => ({
		resource: 'externalTransfer',
		operation: 'create',
		beneficiaryId: { __rl: true, mode: 'id', value: beneficiaryId('fr', 'supplier') },
		debitIban: { __rl: true, mode: 'iban', value: 'FR7630006000011234567890189' },
		amount: '120.00',
		currency: 'EUR',
		reference: 'Supplier invoice 42',
		...overrides,
	});

	it('a tool without the leave refuses the transfer and sends nothing', async () => {
		const { items, error } = await runNode({ sandbox, node: { type: TOOL_TYPE, typeVersion: 2, parameters: transfer() } });
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({ refused: true, reason: expect.stringContaining('(Allow Use by an AI Agent is off). Nothing was sent.') });
		expect(sandbox.ctx.requests.all().filter((request) => request.method !== 'GET')).toEqual([]);
		expect(transfers()).toHaveLength(0);
	});

	it('a tool with the leave pays once: the same call again sends nothing new', async () => {
		const parameters = transfer({ allowAiAgentUse: true });
		const first = await runNode({ sandbox, node: { type: TOOL_TYPE, typeVersion: 2, parameters } });
		expect(first.items[0].json).toMatchObject({ status: 'pending', beneficiary_id: beneficiaryId('fr', 'supplier') });
		// Another execution makes the same call: answered from the node's memory, nothing sent.
		const second = await runNode({ sandbox, node: { type: TOOL_TYPE, typeVersion: 2, parameters } });
		expect(second.items[0].json._madeEarlier).toMatchObject({ note: expect.stringMatching(/^Made by an earlier execution/) });
		expect(posts()).toHaveLength(1);
		expect(transfers()).toHaveLength(1);
	});

	// Version 2 picks the allowed beneficiaries from the organization's trusted ones (version 1 takes typed IDs).
	const picked = (key: 'supplier' | 'partner') => ({ beneficiaries: [{ beneficiary: { __rl: true, mode: 'list', value: beneficiaryId('fr', key), cachedResultName: key } }] });

	it('a regular node’s Safety Limits › Allowed Beneficiaries, picked: the one picked is paid, another stops the item with nothing sent', async () => {
		const paid = await runNode({ sandbox, node: { typeVersion: 2, parameters: transfer({ safetyLimits: { allowedBeneficiaries: picked('supplier') } }) } });
		expect(paid.error).toBeUndefined();
		expect(posts()).toHaveLength(1);
		const refused = await runNode({ sandbox, node: { typeVersion: 2, parameters: transfer({ reference: 'Another', safetyLimits: { allowedBeneficiaries: picked('partner') } }) } });
		expect(refused.error?.message).toBe(`Item 0: Refused: beneficiary ${beneficiaryId('fr', 'supplier')} is not one this workflow's author allows this node to pay (Safety Limits). Nothing was sent.`);
		expect(posts()).toHaveLength(1);
	});

	it('a tool’s AI Agent Limits › Allowed Beneficiaries, picked: another beneficiary is refused, nothing sent', async () => {
		const parameters = transfer({ allowAiAgentUse: true, aiAgentLimits: { allowedBeneficiaries: picked('partner') } });
		const { items } = await runNode({ sandbox, node: { type: TOOL_TYPE, typeVersion: 2, parameters } });
		expect(items[0].json).toEqual({ refused: true, reason: `Refused: beneficiary ${beneficiaryId('fr', 'supplier')} is not one this workflow's author allows an AI agent to pay. Nothing was sent.` });
		expect(posts()).toEqual([]);
	});

	it('a tool’s AI Agent Limits hold: above Max Amount per Call, refused, nothing sent', async () => {
		const parameters = transfer({ allowAiAgentUse: true, amount: '1000.01', aiAgentLimits: { maxAmountPerCall: '999.99' } });
		const { items } = await runNode({ sandbox, node: { type: TOOL_TYPE, typeVersion: 2, parameters } });
		expect(items[0].json).toEqual({ refused: true, reason: "Refused: the amount 1000.01 is above the 999.99 this workflow's author allows an AI agent per call. Nothing was sent." });
		expect(posts()).toEqual([]);
	});

	it('a tool whose Advanced › Idempotency Key the model would fill: refused, nothing sent', async () => {
		const parameters = transfer({ allowAiAgentUse: true, advanced: { idempotencyKey: "={{ $fromAI('key', 'A fresh key', 'string') }}" } });
		const { items } = await runNode({ sandbox, node: { type: TOOL_TYPE, typeVersion: 2, parameters } });
		expect(items[0].json).toEqual({ refused: true, reason: expect.stringContaining('its Advanced › Idempotency Key holds an expression') });
		expect(posts()).toEqual([]);
	});

	it('a regular node’s Safety Limits hold', async () => {
		const { error } = await runNode({ sandbox, node: { typeVersion: 2, parameters: transfer({ amount: '500.01', safetyLimits: { maxAmountPerItem: '500' } }) } });
		expect(error?.message).toMatch(/^Item 0: Refused: .*500/);
		expect(posts()).toEqual([]);
	});

	it('Advanced › Idempotency Key: the request carries the author’s key', async () => {
		const key = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
		const { error } = await runNode({ sandbox, node: { typeVersion: 2, parameters: transfer({ advanced: { idempotencyKey: key } }) } });
		expect(error).toBeUndefined();
		expect(posts().map((request) => request.headers['x-service-idempotency-key'])).toEqual([key]);
	});

	it('version 1 reads the key from Options, as before; version 2 no longer does (Options holds no key there)', async () => {
		const key = '0a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d';
		await runNode({ sandbox, node: { parameters: transfer({ options: { idempotencyKey: key } }) } });
		expect(posts().map((request) => request.headers['x-service-idempotency-key'])).toEqual([key]);
		await runNode({ sandbox, node: { typeVersion: 2, parameters: transfer({ reference: 'Supplier invoice 43', options: { idempotencyKey: key } }) } });
		expect(posts()[1].headers['x-service-idempotency-key']).not.toBe(key);
	});

	it('a business account’s balance: a decimal string from its cents in version 2, the API’s number in version 1', async () => {
		const [main] = sandbox.ctx.bankAccounts.list(SEED.organizations.fr);
		sandbox.ctx.bankAccounts.update(SEED.organizations.fr, main.id, { ...main, balance: 125000.5, balance_cents: 12500050, authorized_balance: '122100.50', authorized_balance_cents: 12210050 });
		const parameters = { resource: 'bankAccount', operation: 'getMany' };
		const v2 = await runNode({ sandbox, node: { typeVersion: 2, parameters } });
		expect(v2.items[0].json).toMatchObject({ balance: '125000.50', balance_cents: 12500050, authorized_balance: '122100.50' });
		const v1 = await runNode({ sandbox, node: { parameters } });
		expect(v1.items[0].json).toMatchObject({ balance: 125000.5 });
	});

	it('an overdrawn account’s balance keeps its sign in version 2: -5 cents is "-0.05"', async () => {
		const [main] = sandbox.ctx.bankAccounts.list(SEED.organizations.fr);
		sandbox.ctx.bankAccounts.update(SEED.organizations.fr, main.id, { ...main, balance: -0.05, balance_cents: -5 });
		const v2 = await runNode({ sandbox, node: { typeVersion: 2, parameters: { resource: 'bankAccount', operation: 'getMany' } } });
		expect(v2.items[0].json).toMatchObject({ balance: '-0.05', balance_cents: -5 });
	});
});
