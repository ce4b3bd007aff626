// International Transfer › Create in version 2 of the node, in n8n's engine against the sandbox: the
// account debited is a locator of its own (empty: the main account); version 1's From Account option
// sends the same request.
import type { INodeParameters } from 'n8n-workflow';

import { SEED } from '../../sandbox/core/seed';
import { connectedCredential } from '../helpers/engine/connectedCredential';
import { CredentialStore } from '../helpers/engine/credentialStore';
import { runNode } from '../helpers/engine/runNode';
import { internationalTransferParameters, US_DETAILS, type BeneficiaryOutput, type QuoteOutput } from '../helpers/international';
import { useTestSandbox } from '../helpers/sandbox';

describe('International Transfer › Create, version 2: From Account', () => {
	const sandbox = useTestSandbox();
	beforeEach(() => sandbox.ctx.requests.clear());

	const run = (parameters: INodeParameters, typeVersion: number) => runNode({ sandbox, node: { parameters, typeVersion } });
	/** A quote and a US beneficiary, made by the node (version 1: those operations did not change). */
	async function quoteAndBeneficiary(): Promise<{ quote: QuoteOutput; beneficiary: BeneficiaryOutput }> {
		const quoted = await run({ resource: 'internationalTransfer', operation: 'getQuote', sourceCurrency: 'EUR', targetCurrency: 'USD', fixedSide: 'source', amount: '500' }, 1);
		expect(quoted.error).toBeUndefined();
		const quote = quoted.items[0].json.quote as unknown as QuoteOutput;
		const made = await run(
			{ resource: 'internationalBeneficiary', operation: 'create', quoteId: quote.id, currency: 'USD', accountType: 'swift_code', detailsInput: 'json', detailsJson: JSON.stringify(US_DETAILS) },
			1,
		);
		expect(made.error).toBeUndefined();
		return { quote, beneficiary: made.items[0].json as unknown as BeneficiaryOutput };
	}
	const mainAccount = () => sandbox.ctx.bankAccounts.list(SEED.organizations.fr)[0];
	const sentTransfer = () => sandbox.ctx.requests.find('POST', '/v2/international/transfers')[0]?.body as Record<string, unknown> | undefined;

	it('the account picked from the list is the account debited', async () => {
		const { quote, beneficiary } = await quoteAndBeneficiary();
		const account = mainAccount();
		const { error } = await run(internationalTransferParameters(quote, beneficiary, { bankAccountId: { __rl: true, mode: 'list', value: account.id, cachedResultName: 'Main account' } }), 2);
		expect(error).toBeUndefined();
		expect(sentTransfer()).toMatchObject({ quote_id: quote.id, beneficiary_id: beneficiary.beneficiary.id, bank_account_id: account.id });
	});

	it('left empty, no account is named (the bank debits the main account)', async () => {
		const { quote, beneficiary } = await quoteAndBeneficiary();
		const { error } = await run(internationalTransferParameters(quote, beneficiary), 2);
		expect(error).toBeUndefined();
		expect(sentTransfer()).toBeDefined();
		expect(sentTransfer()).not.toHaveProperty('bank_account_id');
	});

	it('an ID that is not a UUID is refused before anything is sent: typed (n8n’s check) or from an expression (the node’s)', async () => {
		const { quote, beneficiary } = await quoteAndBeneficiary();
		sandbox.ctx.requests.clear();
		const typed = await run(internationalTransferParameters(quote, beneficiary, { bankAccountId: { __rl: true, mode: 'id', value: 'main' } }), 2);
		expect(typed.error?.message).toContain('An account ID is a UUID');
		const mapped = await run(internationalTransferParameters(quote, beneficiary, { bankAccountId: { __rl: true, mode: 'id', value: '={{ "main" }}' } }), 2);
		expect(mapped.error?.message).toMatch(/^Item 0: From Account \(bankAccountId\) /);
		expect(sentTransfer()).toBeUndefined();
	});

	it('version 1 sends the same request from its From Account option', async () => {
		const { quote, beneficiary } = await quoteAndBeneficiary();
		const account = mainAccount();
		const { error } = await run(internationalTransferParameters(quote, beneficiary, { options: { bankAccountId: account.id } }), 1);
		expect(error).toBeUndefined();
		expect(sentTransfer()).toMatchObject({ quote_id: quote.id, bank_account_id: account.id });
	});
});

describe('International Transfer › Create: the simulated 2FA confirmation', () => {
	const sandbox = useTestSandbox();
	beforeEach(() => sandbox.ctx.requests.clear());

	it.each([1, 2])('version %i: Mock with a production credential stops the item before anything is sent, naming the field', async (typeVersion) => {
		const credential = new CredentialStore({ ...connectedCredential(sandbox), environment: 'production' });
		const quote = { id: '0d6f1a52-6a4e-4a5e-9a52-1d3c1f5b7c01', source_amount: { value: '500.00', currency: 'EUR' }, target_amount: { value: '540.00', currency: 'USD' } } as unknown as QuoteOutput;
		const beneficiary = { beneficiary: { id: '7a0f7c3e-3b7e-4a62-8d2e-5f1c2a9b4d10' }, target_account_id: 'acc_1' } as unknown as BeneficiaryOutput;
		const { error } = await runNode({ sandbox, credential, node: { parameters: internationalTransferParameters(quote, beneficiary, { options: { twoFaPreference: 'mock' } }), typeVersion } });
		expect(error?.message).toBe('Item 0: 2FA Method (options.twoFaPreference) must not be Mock with a production credential: Mock is the sandbox’s simulated confirmation; a production bank confirms with Paired Device, Passkey or SMS Code');
		expect(sandbox.ctx.requests.all()).toEqual([]);
	});
});
