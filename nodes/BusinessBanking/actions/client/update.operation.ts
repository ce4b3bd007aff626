import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';

import { clientUpdateSchema } from '../../../shared/schemas/client';
import { apiRequest } from '../../transport';
import { validateBody } from '../common/validation';
import { clientBody, deprecatedFieldValues } from './body';
import { clientIdField, deprecatedFields, FIELD_LABELS, optionalClientFields } from './fields';
import { clientIdOf } from './clientId';
import type { OperationDescriptor } from '../types';

const properties: INodeProperties[] = [
	clientIdField,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields added here change; the others keep their values. Kind cannot be changed.',
		options: optionalClientFields,
	},
	deprecatedFields(false),
];

const show = { show: { resource: ['client'], operation: ['update'] } };
export const description = updateDisplayOptions(show, properties);
/** Version 2: without the Deprecated Fields (Billing Address holds what they held). */
export const descriptionV2 = updateDisplayOptions(show, properties.filter((property) => property.name !== 'deprecatedFields'));

/** PATCH /v2/clients/{id} with only the fields given; outputs the updated client. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const clientId = clientIdOf.call(this, itemIndex);
	const body = clientBody({
		fields: this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject,
		deprecated: deprecatedFieldValues.call(this, itemIndex),
	});
	validateBody.call(this, clientUpdateSchema, body, itemIndex, FIELD_LABELS);
	const response = await apiRequest.call(this, 'PATCH', `/v2/clients/${clientId}`, { body: { client: body }, itemIndex });
	return [{ json: response.client as IDataObject }];
}

export const descriptor: OperationDescriptor = {
	class: 'write',
	toolDescription:
		'Changes fields of an existing client (name, e-mail, addresses, VAT number…). Needs the client id (from Client › Get Many or Get). Returns the updated client.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 1,
};
