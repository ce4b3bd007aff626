import type { IDataObject, INodeParameters, INodePropertyOptions, ResourceMapperField, ResourceMapperFields } from 'n8n-workflow';

import { SEED } from '../../sandbox/core/seed';
import { international } from '../../sandbox/modules/international/store';
import { connectedCredential } from '../helpers/engine/connectedCredential';
import { CredentialStore } from '../helpers/engine/credentialStore';
import { runEditorMethod } from '../helpers/engine/editor';
import { runNode } from '../helpers/engine/runNode';
import { useTestSandbox } from '../helpers/sandbox';

interface Quote {
	id: string;
	source_amount: { value: string };
	target_amount: { value: string };
}

/** A US business paid by ACH: the ABA form, with the state the US address adds. */
const USD_ACH = {
	currency: 'USD',
	accountType: 'aba',
	details: {
		accountHolderName: 'Acme Supplies Inc',
		'address.country': 'US',
		'address.state': 'NY',
		'address.city': 'New York',
		'address.postCode': '10001',
		'address.firstLine': '350 Fifth Avenue',
		abartn: '021000021',
		accountNumber: '123456789',
		accountType: 'CHECKING',
	},
	transfer: { reference: 'INV 2026-07' },
};

/** An Indian supplier paid by SWIFT: another form, and INR transfers must state their purpose. */
const INR_SWIFT = {
	currency: 'INR',
	accountType: 'swift_code',
	details: {
		accountHolderName: 'Sharma Textiles',
		'address.country': 'IN',
		'address.city': 'Mumbai',
		'address.postCode': '400001',
		'address.firstLine': '12 Marine Drive',
		swiftCode: 'HDFCINBB',
		accountNumber: '50100012345678',
	},
	transfer: { reference: 'PO 4411', transferPurpose: 'goods' },
};


