/*
 * Assumption: n8n checks a resolved value against the parameter's schema for resource mappers,
 * filters and parameters with `validateType` (so such values must come from n8n, never straight from
 * the item). Guarded by test/n8n/itemPathReads.test.ts ("leave n8n out only where …"), on every n8n
 * of the matrix.
 */
import type { INodeProperties } from 'n8n-workflow';

import { resources } from '../actions/resources';

/** Whether n8n checks a property's resolved value against its schema (resource mapper, filter, validateType). */
function checkedOnResolve(property: INodeProperties): boolean {
	if (property.type === 'resourceMapper' || property.type === 'filter' || property.validateType !== undefined) return true;
	// A fixedCollection's groups hold their fields in `values`; a collection's options are fields.
	const nested = (property.options ?? []).flatMap((option) => ('values' in option ? option.values : 'type' in option ? [option] : []));
	return nested.some(checkedOnResolve);
}

/** The top-level names of every operation's parameters that n8n checks when it resolves them. */
const CHECKED = new Set(
	Object.values(resources)
		.flatMap((resource) => Object.values(resource.operations))
		.flatMap((operation) => [...operation.description, ...(operation.descriptionV2 ?? [])])
		.filter(checkedOnResolve)
		.map((property) => property.name),
);

/**
 * Whether a parameter (a name or an `a.b` path) must be resolved by n8n itself: n8n checks its value
 * against the parameter's schema as it resolves it, so it is never read straight from the item.
 */
export const checkedByN8n = (name: string): boolean => CHECKED.has(name.split('.')[0]);
