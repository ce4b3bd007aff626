import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';

import { mandateSchema } from '../../../shared/schemas/sepa';
import { apiRequest } from '../../transport';
import { validateBody } from '../common/validation';
import { clientIdField } from '../client/fields';
import { MANDATE_LABELS, sendSignatureEmailField } from './fields';
import { uuidParameter } from '../common/parameters';
import type { OperationDescriptor } from '../types';

const properties: INodeProperties[] = [{ ...clientIdField, description: 'The client whose bank account will be debited' }, sendSignatureEmailField];

export const description = updateDisplayOptions({ show: { resource: ['directDebit'], operation: ['createMandate'] } }, properties);

/**
 * POST /v2/sepa/direct_debit_mandates; outputs the mandate, pending signature until the client
 * signs at its Sign URL. Not retried on 5xx: a repeat could create a second mandate.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const body: IDataObject = {
		client_id: uuidParameter.call(this, 'clientId', 'Client', itemIndex),
		send_mandate_signature_email: this.getNodeParameter('sendMandateSignatureEmail', itemIndex, false) as boolean,
	};
	validateBody.call(this, mandateSchema, body, itemIndex, MANDATE_LABELS);
	const response = await apiRequest.call(this, 'POST', '/v2/sepa/direct_debit_mandates', { body: { direct_debit_mandate: body }, itemIndex });
	return [{ json: response.direct_debit_mandate as IDataObject }];
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
