/*
 * Assumption: n8n checks a resolved value against the parameter's schema for resource mappers,
 * filters and parameters with `validateType` (so such values must come from n8n, never straight from
 * the item). Guarded by test/n8n/itemPathReads.test.ts ("leave n8n out only where …"), on every n8n
 * of the matrix.
 */
import type { INodeProperties } from 'n8n-workflow';

/** Whether n8n checks a property's resolved value against its schema (resource mapper, filter, validateType). */
function checkedOnResolve(property: INodeProperties): boolean {
	if (property.type === 'resourceMapper' || property.type === 'filter' || property.validateType !== undefined) return true;
	// A fixedCollection's groups hold their fields in `values`; a collection's options are fields.
	const nested = (property.options ?? []).flatMap((option) => ('values' in option ? option.values : 'type' in option ? [option] : []));
	return nested.some(checkedOnResolve);
}

/**
 * Whether a parameter (a name or an `a.b` path) among `properties` must be resolved by n8n itself:
 * n8n checks its value against the parameter's schema as it resolves it, so it is never read straight
 * from the item. The properties are the caller's (every operation's: actions/run/checkedParameters.ts),
 * so that this room needs nothing from above it.
 */
export function checkedByN8nAmong(properties: readonly INodeProperties[]): (name: string) => boolean {
	const checked = new Set(properties.filter(checkedOnResolve).map((property) => property.name));
	return (name) => checked.has(name.split('.')[0]);
}
