import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';

import { internationalTransferSchema, TWO_FA_PREFERENCES, type TwoFaPreference } from '../../../shared/schemas/international';
import { CREDENTIAL_TYPE } from '../../transport/types';
import { apiRequest, idempotencyKeyField, makeOnce, memoryFields, RESEND_WITHIN_MINUTES, writeKey } from '../../transport';
import { validateBody } from '../common/validation';
import { amountParameter, idParameter, listParameter, requiredText, textParameter, uuidParameter } from '../common/parameters';
import { describeValue, InputProblem, readId, readText } from '../common/values';
import { internationalBeneficiaryIdField, quoteIdField, TWO_FA_OPTIONS } from './fields';
import { checkAgainstListing, readDetails } from './details';
import { detailsProperties } from './detailsFields';
import { fetchForm, firstForm, TRANSFER_REQUIREMENTS } from './requirements';
import type { OperationDescriptor } from '../types';
import { nodeVersion } from '../versions';
import { uuidLocator } from '../common/uuid';

/** The account debited, in version 1 (inside Options). */
const fromAccountOptionV1: INodeProperties = {
	displayName: 'From Account',
	name: 'bankAccountId',
	type: 'string',
	default: '',
	description: 'ID of the business account to debit; the main account when empty',
};

const targetAccountIdField: INodeProperties = {
	displayName: 'Target Account ID',
	name: 'targetAccountId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. {{ $json.target_account_id }}',
	description: 'Given when the beneficiary was created or last updated',
};

const properties: INodeProperties[] = [
	quoteIdField,
	internationalBeneficiaryIdField,
	targetAccountIdField,
	{
		displayName: 'Source Amount',
		name: 'sourceAmount',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. {{ $json.quote.source_amount.value }}',
		description: 'The quote’s source amount (decimal string)',
	},
	{ displayName: 'Source Currency', name: 'sourceCurrency', type: 'string', default: 'EUR', required: true },
	{
		displayName: 'Target Amount',
		name: 'targetAmount',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. {{ $json.quote.target_amount.value }}',
		description: 'The quote’s target amount (decimal string)',
	},
	{ displayName: 'Target Currency', name: 'targetCurrency', type: 'string', default: '', required: true, placeholder: 'e.g. USD' },
	...detailsProperties({
		what: 'transfer',
		resourceMapperMethod: 'getTransferDetailFields',
		dependsOn: ['quoteId', 'internationalBeneficiaryId'],
		needs: 'the Quote ID and the Beneficiary ID',
	}),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: '2FA Method',
				name: 'twoFaPreference',
				type: 'options',
				default: 'paired-device',
				options: TWO_FA_OPTIONS,
				description: 'How the user confirms the transfer',
			},
			{ displayName: 'Attachment IDs', name: 'attachmentIds', type: 'string', default: '', description: 'Comma-separated attachment IDs' },
			fromAccountOptionV1,
			idempotencyKeyField,
			...memoryFields,
			{
				displayName: 'MFA Code',
				name: 'mfa',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description: 'The one-time code that confirms the transfer, when the bank asks for one',
			},
			{
				displayName: 'SCA Session Token',
				name: 'scaSessionToken',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description: 'Proof of a strong customer authentication the user already completed, so that the transfer needs no new confirmation',
			},
		],
	},
];

const show = { show: { resource: ['internationalTransfer'], operation: ['create'] } };
export const description = updateDisplayOptions(show, properties);

/**
 * Version 2: the account debited is picked among the organization's accounts, beside the other
 * parties; the quote, the beneficiary and its target account have no list in the API (they come
 * from earlier nodes), so they stay typed or mapped, and their help says which node gives them.
 */
const NO_LIST = 'The bank offers no list to pick it from: map it from that node’s output.';
const propertiesV2: INodeProperties[] = properties.flatMap((property): INodeProperties[] => {
	switch (property.name) {
		case 'quoteId':
			return [{ ...property, description: `The quote from "International Transfer › Get Quote" or "International Beneficiary › Create" (valid 30 minutes). ${NO_LIST}` }];
		case 'internationalBeneficiaryId':
			return [{ ...property, description: `The beneficiary from "International Beneficiary › Create" or "› Update". ${NO_LIST}` }];
		case 'targetAccountId':
			return [
				{
					...property,
					placeholder: 'e.g. 7d9e2f4a-1b3c-4d5e-8f6a-0b1c2d3e4f5a',
					description: `The beneficiary’s account, given by "International Beneficiary › Create" or "› Update" with the beneficiary. ${NO_LIST}`,
				},
				{
					...uuidLocator({
						displayName: 'From Account',
						name: 'bankAccountId',
						description: 'The business account the money leaves; the main account when empty',
						searchListMethod: 'searchBankAccounts',
						listPlaceholder: 'Select an account…',
						idError: 'An account ID is a UUID',
					}),
					required: false,
				},
			];
		case 'options':
			return [{ ...property, options: (property.options as INodeProperties[]).filter((option) => option !== fromAccountOptionV1) }];
		default:
			return [property];
	}
});
export const descriptionV2 = updateDisplayOptions(show, propertiesV2);

/** The account debited: a locator of its own from version 2 on, an option in version 1. */
function fromAccount(this: IExecuteFunctions, itemIndex: number, options: IDataObject): string | undefined {
	if (nodeVersion(this) >= 2) return readId(this.getNodeParameter('bankAccountId', itemIndex, '', { extractValue: true }), 'From Account (bankAccountId)', 'uuid');
	return readId(options.bankAccountId, 'From Account (options.bankAccountId)', 'uuid');
}

