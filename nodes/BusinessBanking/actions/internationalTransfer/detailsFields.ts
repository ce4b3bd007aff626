import type { INodeProperties } from 'n8n-workflow';

/** Where the form's fields come from and which parameters change them. */
interface DetailsFieldsOptions {
	/** "beneficiary" or "transfer", for the texts. */
	what: string;
	/** The `methods.resourceMapping` method that reads the requirements listing. */
	resourceMapperMethod: string;
	/** Parameters whose change loads the form again. */
	dependsOn: string[];
	/** What the listing needs, for the notice shown while it cannot be read. */
	needs: string;
}

/**
 * "Details Input" and its two modes: the requirements listing as a form of mapped fields (labels,
 * dropdowns of allowed values, required marks), or the details object as JSON.
 */
export function detailsProperties(options: DetailsFieldsOptions): INodeProperties[] {
	return [
		{
			displayName: 'Details Input',
			name: 'detailsInput',
			type: 'options',
			noDataExpression: true,
			default: 'mapFields',
			options: [
				{ name: 'Map Fields', value: 'mapFields', description: `Fill in the ${options.what} form of the requirements listing, field by field` },
				{ name: 'JSON', value: 'json', description: 'Give the whole details object as JSON' },
			],
		},
		{
			displayName: 'Details',
			name: 'details',
			type: 'resourceMapper',
			noDataExpression: true,
			default: { mappingMode: 'defineBelow', value: null },
			required: true,
			description: `The ${options.what} form of the requirements listing. Some answers add fields (a US or Canadian address asks for its state): after choosing one, open the field menu and click Refresh Field List.`,
			displayOptions: { show: { detailsInput: ['mapFields'] } },
			typeOptions: {
				loadOptionsDependsOn: options.dependsOn,
				resourceMapper: {
					resourceMapperMethod: options.resourceMapperMethod,
					mode: 'add',
					valuesLabel: 'Details',
					fieldWords: { singular: 'field', plural: 'fields' },
					addAllFields: true,
					multiKeyMatch: false,
					supportAutoMap: false,
					noFieldsError: `No form: ${options.needs} must be known to load it (enter them, or run the previous nodes once so that their expressions resolve)`,
				},
			},
		},
		{
			displayName: 'Details (JSON)',
			name: 'detailsJson',
			type: 'json',
			default: '{}',
			description: `The ${options.what} details object described by the requirements listing; nested keys as objects, e.g. {"address": {"city": "Boston"}}`,
			displayOptions: { show: { detailsInput: ['json'] } },
		},
	];
}
