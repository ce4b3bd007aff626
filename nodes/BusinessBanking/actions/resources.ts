import type { INodeProperties } from 'n8n-workflow';

import { clientResource } from './client';
import type { Resource } from './types';

/**
 * Every resource the node offers, keyed by the `resource` parameter's value. A resource lives in
 * `actions/<resource>/`, one file per operation; add it here and to `resourcePicker` below.
 */
export const resources: Record<string, Resource> = {
	client: clientResource,
};

/** The resource picker (a literal list, so that n8n's node linter can read it). */
export const resourcePicker: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'Client', value: 'client' },
	],
	default: 'client',
};