// Engine runs on a loaded machine: the first one of a file also loads n8n-core.
jest.setTimeout(30_000);
describe('International forms: details mapped field by field from the requirements listing', () => {
	const sandbox = useTestSandbox();
	beforeEach(() => sandbox.ctx.requests.clear());
	const credential = () => new CredentialStore(connectedCredential(sandbox));
	const requests = () => sandbox.ctx.requests.all().map((r) => `${r.method} ${r.path}`);

	const run = (parameters: Record<string, unknown>, items?: IDataObject[]) => runNode({ sandbox, node: { parameters: parameters as INodeParameters }, items });
	const getQuote = async (targetCurrency: string) => {
		const { items, error } = await run({ resource: 'internationalTransfer', operation: 'getQuote', sourceCurrency: 'EUR', targetCurrency, fixedSide: 'source', amount: '1000' });
		expect(error).toBeUndefined();
		return items[0].json.quote as Quote;
	};

	/** What the editor does: load the form for the node's parameters and answers so far, and save it with the values. */
	const fillForm = async (method: string, parameters: Record<string, unknown>, values: Record<string, string>, formValues = values) => {
		const form = await runEditorMethod<ResourceMapperFields>(credential(), 'resourceMapping', method, {
			...parameters,
			details: { mappingMode: 'defineBelow', value: formValues },
		} as INodeParameters);
		return { mappingMode: 'defineBelow', value: values, matchingColumns: [], schema: form.fields, attemptToConvertTypes: false, convertFieldsToString: false };
	};
	const beneficiaryParameters = async (quote: Quote, example: typeof USD_ACH | typeof INR_SWIFT, values: Record<string, string> = example.details, formValues = values) => {
		const parameters = { resource: 'internationalBeneficiary', operation: 'create', quoteId: quote.id, currency: example.currency, accountType: example.accountType };
		return { ...parameters, details: await fillForm('getBeneficiaryDetailFields', parameters, values, formValues) };
	};
	const transferParameters = async (quote: Quote, made: { beneficiary: { id: string }; target_account_id: string }, currency: string, values: Record<string, string>) => {
		const parameters = {
			resource: 'internationalTransfer',
			operation: 'create',
			quoteId: quote.id,
			internationalBeneficiaryId: made.beneficiary.id,
			targetAccountId: made.target_account_id,
			sourceAmount: quote.source_amount.value,
			sourceCurrency: 'EUR',
			targetAmount: quote.target_amount.value,
			targetCurrency: currency,
		};
		return { ...parameters, details: await fillForm('getTransferDetailFields', parameters, values) };
	};

	it('shows the listing as a form: account types, labels, dropdowns, required marks; a US country adds the state', async () => {
		const quote = await getQuote('USD');
		const types = await runEditorMethod<INodePropertyOptions[]>(credential(), 'loadOptions', 'getBeneficiaryAccountTypes', { quoteId: quote.id });
		expect(types.map(({ name, value }) => ({ name, value }))).toEqual([
			{ name: 'SWIFT / BIC', value: 'swift_code' },
			{ name: 'ABA (US Routing Number)', value: 'aba' },
		]);
		expect(types[1].description).toBe('Full name of the account holder, Country, City, Postcode, Street address, ACH routing number, Account number, Account type');

		const parameters = { resource: 'internationalBeneficiary', operation: 'create', quoteId: quote.id, accountType: 'aba' };
		const form = (value: Record<string, string> | null) =>
			runEditorMethod<ResourceMapperFields>(credential(), 'resourceMapping', 'getBeneficiaryDetailFields', { ...parameters, details: { mappingMode: 'defineBelow', value } } as INodeParameters);
		const blank = await form(null);
		expect(blank.fields.map((f) => f.id)).toEqual(['accountHolderName', 'address.country', 'address.city', 'address.postCode', 'address.firstLine', 'abartn', 'accountNumber', 'accountType']);
		expect(blank.fields.find((f) => f.id === 'abartn')).toEqual<ResourceMapperField>({
			id: 'abartn',
			displayName: 'ACH routing number',
			required: true,
			defaultMatch: false,
			canBeUsedToMatch: false,
			display: true,
			readOnly: false,
			removed: false,
			type: 'string',
		});
		expect(blank.fields.find((f) => f.id === 'accountType')).toMatchObject({
			displayName: 'Account type',
			type: 'options',
			options: [
				{ name: 'CHECKING', value: 'CHECKING' },
				{ name: 'SAVINGS', value: 'SAVINGS' },
			],
		});

		sandbox.ctx.requests.clear();
		const refreshed = await form({ 'address.country': 'US' });
		expect(refreshed.fields.map((f) => f.id)).toContain('address.state');
		expect(refreshed.fields.find((f) => f.id === 'address.state')).toMatchObject({ displayName: 'State / province', required: true, type: 'options' });
		expect(refreshed.fields.find((f) => f.id === 'address.state')?.options).toContainEqual({ name: 'NY', value: 'NY' });
		// Only the answer that changes the form travels in the query.
		expect(sandbox.ctx.requests.find('GET', '/v2/international/beneficiaries/requirements').map((r) => r.query)).toEqual([
			{ quote_id: quote.id },
			{ quote_id: quote.id, 'details[address.country]': 'US' },
		]);

		const withoutQuote = await runEditorMethod<ResourceMapperFields>(credential(), 'resourceMapping', 'getBeneficiaryDetailFields', { ...parameters, quoteId: '={{ $json.quote.id }}' });
		expect(withoutQuote).toEqual({ fields: [], emptyFieldsNotice: 'Enter the Quote ID and the Account Type to load the beneficiary form' });
	});

	it.each([
		['USD', USD_ACH],
		['INR', INR_SWIFT],
	])('creates a %s beneficiary and a transfer entirely from mapped fields, nested as the API wants', async (currency, example) => {
		const quote = await getQuote(currency);
		const beneficiary = await run(await beneficiaryParameters(quote, example));
		expect(beneficiary.error).toBeUndefined();
		const [posted] = sandbox.ctx.requests.find('POST', '/v2/international/beneficiaries');
		const { accountHolderName, ...rest } = example.details as Record<string, string>;
		const address = Object.fromEntries(Object.entries(rest).filter(([key]) => key.startsWith('address.')).map(([key, value]) => [key.slice('address.'.length), value]));
		const account = Object.fromEntries(Object.entries(rest).filter(([key]) => !key.startsWith('address.')));
		expect(posted.body).toEqual({ quote_id: quote.id, payload: { currency, type: example.accountType, details: { accountHolderName, address, ...account } } });
		const made = beneficiary.items[0].json as { beneficiary: { id: string }; target_account_id: string };

		const parameters = await transferParameters(quote, made, currency, example.transfer);
		const purpose = parameters.details.schema.find((f) => f.id === 'transferPurpose');
		expect(purpose?.required).toBe(currency === 'INR');
		const transfer = await run(parameters);
		expect(transfer.error).toBeUndefined();
		expect(transfer.items[0].json).toMatchObject({ status: 'TRANSACTION_STATUS_PROCESSING', beneficiary_id: made.beneficiary.id });
		expect(sandbox.ctx.requests.find('POST', '/v2/international/transfers')[0].body).toMatchObject({ details: example.transfer });
		expect(international(sandbox.ctx).transfers.list(SEED.organizations.fr)).toHaveLength(1);
	});

	it.each([
		['a missing required field', { abartn: '={{ $json.routing }}' }, { routing: '' }, 'Item 0: ACH routing number (payload.details.abartn) is required'],
		[
			'a value outside the allowed list',
			{ accountType: '={{ $json.kind }}' },
			{ kind: 'BROKERAGE' },
			'Item 0: Account type (payload.details.accountType) must be one of CHECKING, SAVINGS, got "BROKERAGE"',
		],
	])('refuses %s before any request, naming the field', async (_case, mapped, item, message) => {
		const quote = await getQuote('USD');
		const parameters = await beneficiaryParameters(quote, USD_ACH, { ...USD_ACH.details, ...mapped });
		sandbox.ctx.requests.clear();
		const { error } = await run(parameters, [item]);
		expect(error).toMatchObject({ name: 'NodeOperationError', message });
		expect(requests()).toEqual([]);
	});

	it('refuses a transfer purpose outside the allowed list before any request', async () => {
		const quote = await getQuote('INR');
		const made = (await run(await beneficiaryParameters(quote, INR_SWIFT))).items[0].json as { beneficiary: { id: string }; target_account_id: string };
		const parameters = await transferParameters(quote, made, 'INR', { reference: 'PO 4411', transferPurpose: '={{ $json.purpose }}' });
		sandbox.ctx.requests.clear();
		const { error } = await run(parameters, [{ purpose: 'gifts' }]);
		expect(error?.message).toBe('Item 0: Purpose of the transfer (details.transferPurpose) must be one of goods, services, salary, rent, other, got "gifts"');
		expect(requests()).toEqual([]);
	});

	it('checks patterns and fields added by earlier answers against the live listing before the write', async () => {
		const quote = await getQuote('USD');
		const badRouting = await beneficiaryParameters(quote, USD_ACH, { ...USD_ACH.details, abartn: '12345' });
		sandbox.ctx.requests.clear();
		expect((await run(badRouting)).error?.message).toBe('Item 0: ACH routing number (payload.details.abartn) does not match ^[0-9]{9}$');

		// The form was loaded before the country was chosen, so it has no state field: the listing adds it.
		const { 'address.state': _state, ...stateless } = USD_ACH.details;
		const noState = await beneficiaryParameters(quote, USD_ACH, stateless, {});
		expect(noState.details.schema.map((f) => f.id)).not.toContain('address.state');
		const { error } = await run(noState);
		expect(error?.message).toBe('Item 0: State / province (payload.details.address.state) is required');
		expect(requests().filter((r) => r.startsWith('POST'))).toEqual([]);
		expect(international(sandbox.ctx).beneficiaries.list(SEED.organizations.fr)).toEqual([]);
	});
});
