/**
 * The malformed requests found by probing the node (issue 9, "Nothing malformed is sent"), one by
 * one: each now stops its item before any request, with a NodeOperationError naming item and field
 * instead of a raw JavaScript error or a value the user never meant. The fuzz suite covers the classes.
 */
import type { INodeParameters } from 'n8n-workflow';

import { runNode } from '../helpers/engine/runNode';
import { clearSeenRequests, seenRequests } from '../helpers/engine/sandboxControls';
import { useTestSandbox } from '../helpers/sandbox';

const ID = '3f1c2b7e-8a4d-4c1e-9b2f-0d5e6a7b8c9d';
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const LONE_SURROGATE = '={{ "abc\\uD800" }}';

const CASES: Array<[string, INodeParameters, RegExp]> = [
	[
		'a transfer reference that resolves to nothing',
		{ resource: 'externalTransfer', operation: 'create', beneficiaryId: byId(ID), debitIban: { __rl: true, mode: 'iban', value: 'FR7630006000011234567890189' }, amount: '10.00', reference: '={{ $json.missing }}' },
		/^Item 0: Reference \(reference\) is required$/,
	],
	[
		'a payee name that resolves to undefined',
		{ resource: 'externalTransfer', operation: 'verifyPayee', iban: 'FR7630006000011234567890189', beneficiaryName: '={{ undefined }}' },
		/^Item 0: Beneficiary Name \(beneficiaryName\) is required$/,
	],
	[
		'a beneficiary holder name that is NaN',
		{
			resource: 'internationalBeneficiary',
			operation: 'create',
			quoteId: ID,
			currency: 'USD',
			accountType: 'swift_code',
			details: {
				mappingMode: 'defineBelow',
				value: { accountHolderName: '={{ NaN }}' },
				schema: [{ id: 'accountHolderName', displayName: 'Account holder name', required: true, defaultMatch: false, display: true, type: 'string' }],
			},
		},
		/^Item 0: Account holder name \(payload\.details\.accountHolderName\) must be text, got NaN/,
	],
	[
		'a currency that is NaN (never "NAN")',
		{ resource: 'internationalTransfer', operation: 'getQuote', sourceCurrency: '={{ NaN }}', targetCurrency: 'USD', amount: '10' },
		/^Item 0: Source Currency \(sourceCurrency\) must be text, got NaN/,
	],
	[
		'a non-numeric Limit (never per_page=NaN)',
		{ resource: 'supplierInvoice', operation: 'getMany', limit: '={{ "ten" }}' },
		/^Item 0: Limit \(limit\) must be a whole number, got "ten"/,
	],
	[
		'a quote ID that is an object (never [object Object])',
		{ resource: 'internationalBeneficiary', operation: 'getRequirements', quoteId: '={{ { id: 1 } }}' },
		/^Item 0: Quote ID \(quoteId\) must be text, got a value of type object/,
	],
	[
		'a client invoice status filter that is a text (was: statuses.join is not a function)',
		{ resource: 'clientInvoice', operation: 'getMany', filters: { status: '={{ "paid,bogus" }}' } },
		/^Item 0: Filters › Status \(filters\.status\) must hold only draft, paid, unpaid, got "bogus"/,
	],
	[
		'a supplier invoice status filter that is a number (was: Cannot read … length)',
		{ resource: 'supplierInvoice', operation: 'getMany', statuses: '={{ 42 }}' },
		/^Item 0: Status \(statuses\) must be a list of to_review, paid, got 42/,
	],
	[
		'a date expression that returns an invalid Date (was: Invalid time value)',
		{ resource: 'supplierInvoice', operation: 'markAsPaid', supplierInvoiceId: byId(ID), paymentDate: '={{ new Date("someday") }}' },
		/^Item 0: Payment Date \(paymentDate\) must be a date, got an invalid date/,
	],
	[
		'a bank account ID with a lone surrogate (was: URI malformed)',
		{ resource: 'bankAccount', operation: 'update', bankAccountId: { __rl: true, mode: 'list', value: LONE_SURROGATE }, name: 'Taxes' },
		/^Item 0: Account \(bankAccountId\) holds a broken character/,
	],
	[
		'an external transfer ID with a lone surrogate (was: URI malformed)',
		{ resource: 'externalTransfer', operation: 'get', transferId: LONE_SURROGATE },
		/^Item 0: Transfer ID \(transferId\) holds a broken character/,
	],
	[
		'an international beneficiary ID with a lone surrogate (was: URI malformed)',
		{ resource: 'internationalBeneficiary', operation: 'update', internationalBeneficiaryId: LONE_SURROGATE, quoteId: ID, currency: 'USD', accountType: 'swift_code' },
		/^Item 0: Beneficiary ID \(internationalBeneficiaryId\) holds a broken character/,
	],
	[
		'an external transfer ID that is not URL-safe',
		{ resource: 'externalTransfer', operation: 'get', transferId: '../bank_accounts' },
		/^Item 0: Transfer ID \(transferId\) must be an ID of at most 200 letters/,
	],
	[
		'an international beneficiary ID that is not a UUID',
		{ resource: 'internationalBeneficiary', operation: 'update', internationalBeneficiaryId: 'bene-1', quoteId: ID, currency: 'USD', accountType: 'swift_code' },
		/^Item 0: Beneficiary ID \(internationalBeneficiaryId\) must be an ID \(a UUID\), got "bene-1"/,
	],
	[
		'Get Requirements (beneficiary) with a quote ID that is not a UUID',
		{ resource: 'internationalBeneficiary', operation: 'getRequirements', quoteId: 'quote-1' },
		/^Item 0: Quote ID \(quoteId\) must be an ID \(a UUID\)/,
	],
	[
		'Get Requirements (transfer) with a beneficiary ID that is not a UUID',
		{ resource: 'internationalTransfer', operation: 'getRequirements', quoteId: ID, internationalBeneficiaryId: 'x' },
		/^Item 0: Beneficiary ID \(internationalBeneficiaryId\) must be an ID \(a UUID\)/,
	],
	[
		'a 2FA preference outside the spec’s four values',
		{ resource: 'internationalTransfer', operation: 'create', quoteId: ID, internationalBeneficiaryId: ID, targetAccountId: 'acct', sourceAmount: '10', targetAmount: '11', targetCurrency: 'USD', options: { twoFaPreference: '={{ "email" }}' } },
		/^Item 0: Options › 2FA Method \(options\.twoFaPreference\) must be one of "paired-device", "passkey", "sms-otp", "mock", got "email"/,
	],
	[
		'a SEPA amount of 23 digits',
		{ resource: 'directDebit', operation: 'createSubscription', clientId: byId(ID), bankAccountId: byId(ID), amount: '99999999999999999999999', initialCollectionDate: '2030-01-01', reference: 'R' },
		/^Item 0: Amount \(amount\.value\) must be a non-negative decimal string with at most 2 decimals and 12 digits before the point/,
	],
	[
		'an insurance price with leading zeros',
		{ resource: 'insuranceContract', operation: 'create', contractName: 'N', contractId: 'C', providerSlug: 'acme', startDate: '2030-01-01', price: '007.00' },
		/^Item 0: Price \(price\.value\) must be a non-negative decimal string/,
	],
];

