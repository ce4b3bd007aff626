import {
	NodeOperationError,
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { externalTransferSchema } from '../../../shared/schemas/transfer';
import { apiRequest, idempotencyKeyField, makeOnce, memoryFields, RESEND_WITHIN_MINUTES, writeKey } from '../../transport';
import { validateBody } from '../common/validation';
import { amountField, beneficiaryField, debitAccountField } from './fields';
import { amountParameter, dayParameter, listParameter, requiredText, textParameter } from '../common/parameters';
import { proofToken, type VerificationMode } from './payee';
import type { OperationDescriptor } from '../types';

const properties: INodeProperties[] = [
	beneficiaryField,
	debitAccountField,
	amountField,
	{
		displayName: 'Currency',
		name: 'currency',
		type: 'string',
		default: 'EUR',
		required: true,
		description: 'ISO 4217 code; the currency of the account and of the beneficiary',
	},
	{
		displayName: 'Reference',
		name: 'reference',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Invoice 2026-042',
		description: 'Shown to the beneficiary (max 140 characters)',
	},
	{
		displayName: 'Payee Verification',
		name: 'verification',
		type: 'options',
		default: 'verify',
		description: 'Banks check the beneficiary’s name against the IBAN before a transfer (verification of payee)',
		options: [
			{ name: 'Verify the Beneficiary’s Name', value: 'verify', description: 'Check the name first; stop the item unless the result is accepted' },
			{ name: 'Use a Proof Token', value: 'token', description: 'A token from an earlier "Verify Payee" operation (valid 10 minutes, one transfer)' },
			{ name: 'Skip Verification', value: 'skip', description: 'Send without checking the name' },
		],
	},
	{
		displayName: 'Proceed When',
		name: 'proceedOn',
		type: 'options',
		default: 'match',
		displayOptions: { show: { verification: ['verify'] } },
		options: [
			{ name: 'The Name Matches', value: 'match' },
			{ name: 'The Name Matches or Nearly Matches', value: 'closeMatch' },
			{ name: 'Always (Record the Result Only)', value: 'any' },
		],
	},
	{
		displayName: 'Proof Token',
		name: 'vopProofToken',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		required: true,
		displayOptions: { show: { verification: ['token'] } },
		description: 'The proof token a "Verify Payee" operation returned for this beneficiary’s IBAN',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Attachment IDs',
				name: 'attachmentIds',
				type: 'string',
				default: '',
				description: 'Comma-separated IDs of attachments to join to the transfer',
			},
			idempotencyKeyField,
			...memoryFields,
			{ displayName: 'Note', name: 'note', type: 'string', default: '', description: 'An internal note (max 500 characters)' },
			{
				displayName: 'Scheduled Date',
				name: 'scheduledDate',
				type: 'dateTime',
				default: '',
				description: 'When to send it (today or later); today when empty',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['externalTransfer'], operation: ['create'] } }, properties);

const LABELS: Record<string, string> = {
	beneficiary_id: 'Beneficiary',
	debit_iban: 'From Account',
	amount: 'Amount',
	currency: 'Currency',
	reference: 'Reference',
	note: 'Note',
	scheduled_date: 'Scheduled Date',
	attachment_ids: 'Attachment IDs',
};

/**
 * POST /v2/external_transfers to a trusted beneficiary, after the payee verification the bank
 * requires. The body is checked before any request; the idempotency key is derived from the
 * transfer's content, and the node remembers what it made (transport/memory), so a re-run of the same
 * item, however late within Options › Remember Made Items For, never sends the money twice.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const transfer: IDataObject = {
		beneficiary_id: requiredText.call(this, 'beneficiaryId', 'Beneficiary', itemIndex, true),
		debit_iban: requiredText.call(this, 'debitIban', 'From Account', itemIndex, true),
		amount: amountParameter.call(this, 'amount', itemIndex, 'Amount'),
		currency: requiredText.call(this, 'currency', 'Currency', itemIndex).toUpperCase(),
		reference: requiredText.call(this, 'reference', 'Reference', itemIndex),
		note: textParameter.call(this, 'options.note', itemIndex, '', 'Note'),
		scheduled_date: dayParameter.call(this, 'options.scheduledDate', itemIndex, 'Scheduled Date'),
	};
	for (const key of ['note', 'scheduled_date']) if (transfer[key] === undefined) delete transfer[key];
	const attachments = listParameter(options.attachmentIds, 'Attachment IDs (options.attachmentIds)');
	if (attachments.length) transfer.attachment_ids = attachments;
	const body = validateBody.call(this, externalTransferSchema, transfer, itemIndex, LABELS);
	const mode = this.getNodeParameter('verification', itemIndex, 'verify') as VerificationMode;
	// From the transfer itself, not the proof token (new on every run); before any request, so that
	// an item repeating another one of this run stops without sending anything.
	const idempotencyKey = writeKey.call(this, itemIndex, 'externalTransfer.create', body, {
		what: 'external transfer',
		sameFields: 'beneficiary, account, amount, currency, reference, note and date',
	});

	const json = await makeOnce.call(this, itemIndex, {
		key: idempotencyKey,
		what: 'external transfer',
		howToFind: HOW_TO_FIND,
		sendAgainWithin: RESEND_WITHIN_MINUTES,
		create: async () => {
			const beneficiary = (await apiRequest.call(this, 'GET', `/v2/beneficiaries/${body.beneficiary_id}`, { itemIndex })).beneficiary as IDataObject;
			if (beneficiary.trusted === false) {
				throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: the beneficiary "${String(beneficiary.name)}" is not trusted; external transfers go only to trusted beneficiaries`, { itemIndex });
			}
			const verification = await proofToken.call(this, itemIndex, mode, { name: String(beneficiary.name), iban: String(beneficiary.iban) });
			const response = await apiRequest.call(this, 'POST', '/v2/external_transfers', {
				body: { vop_proof_token: verification.token, external_transfer: body as IDataObject },
				idempotencyKey,
				itemIndex,
				creates: { what: 'external transfer', howToFind: HOW_TO_FIND },
			});
			const made = { ...(response.external_transfer as IDataObject) };
			if (verification.result) made.payee_verification = verification.result;
			return made;
		},
		current: async ([id]) => (await apiRequest.call(this, 'GET', `/v2/external_transfers/${encodeURIComponent(id)}`, { itemIndex })).external_transfer as IDataObject,
	});
	return [{ json }];
}

const HOW_TO_FIND = 'the account’s transactions in the bank’s app, or External Transfer › Get with its ID.';

export const descriptor: OperationDescriptor = {
	class: 'moneyMoving',
	toolDescription:
		'Sends a SEPA transfer to an existing beneficiary. Needs the beneficiary id, the IBAN of your account to pay from (from Business Account › Get Many), the amount as a decimal string ("120.50"), the currency (EUR) and a reference; optionally a scheduled date (YYYY-MM-DD). The payee is verified first. Returns the transfer with its id and status.',
	amountParameters: ['amount'],
	payeeParameters: ['beneficiaryId'],
	issuesDocumentClientPays: false,
	concurrency: 'adaptive',
};
