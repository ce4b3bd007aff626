import type { INodePropertyOptions } from 'n8n-workflow';

import { resourcePicker, resources } from './resources';

const optionsOf = (values: unknown) => (values ?? []) as INodePropertyOptions[];

/**
 * The canvas subtitle, as the user picked it ("Download Factur-X: Client Invoice"), not the internal
 * values. n8n evaluates the subtitle as an expression, so the names are baked into a lookup keyed by
 * "resource.operation", built from the same pickers the user chooses from.
 */
export function subtitleExpression(): string {
	const names: Record<string, string> = {};
	for (const resource of optionsOf(resourcePicker.options)) {
		for (const operation of optionsOf(resources[String(resource.value)]?.operationPicker.options)) {
			names[`${resource.value}.${operation.value}`] = `${operation.name}: ${resource.name}`;
		}
	}
	return `={{ (${JSON.stringify(names)})[$parameter["resource"] + "." + $parameter["operation"]] }}`;
}