describe('nothing malformed is sent: the probed cases', () => {
	const sandbox = useTestSandbox();

	it.each(CASES)('%s', async (_case, parameters, message) => {
		await clearSeenRequests(sandbox);
		const { error } = await runNode({ sandbox, node: { parameters } });
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toMatch(message);
		expect(await seenRequests(sandbox)).toEqual([]);
	});
});

/**
 * A check whose outcome cannot change from item to item is made once per run (the router keeps it
 * as passed); these show what must still be checked on every item.
 */
describe('nothing malformed is sent: checks across the items of a run', () => {
	const sandbox = useTestSandbox();

	it('a bad value without expression fails every item with its own error, and nothing is sent', async () => {
		await clearSeenRequests(sandbox);
		const { items } = await runNode({
			sandbox,
			node: { parameters: { resource: 'supplierInvoice', operation: 'getMany', limit: 'ten' }, continueOnFail: true },
			items: [{}, {}, {}],
		});
		expect(items.map((item) => [item.json.error, item.pairedItem])).toEqual([0, 1, 2].map((index) => [`Item ${index}: Limit (limit) must be a whole number, got "ten"`, { item: index }]));
		expect(await seenRequests(sandbox)).toEqual([]);
	});

	it('a parameter shown by an item’s own value is checked on that item, although an earlier item hid it', async () => {
		await clearSeenRequests(sandbox);
		const { items } = await runNode({
			sandbox,
			node: { parameters: { resource: 'supplierInvoice', operation: 'getMany', returnAll: '={{ $json.all }}', limit: 'ten' }, continueOnFail: true },
			items: [{ all: true }, { all: false }],
		});
		expect(items[0].json.error).toBeUndefined();
		expect(items.at(-1)?.json.error).toBe('Item 1: Limit (limit) must be a whole number, got "ten"');
		expect((await seenRequests(sandbox)).every((request) => !request.path.includes('NaN') && request.query.per_page !== 'NaN')).toBe(true);
	});
});
