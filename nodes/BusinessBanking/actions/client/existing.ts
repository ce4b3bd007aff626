import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import type { CreateOnce } from '../common/createOnce';
import { optionalClientFields } from './fields';

/** A client field's label as Additional Fields shows it, so that the option and its errors name it the same way. */
const labelOf = (name: string) => optionalClientFields.find((field) => field.name === name)?.displayName ?? name;

/** The client fields a re-run can find a client by, with the list filter that matches each exactly. */
const REFERENCES = {
	email: { field: 'email', label: labelOf('email') },
	vatNumber: { field: 'vat_number', label: labelOf('vatNumber') },
	taxIdentificationNumber: { field: 'tax_identification_number', label: labelOf('taxIdentificationNumber') },
} as const;

type SkipMode = 'no' | keyof typeof REFERENCES;

/** Options › Skip If It Already Exists of Client › Create. */
export const skipExistingClientField: INodeProperties = {
	displayName: 'Skip If It Already Exists',
	name: 'skipExisting',
	type: 'options',
	default: 'no',
	description:
		'Makes running the same input again safe (a retried or repeated execution): looks for the client first, and outputs the one found, marked _existing: true, instead of creating another. Costs one extra GET per item. Without it, running the same input again creates the clients again.',
	options: [
		{ name: 'No (Always Create)', value: 'no', description: 'Running the same input again creates the clients again' },
		{ name: 'Same Email', value: 'email', description: 'Looks for a client with this Email (Additional Fields › Email)' },
		{ name: 'Same Tax Identification Number', value: 'taxIdentificationNumber', description: 'Looks for a client with this Tax Identification Number' },
		{ name: 'Same VAT Number', value: 'vatNumber', description: 'Looks for a client with this VAT Number' },
	],
};

/** How to find the client `body` would create, per the option; undefined when the option is off. */
export function clientLookup(this: IExecuteFunctions, itemIndex: number, body: IDataObject): Pick<CreateOnce, 'reference' | 'find'> | undefined {
	const mode = this.getNodeParameter('options.skipExisting', itemIndex, 'no') as SkipMode;
	if (mode === 'no') return undefined;
	const { field, label } = REFERENCES[mode];
	const value = String(body[field] ?? '').trim();
	if (!value) {
		throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: ${label} is empty; "Skip If It Already Exists" looks clients up by it`, {
			itemIndex,
			description: `Nothing was sent. Set Additional Fields › ${label}, or choose another way to look the client up.`,
		});
	}
	return {
		reference: `${label} ${value}`,
		find: async () => {
			const qs = { [`filter[${field}]`]: value, sort_by: 'created_at:asc', per_page: 1 };
			const page = await apiRequest.call(this, 'GET', '/v2/clients', { qs, itemIndex });
			return (page.clients as IDataObject[] | undefined)?.[0];
		},
	};
}
