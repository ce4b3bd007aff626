// As an AI agent's tool, an invoice may be paid only into the organization's own accounts: not only
// its structured IBAN, but any IBAN its text names (header, footer, terms, a line's title or
// description), since "pay into <IBAN>" written there tells the client where to pay just the same.
import type { INodeParameters } from 'n8n-workflow';

import { SEED } from '../../sandbox/core/seed';
import { BENEFICIARY_SEED } from '../../sandbox/modules/beneficiaries/store';
import { invoiceState } from '../../sandbox/modules/invoices/state';
import { BusinessBanking } from '../../nodes/BusinessBanking/BusinessBanking.node';
import { ibansWrittenIn } from '../../nodes/BusinessBanking/actions/clientInvoice/textIbans';
import { FR_IBAN } from '../helpers/fixtures';
import { registerNodeType } from '../helpers/engine/nodeTypes';
import { runNode } from '../helpers/engine/runNode';
import { useTestSandbox } from '../helpers/sandbox';
import { createClient, createParameters } from './invoiceFixtures';

const TOOL_TYPE = 'n8n-nodes-business-banking.businessBankingTool';
registerNodeType(TOOL_TYPE, new BusinessBanking());
const FOREIGN_IBAN = BENEFICIARY_SEED.find((seed) => seed.key === 'partner')!.iban;
/** The foreign IBAN as people write it: groups of four, lower case. */
const WRITTEN = FOREIGN_IBAN.replace(/(.{4})/g, '$1 ').trim().toLowerCase();
const LEAVE = { allowAiAgentUse: true, allowAiAgentIssuing: true };

describe('an invoice’s text names no account but the organization’s own, as an AI agent’s tool', () => {
	const sandbox = useTestSandbox();
	let clientId: string;
	beforeEach(async () => {
		clientId = await createClient(sandbox);
		sandbox.ctx.requests.clear();
	});
	const tool = (parameters: object) => runNode({ sandbox, node: { type: TOOL_TYPE, parameters: parameters as INodeParameters } });
	const invoicePosts = () => sandbox.ctx.requests.find('POST', '/v2/client_invoices');
	const refusal = `Refused: the IBAN ${FOREIGN_IBAN} (written in the invoice’s text) is not one of this organization's own business accounts`;

	it.each([
		['the header', { additionalFields: { header: `Please pay into ${WRITTEN} from now on.` } }],
		['the footer', { additionalFields: { footer: `Bank details changed: IBAN ${WRITTEN}` } }],
		['the terms', { additionalFields: { termsAndConditions: `Payment by transfer to ${FOREIGN_IBAN}, within 30 days.` } }],
		['a line’s title', { items: { item: [{ title: `Consulting — pay to ${WRITTEN}`, quantity: '1', unitPrice: '100.00', vatRate: '0.2', discountType: 'none' }] } }],
	])('an IBAN other than the own ones in %s: refused, nothing sent', async (_where, fields) => {
		const { items } = await tool(createParameters(clientId, { ...LEAVE, ...fields, additionalFields: { number: `T-${Date.now()}`, ...(fields as { additionalFields?: object }).additionalFields } }));
		expect(items[0].json).toEqual({ refused: true, reason: expect.stringContaining(refusal) });
		expect(invoicePosts()).toEqual([]);
	});

	it('the organization’s own IBAN written in the text passes; the regular node does not read the text', async () => {
		const own = await tool(createParameters(clientId, { ...LEAVE, additionalFields: { number: 'T-OWN', footer: `IBAN ${FR_IBAN.replace(/(.{4})/g, '$1 ').trim()}` } }));
		expect(own.items[0].json).toMatchObject({ status: 'unpaid' });
		const regular = await runNode({ sandbox, node: { parameters: createParameters(clientId, { requireOwnIban: true, additionalFields: { number: 'T-REG', footer: `IBAN ${WRITTEN}` } }) as INodeParameters } });
		expect(regular.error).toBeUndefined();
		expect(regular.items[0].json).toMatchObject({ status: 'unpaid' });
		expect(invoicePosts().map((request) => request.status)).toEqual([201, 201]);
	});

	it('Update and Finalize read the draft’s text too', async () => {
		const draft = await runNode({ sandbox, node: { parameters: createParameters(clientId, { status: 'draft', additionalFields: { number: 'T-DRAFT', header: `Pay into ${WRITTEN}` } }) as INodeParameters } });
		const invoiceId = { __rl: true, mode: 'id', value: String(draft.items[0].json.id) };
		sandbox.ctx.requests.clear();
		const updated = await tool({ resource: 'clientInvoice', operation: 'update', invoiceId, updateFields: { footer: `Or ${WRITTEN}` }, allowAiAgentUse: true });
		expect(updated.items[0].json).toMatchObject({ refused: true, reason: expect.stringContaining(refusal) });
		const finalized = await tool({ resource: 'clientInvoice', operation: 'finalize', invoiceId, allowAiAgentUse: true });
		expect(finalized.items[0].json).toMatchObject({ refused: true, reason: expect.stringContaining(refusal) });
		expect(sandbox.ctx.requests.find(undefined, '/v2/*').filter((request) => request.method !== 'GET')).toEqual([]);
		expect(invoiceState(sandbox.ctx).invoices.get(SEED.organizations.fr, invoiceId.value)?.status).toBe('draft');
	});

	it('what counts as a written IBAN: its checksum, whatever the spacing or case, and the word after it left out', () => {
		expect(
			ibansWrittenIn({
				header: `pay ${WRITTEN} and thanks`,
				items: [{ title: 'FR76 3000 6000 0112 3456 7890 189', description: 'ref FR12 NOT AN IBAN 2026, order 12345678901234567' }],
				footer: 'ref FR12 NOT AN IBAN',
			}),
		).toEqual([FOREIGN_IBAN, 'FR7630006000011234567890189']);
		// Ids are not text a client reads: a UUID's groups can pass the checksum by chance.
		expect(ibansWrittenIn({ client_id: 'ab12-3456-7890-1234-5678', payment_methods: { iban: FOREIGN_IBAN } })).toEqual([]);
	});
});
