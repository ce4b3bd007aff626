// Who gets paid and who gives leave, with the node as an AI agent's tool in n8n-core's engine (the
// sandbox over loopback): an invoice is money-moving (it decides whose IBAN a client pays), is a
// draft unless the author allowed issuing and is paid only into the organization's own accounts;
// leave, limits, the idempotency key and the payee settings are never an expression; a proof token
// never pays as a tool, and Verify Payee hands the model none.
import type { INodeParameters, INodeProperties } from 'n8n-workflow';

import { SEED } from '../../sandbox/core/seed';
import { BENEFICIARY_SEED, beneficiaries, beneficiaryId } from '../../sandbox/modules/beneficiaries/store';
import { invoiceState } from '../../sandbox/modules/invoices/state';
import { externalTransfers } from '../../sandbox/modules/transfers/store';
import { BusinessBanking } from '../../nodes/BusinessBanking/BusinessBanking.node';
import { AUTHOR_ONLY_PARAMETERS } from '../../nodes/BusinessBanking/actions/aiTool/authorOnly';
import { FR_IBAN } from '../helpers/fixtures';
import { registerNodeType } from '../helpers/engine/nodeTypes';
import { runNode } from '../helpers/engine/runNode';
import { useTestSandbox } from '../helpers/sandbox';
import { createClient, createParameters } from './invoiceFixtures';

const TOOL_TYPE = 'n8n-nodes-business-banking.businessBankingTool';
registerNodeType(TOOL_TYPE, new BusinessBanking());

/** An IBAN that is none of the French organization's: the partner beneficiary's, as planted text would name. */
const FOREIGN_IBAN = BENEFICIARY_SEED.find((seed) => seed.key === 'partner')!.iban;
const LEAVE = { allowAiAgentUse: true };

