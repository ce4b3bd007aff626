import type { IDisplayOptions, IExecuteFunctions, ILoadOptionsFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { withAdvanced, type WithAdvanced } from './advanced/rule';
import type { Operation } from './types';

/**
 * The node's versions (docs/saved-workflows.md, n8n's light versioning): a saved workflow keeps the
 * version it was made with and runs as it did; the editor makes new nodes at the newest.
 * Version 2 is the editor a finance user expects (locators for every listed id, rates as percentages,
 * a draft invoice by default, the AI Agent section on the tool only, developer switches under Advanced).
 */
export const NODE_VERSIONS = [1, 2];
export const NEWEST_VERSION = 2;

const ONLY_VERSION_1: IDisplayOptions = { show: { '@version': [1] } };
const FROM_VERSION_2: IDisplayOptions = { show: { '@version': [{ _cnd: { gte: 2 } }] } };

/** `properties` shown on version-1 nodes only. */
export const onlyVersion1 = (properties: INodeProperties[]): INodeProperties[] => updateDisplayOptions(ONLY_VERSION_1, properties);
/** `properties` shown from version 2 on. */
export const fromVersion2 = (properties: INodeProperties[]): INodeProperties[] => updateDisplayOptions(FROM_VERSION_2, properties);

/** The version of the node being run. */
export const nodeVersion = (context: IExecuteFunctions | ILoadOptionsFunctions): number => context.getNode().typeVersion;

/** Each operation's version-2 parameters, made once: the node's description and every run read the same objects. */
const VERSION_2 = new WeakMap<Operation, WithAdvanced>();

/** An operation's version-2 parameters: its own list (`descriptionV2`, else `description`) under the Advanced rule. */
function version2Of(operation: Operation, resource: string, operationName: string): WithAdvanced {
	let made = VERSION_2.get(operation);
	if (!made) VERSION_2.set(operation, (made = withAdvanced(operation.descriptionV2 ?? operation.description, resource, operationName)));
	return made;
}

/** The parameters an operation shows at `version`: version 2's under the Advanced rule, its Advanced collection last. */
export function operationProperties(operation: Operation, version: number, resource: string, operationName: string): INodeProperties[] {
	if (version < 2) return operation.description;
	const { fields, advanced } = version2Of(operation, resource, operationName);
	return [...fields, advanced];
}

/**
 * An operation's parameters for the node's description, without its Advanced collection (which the
 * node puts after its node-wide fields: operationAdvancedFromVersion2). One list for every version
 * where version 2's equals version 1's, else each version's list shown on its versions.
 */
export function operationPropertiesForEveryVersion(operation: Operation, resource: string, operationName: string): INodeProperties[] {
	const { fields } = version2Of(operation, resource, operationName);
	// The rule keeps a parameter it does not change as the same object.
	if (fields.length === operation.description.length && fields.every((field, index) => field === operation.description[index])) return operation.description;
	return [...onlyVersion1(operation.description), ...fromVersion2(fields)];
}

/** An operation's Advanced collection, shown from version 2 on (the last of its parameters). */
export function operationAdvancedFromVersion2(operation: Operation, resource: string, operationName: string): INodeProperties[] {
	return fromVersion2([version2Of(operation, resource, operationName).advanced]);
}
