import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/**
 * The Return All / Limit pair of every Get Many operation. No resource or operation in their
 * displayOptions: the operation adds its own (updateDisplayOptions) like for its other fields.
 */
export function returnAllAndLimit(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

/** How many results the item asked for: undefined when Return All is on (every page is fetched). */
export function resultLimit(this: IExecuteFunctions, itemIndex: number): number | undefined {
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	// A whole number of at least 1: the router's parameter check (parameterTypes.ts) has made sure of it.
	return returnAll ? undefined : Number(this.getNodeParameter('limit', itemIndex, 50));
}
