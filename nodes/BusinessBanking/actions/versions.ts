import type { IDisplayOptions, IExecuteFunctions, ILoadOptionsFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

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

/** The parameters an operation shows at `version`: its version-2 list where it has one. */
export function operationProperties(operation: Operation, version: number): INodeProperties[] {
	return version >= 2 && operation.descriptionV2 ? operation.descriptionV2 : operation.description;
}

/** An operation's parameters for the node's description: each version's list shown on its versions. */
export function operationPropertiesForEveryVersion(operation: Operation): INodeProperties[] {
	if (!operation.descriptionV2) return operation.description;
	return [...onlyVersion1(operation.description), ...fromVersion2(operation.descriptionV2)];
}