const LABELS: Record<string, string> = {
	quote_id: 'Quote ID',
	beneficiary_id: 'Beneficiary ID',
	target_account_id: 'Target Account ID',
	'source_amount.value': 'Source Amount',
	'source_amount.currency': 'Source Currency',
	'target_amount.value': 'Target Amount',
	'target_amount.currency': 'Target Currency',
	bank_account_id: 'From Account',
};

/**
 * One of the spec's four X-Service-2fa-Preference values; paired-device when not set. The simulated
 * confirmation is the sandbox's: with a production credential it is refused before anything is sent.
 */
async function twoFaPreference(this: IExecuteFunctions, value: unknown): Promise<TwoFaPreference> {
	const preference = readText(value, '2FA Method (options.twoFaPreference)') ?? 'paired-device';
	if (!(TWO_FA_PREFERENCES as readonly string[]).includes(preference)) {
		throw new InputProblem('2FA Method (options.twoFaPreference)', `must be one of ${TWO_FA_PREFERENCES.join(', ')}, got ${describeValue(preference)}`);
	}
	if (preference === 'mock' && (await this.getCredentials(CREDENTIAL_TYPE)).environment === 'production') {
		throw new InputProblem('2FA Method (options.twoFaPreference)', 'must not be Mock with a production credential: Mock is the sandbox’s simulated confirmation; a production bank confirms with Paired Device, Passkey or SMS Code');
	}
	return preference as TwoFaPreference;
}

/**
 * POST /v2/international/transfers with an idempotency key and the 2FA preference. When the quote
 * had expired the service uses a new one: the output says so (quote_renewed) with the new rate.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const details = readDetails.call(this, itemIndex, 'details');
	const transfer: IDataObject = {
		quote_id: uuidParameter.call(this, 'quoteId', 'Quote ID', itemIndex),
		beneficiary_id: uuidParameter.call(this, 'internationalBeneficiaryId', 'Beneficiary ID', itemIndex),
		target_account_id: idParameter.call(this, 'targetAccountId', 'Target Account ID', itemIndex),
		details,
		source_amount: {
			value: amountParameter.call(this, 'sourceAmount', itemIndex, 'Source Amount'),
			currency: requiredText.call(this, 'sourceCurrency', 'Source Currency', itemIndex).toUpperCase(),
		},
		target_amount: {
			value: amountParameter.call(this, 'targetAmount', itemIndex, 'Target Amount'),
			currency: requiredText.call(this, 'targetCurrency', 'Target Currency', itemIndex).toUpperCase(),
		},
	};
	const account = fromAccount.call(this, itemIndex, options);
	if (account) transfer.bank_account_id = account;
	const attachments = listParameter(options.attachmentIds, 'Attachment IDs (options.attachmentIds)');
	if (attachments.length) transfer.attachment_ids = attachments;
	const body = validateBody.call(this, internationalTransferSchema, transfer, itemIndex, LABELS);
	const preference = await twoFaPreference.call(this, options.twoFaPreference);
	const picked = await fetchForm.call(this, TRANSFER_REQUIREMENTS, { quote_id: body.quote_id, beneficiary_id: body.beneficiary_id }, firstForm, details, itemIndex);
	checkAgainstListing.call(this, itemIndex, picked, details, 'details', () => 'the requirements listing has no transfer form for this quote');

	const headers: Record<string, string> = { 'X-Service-2fa-Preference': preference };
	const sca = textParameter.call(this, 'options.scaSessionToken', itemIndex, '', 'SCA Session Token');
	if (sca) headers['X-Service-Sca-Session-Token'] = sca;
	const mfa = textParameter.call(this, 'options.mfa', itemIndex, '', 'MFA Code');
	if (mfa) headers['X-Service-MFA'] = mfa;
	// The 2FA, SCA and MFA headers are one-time values: only the body makes the key.
	const idempotencyKey = writeKey.call(this, itemIndex, 'internationalTransfer.create', body, {
		uuid: true,
		what: 'international transfer',
		sameFields: 'quote, beneficiary, target account, amounts and details',
	});
	const howToFind = 'the account’s transactions in the bank’s app.';
	// The API reads no international transfer back: a repeat outputs its id, marked _madeEarlier.
	const json = await makeOnce.call(this, itemIndex, {
		key: idempotencyKey,
		what: 'international transfer',
		howToFind,
		sendAgainWithin: RESEND_WITHIN_MINUTES,
		create: async () => {
			const response = await apiRequest.call(this, 'POST', '/v2/international/transfers', {
				body: body as IDataObject,
				headers,
				idempotencyKey,
				itemIndex,
				creates: { what: 'international transfer', howToFind },
			});
			const made = response.transfer as IDataObject;
			const usedQuote = made.quote_id as string | undefined;
			const renewed = usedQuote !== undefined && usedQuote !== body.quote_id;
			return { ...made, quote_renewed: renewed, ...(renewed ? { requested_quote_id: body.quote_id } : {}) };
		},
	});
	return [{ json }];
}

export const descriptor: OperationDescriptor = {
	class: 'moneyMoving',
	toolDescription:
		'Sends money abroad on a quote. Needs the quote id (from Get Quote), the international beneficiary id and its target account id (from International Beneficiary › Create), the source and target amounts as decimal strings with their currencies (those of the quote) and the details the requirements ask for. Returns the transfer with its id and status.',
	amountParameters: ['sourceAmount'],
	payeeParameters: ['targetAccountId'],
	issuesDocumentClientPays: false,
	concurrency: 'adaptive',
};
