import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';

import { mandateSchema } from '../../../shared/schemas/sepa';
import { apiRequest, makeOnce, memoryFields, writeKey } from '../../transport';
import { validateBody } from '../common/validation';
import { clientIdField } from '../client/fields';
import { MANDATE_LABELS, sendSignatureEmailField } from './fields';
import { uuidParameter } from '../common/parameters';
import type { OperationDescriptor } from '../types';

const properties: INodeProperties[] = [
	{ ...clientIdField, description: 'The client whose bank account will be debited' },
	sendSignatureEmailField,
	{ displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add Option', default: {}, options: memoryFields },
];

export const description = updateDisplayOptions({ show: { resource: ['directDebit'], operation: ['createMandate'] } }, properties);

/**
 * POST /v2/sepa/direct_debit_mandates; outputs the mandate, pending signature until the client
 * signs at its Sign URL. Not retried on 5xx (no key); made once per client (transport/memory).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const body: IDataObject = {
		client_id: uuidParameter.call(this, 'clientId', 'Client', itemIndex),
		send_mandate_signature_email: this.getNodeParameter('sendMandateSignatureEmail', itemIndex, false) as boolean,
	};
	validateBody.call(this, mandateSchema, body, itemIndex, MANDATE_LABELS);
	const creates = { what: 'direct debit mandate', howToFind: 'the client’s mandates in the bank’s app.' };
	// The API takes no idempotency key here: the node's memory stands in for one. It reads no mandate back either: a repeat outputs its id, marked _madeEarlier.
	const json = await makeOnce.call(this, itemIndex, {
		key: writeKey.call(this, itemIndex, 'directDebit.createMandate', body, { what: 'mandate', sameFields: 'client and signature e-mail' }),
		...creates,
		sendAgainWithin: 0,
		create: async () => (await apiRequest.call(this, 'POST', '/v2/sepa/direct_debit_mandates', { body: { direct_debit_mandate: body }, itemIndex, creates })).direct_debit_mandate as IDataObject,
	});
	return [{ json }];
}

export const descriptor: OperationDescriptor = {
	class: 'moneyMoving',
	toolDescription:
		'Creates a SEPA direct-debit mandate for a client, optionally e-mailing the signature request. Needs the client id (from Client › Get Many). Returns the mandate with its id and status.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 1,
};
