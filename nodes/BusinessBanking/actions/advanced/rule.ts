import type { INodeProperties } from 'n8n-workflow';

import { advancedCollection, DEVELOPER_OPTIONS, RATE_LIMIT_OPTIONS } from './fields';

/** An operation's version-2 parameters, split by the Advanced rule. */
export interface WithAdvanced {
	/** Its parameters, its Options without the developer's switches (and without Options when nothing else is left). */
	fields: INodeProperties[];
	/** Its Advanced collection: the rate limit and the switches taken out of Options. Shown last. */
	advanced: INodeProperties;
}

const isDeveloperSwitch = (option: NonNullable<INodeProperties['options']>[number]) => 'name' in option && DEVELOPER_OPTIONS.includes(option.name);
const labelOf = (option: NonNullable<INodeProperties['options']>[number]) => ('displayName' in option ? option.displayName : option.name);

/**
 * The one rule that makes version 2's parameters of every operation from its own list (its
 * `descriptionV2`, else its `description`): the developer's switches leave Options for one
 * "Advanced" collection at the end, which also holds the rate limit. Operation files need no change.
 */
export function withAdvanced(properties: INodeProperties[], resource: string, operation: string): WithAdvanced {
	const moved = new Map<string, NonNullable<INodeProperties['options']>[number]>();
	const fields = properties.flatMap((property): INodeProperties[] => {
		if (property.type !== 'collection' || property.name !== 'options' || !property.options?.some(isDeveloperSwitch)) return [property];
		for (const option of property.options.filter(isDeveloperSwitch)) if ('name' in option && !moved.has(option.name)) moved.set(option.name, option);
		const rest = property.options.filter((option) => !isDeveloperSwitch(option));
		return rest.length > 0 ? [{ ...property, options: rest }] : [];
	});
	const options = [...moved.values(), ...RATE_LIMIT_OPTIONS].sort((a, b) => labelOf(a).localeCompare(labelOf(b)));
	const advanced = advancedCollection(options, 'Settings for the workflow’s developer: the service’s rate limit and how this operation runs', {
		show: { resource: [resource], operation: [operation] },
	});
	return { fields, advanced };
}