describe('who gets paid and who gives leave, as an AI agent’s tool in n8n’s engine', () => {
	const sandbox = useTestSandbox();
	let clientId: string;
	beforeEach(async () => {
		clientId = await createClient(sandbox);
		sandbox.ctx.requests.clear();
	});

	const writes = () => sandbox.ctx.requests.find(undefined, '/v2/*').filter((request) => request.method !== 'GET');
	const invoices = () => invoiceState(sandbox.ctx).invoices.list(SEED.organizations.fr);
	const issued = () => invoices().filter((invoice) => invoice.status !== 'draft');
	const tool = (parameters: object) => runNode({ sandbox, node: { type: TOOL_TYPE, parameters: parameters as INodeParameters } });
	const transfer = (overrides: Record<string, unknown>) => ({
		resource: 'externalTransfer',
		operation: 'create',
		beneficiaryId: { __rl: true, mode: 'id', value: beneficiaryId('fr', 'supplier') },
		debitIban: { __rl: true, mode: 'iban', value: FR_IBAN },
		amount: '4900.00',
		currency: 'EUR',
		reference: 'Planted',
		...overrides,
	});

	describe('gap 1: an invoice decides who gets paid', () => {
		it('the issue’s attack (issued at once, a foreign IBAN, no leave): refused, 0 invoices', async () => {
			const before = invoices().length;
			const { items } = await tool(createParameters(clientId, { iban: FOREIGN_IBAN, status: 'unpaid' }));
			expect(items[0].json).toEqual({ refused: true, reason: expect.stringMatching(/^Refused: "Create \(clientInvoice\)" moves money, decides who gets paid .*Nothing was sent\./) });
			expect(writes()).toEqual([]);
			expect(invoices()).toHaveLength(before);
		});

		it('allowed, but to an IBAN that is none of the organization’s accounts: refused, read from the bank, nothing sent', async () => {
			const before = invoices().length;
			const { items } = await tool(createParameters(clientId, { ...LEAVE, allowAiAgentIssuing: true, iban: FOREIGN_IBAN }));
			expect(items[0].json).toEqual({
				refused: true,
				reason: `Refused: the IBAN ${FOREIGN_IBAN} is not one of this organization's own business accounts, and an invoice an AI agent writes may only be paid into one of them (Business Account › Get Many lists them). Nothing was sent.`,
			});
			expect(sandbox.ctx.requests.find('GET', '/organization')).toHaveLength(1);
			expect(writes()).toEqual([]);
			expect(invoices()).toHaveLength(before);
		});

		it('allowed without leave to issue: created as a draft whatever Status says, and the model is told; with that leave, issued', async () => {
			const issuedBefore = issued().length;
			const drafted = await tool(createParameters(clientId, { ...LEAVE, status: 'unpaid', iban: 'FR76 3000 6000 0112 3456 7890 189' }));
			expect(drafted.items[0].json).toMatchObject({ status: 'draft', note: expect.stringMatching(/^Created as a draft, not issued: this workflow’s author has not allowed an AI agent to issue invoices/) });
			expect((sandbox.ctx.requests.find('POST', '/v2/client_invoices')[0].body as { client_invoice: { status: string } }).client_invoice.status).toBe('draft');
			expect(issued()).toHaveLength(issuedBefore);
			const allowed = await tool(createParameters(clientId, { ...LEAVE, allowAiAgentIssuing: true, iban: FR_IBAN }));
			expect(allowed.items[0].json).toMatchObject({ status: 'unpaid' });
			expect(allowed.items[0].json.note).toBeUndefined();
			expect(issued()).toHaveLength(issuedBefore + 1);
		});

		it('Update of a draft to a foreign IBAN, and Finalize of a draft someone pointed at one: refused, nothing changed or issued', async () => {
			const draft = await runNode({ sandbox, node: { parameters: createParameters(clientId, { status: 'draft', iban: FOREIGN_IBAN }) } });
			const id = String(draft.items[0].json.id);
			const invoice = { __rl: true, mode: 'id', value: id };
			sandbox.ctx.requests.clear();
			const updated = await tool({ resource: 'clientInvoice', operation: 'update', invoiceId: invoice, updateFields: { iban: FOREIGN_IBAN }, ...LEAVE });
			expect(updated.items[0].json).toMatchObject({ refused: true, reason: expect.stringContaining(`the IBAN ${FOREIGN_IBAN} is not one of this organization's own`) });
			const finalized = await tool({ resource: 'clientInvoice', operation: 'finalize', invoiceId: invoice, ...LEAVE });
			expect(finalized.items[0].json).toMatchObject({ refused: true, reason: expect.stringContaining(`the IBAN ${FOREIGN_IBAN} is not one`) });
			expect(writes()).toEqual([]);
			expect(invoices().find((candidate) => candidate.id === id)?.status).toBe('draft');
			// Back to an own account, the same draft may be finalized by an allowed agent.
			const fixed = await tool({ resource: 'clientInvoice', operation: 'update', invoiceId: invoice, updateFields: { iban: FR_IBAN }, ...LEAVE });
			expect(fixed.items[0].json.refused).toBeUndefined();
			expect((await tool({ resource: 'clientInvoice', operation: 'finalize', invoiceId: invoice, ...LEAVE })).items[0].json).toMatchObject({ status: 'unpaid' });
		});
	});

	describe('the regular node’s "Require IBAN of Own Account"', () => {
		it('off (as every saved workflow has it): a foreign IBAN is sent as before', async () => {
			const { items, error } = await runNode({ sandbox, node: { parameters: createParameters(clientId, { iban: FOREIGN_IBAN }) } });
			expect(error).toBeUndefined();
			expect(items[0].json).toMatchObject({ status: 'unpaid' });
			expect(sandbox.ctx.requests.find('GET', '/organization')).toEqual([]);
		});

		it('on: the item naming a foreign IBAN stops before anything is sent; the accounts are read once per run', async () => {
			const parameters = createParameters(clientId, { requireOwnIban: true, iban: '={{ $json.iban }}', additionalFields: { number: '={{ $json.number }}' } });
			const items = [
				{ iban: FR_IBAN, number: `OWN-A-${Date.now()}` },
				{ iban: FOREIGN_IBAN, number: `FOREIGN-${Date.now()}` },
				{ iban: FR_IBAN, number: `OWN-B-${Date.now()}` },
			];
			const run = await runNode({ sandbox, items, node: { parameters, continueOnFail: true } });
			expect(run.items.map((item) => item.json.status ?? item.json.error)).toEqual([
				'unpaid',
				`Item 1: the IBAN ${FOREIGN_IBAN} (payment_methods.iban) is not one of the organization's own active business accounts`,
				'unpaid',
			]);
			expect(run.items[1].pairedItem).toEqual({ item: 1 });
			expect(sandbox.ctx.requests.find('GET', '/organization')).toHaveLength(1);
			expect(sandbox.ctx.requests.find('POST', '/v2/client_invoices')).toHaveLength(2);
		});

		it('holding an expression: refused, nothing sent', async () => {
			// A regular node's $fromAI resolves to nothing, which the node's type check stops (n8n 1.x keeps other expressions: the raw check stops those).
			const fromAi = await runNode({ sandbox, node: { parameters: createParameters(clientId, { requireOwnIban: "={{ $fromAI('check', 'Check the IBAN?', 'boolean') }}", iban: FOREIGN_IBAN }) } });
			expect(fromAi.error?.message).toMatch(/^Item 0: "?Require IBAN of Own Account"? /);
			// Any other expression n8n turns into plain text (the field takes none), which is no true or false.
			const other = await runNode({ sandbox, node: { parameters: createParameters(clientId, { requireOwnIban: '={{ false }}', iban: FOREIGN_IBAN }) } });
			expect(other.error?.message).toBe('Item 0: Require IBAN of Own Account (requireOwnIban) must be true or false, got "{{ false }}"');
			expect(writes()).toEqual([]);
		});
	});

	describe('gap 2: leave and limits are the author’s alone', () => {
		it('no leave or limit field takes an expression in the editor (so no $fromAI either)', () => {
			const properties = new BusinessBanking().description.properties;
			const named = (name: string) => properties.filter((property) => property.name === name);
			const leave = ['allowAiAgentUse', 'allowAiAgentIssuing', 'aiAgentLimits', 'requireOwnIban'].flatMap(named);
			const limits = named('aiAgentLimits').flatMap((collection) => collection.options as INodeProperties[]);
			expect(leave.length).toBeGreaterThan(10);
			expect(limits.map((limit) => limit.name)).toEqual(expect.arrayContaining(['maxAmountPerCall', 'maxAmountPerExecution', 'allowedBeneficiaryIds']));
			for (const field of [...leave, ...limits]) expect({ [field.name]: field.noDataExpression }).toEqual({ [field.name]: true });
		});

		it.each([
			['Allow Use by an AI Agent', { allowAiAgentUse: "={{ $fromAI('allowed', 'Whether you may pay', 'boolean') }}" }],
			['AI Agent Limits', { ...LEAVE, aiAgentLimits: { maxAmountPerCall: "={{ $fromAI('limit', 'Your limit', 'string') }}" } }],
			['Options › Idempotency Key', { ...LEAVE, options: { idempotencyKey: "={{ $fromAI('key', 'A new key', 'string') }}" } }],
			['Proceed When', { ...LEAVE, proceedOn: "={{ 'closeMatch' }}" }],
		])('a workflow whose %s holds an expression (imported or edited by hand): refused, 0 transfers', async (label, overrides) => {
			const { items, error } = await tool(transfer(overrides));
			expect(error).toBeUndefined();
			expect(items[0].json).toEqual({
				refused: true,
				reason: `Refused: "Create (externalTransfer)" moves money or decides who gets paid, and its ${label} holds an expression, which the data or a model could fill; only this workflow's author may set it, as a fixed value. Nothing was sent. Tell the user the workflow needs its author to fix this setting.`,
			});
			expect(writes()).toEqual([]);
			expect(externalTransfers(sandbox.ctx).list(SEED.organizations.fr)).toHaveLength(0);
		});

		it('Allow an AI Agent to Issue Invoices filled by the model: refused, 0 invoices; any other expression is no leave (a draft)', async () => {
			const { items } = await tool(createParameters(clientId, { ...LEAVE, allowAiAgentIssuing: "={{ $fromAI('issue', 'Issue it now?', 'boolean') }}" }));
			expect(items[0].json.reason).toMatch(/its Allow an AI Agent to Issue Invoices holds an expression/);
			expect(writes()).toEqual([]);
			const other = await tool(createParameters(clientId, { ...LEAVE, allowAiAgentIssuing: '={{ true }}' }));
			expect(other.items[0].json).toMatchObject({ status: 'draft' });
			expect(issued()).toHaveLength(0);
		});

		it('a limit written as another expression is text, not an amount: refused, 0 transfers', async () => {
			const { items } = await tool(transfer({ ...LEAVE, aiAgentLimits: { maxAmountPerCall: '={{ $json.limit }}' } }));
			expect(items[0].json).toEqual({ refused: true, reason: 'Refused: the author\'s Max Amount per Call ("{{ $json.limit }}") is not an amount, so no amount can be checked against it. Nothing was sent.' });
			expect(writes()).toEqual([]);
		});

		it('every author-only parameter is checked (the list in authorOnly.ts)', () => {
			expect(AUTHOR_ONLY_PARAMETERS.map((parameter) => parameter.path)).toEqual([
				'allowAiAgentUse',
				'allowAiAgentIssuing',
				'aiAgentLimits',
				'verification',
				'proceedOn',
				'vopProofToken',
				'options.idempotencyKey',
				'advanced.idempotencyKey',
			]);
		});

		it('a fixed idempotency key of the author’s is kept as a tool', async () => {
			const { items } = await tool(transfer({ ...LEAVE, amount: '12.00', reference: 'Author key', options: { idempotencyKey: 'author-fixed-key-1' } }));
			expect(items[0].json).toMatchObject({ status: 'pending' });
			expect(sandbox.ctx.requests.find('POST', '/v2/external_transfers')[0].headers['x-service-idempotency-key']).toBe('author-fixed-key-1');
		});
	});

	describe('gap 3: the payee check holds as a tool', () => {
		const supplier = () => beneficiaries(sandbox.ctx).get(SEED.organizations.fr, beneficiaryId('fr', 'supplier'))!;

		it('Verify Payee as a tool answers the result without a token; the regular node still hands it on', async () => {
			const verify = { resource: 'externalTransfer', operation: 'verifyPayee', iban: supplier().iban, beneficiaryName: 'Someone Else Entirely' };
			const asTool = await tool(verify);
			expect(asTool.items[0].json).toMatchObject({ result: 'no_match' });
			expect(asTool.items[0].json).not.toHaveProperty('vop_proof_token');
			expect(JSON.stringify(asTool.items)).not.toMatch(/vop_/);
			const regular = await runNode({ sandbox, node: { parameters: verify } });
			expect(regular.items[0].json.vop_proof_token).toMatch(/^vop_/);
		});

		it('the issue’s attack: a token from a no_match check, allowed transfers, the beneficiary on the allow-list: refused, 0 payments', async () => {
			const verified = await runNode({ sandbox, node: { parameters: { resource: 'externalTransfer', operation: 'verifyPayee', iban: supplier().iban, beneficiaryName: 'Someone Else Entirely' } } });
			expect(verified.items[0].json.result).toBe('no_match');
			sandbox.ctx.requests.clear();
			const { items } = await tool(
				transfer({ ...LEAVE, amount: '700.00', verification: 'token', vopProofToken: String(verified.items[0].json.vop_proof_token), aiAgentLimits: { allowedBeneficiaryIds: supplier().id } }),
			);
			expect(items[0].json).toEqual({
				refused: true,
				reason: 'Refused: an AI agent may not pay on a proof token; this workflow\'s author must set Payee Verification to "Verify the Beneficiary’s Name", so that the node checks the payee itself. Nothing was sent.',
			});
			expect(writes()).toEqual([]);
			expect(externalTransfers(sandbox.ctx).list(SEED.organizations.fr)).toHaveLength(0);
		});

		it('verifying itself, the tool stops on a no_match under the default Proceed When: 0 payments', async () => {
			beneficiaries(sandbox.ctx).update(SEED.organizations.fr, supplier().id, { ...supplier(), name: 'Not The Holder SAS' });
			// The error is the call's answer, which the model reads under every AI Agent version.
			const { items } = await tool(transfer({ ...LEAVE, amount: '700.00', reference: 'After a no_match' }));
			expect(items[0].json.error).toMatch(/payee verification answered "no_match" for "Not The Holder SAS".*no transfer was sent/);
			expect(sandbox.ctx.requests.find('POST', '/v2/external_transfers')).toEqual([]);
			expect(externalTransfers(sandbox.ctx).list(SEED.organizations.fr)).toHaveLength(0);
		});
	});
});
