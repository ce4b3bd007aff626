import type { INodePropertyOptions } from 'n8n-workflow';

import type { Resource } from './types';

/**
 * Every resource the node offers, keyed by the `resource` parameter's value. A resource lives in
 * `actions/<resource>/`, one file per operation; add it here and it appears in the node.
 */
export const resources: Record<string, Resource> = {};

/** The resource picker's options, in the order of `resources`. */
export const resourceOptions: INodePropertyOptions[] = [];
