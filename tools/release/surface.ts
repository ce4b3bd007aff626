// A package's surface: what a saved workflow or a stored credential depends on, per node type and
// node version. For each resource and operation a version shows, every parameter (collections and
// fixed collections opened) with its type, default, option values and the conditions it is shown
// under. A saved workflow holds only the values that differ from a default, by parameter name and
// option value, so these are what a later release must keep for the node versions it already had.
import type { ICredentialType, INodeProperties, INodePropertyCollection, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

/** One parameter as a saved workflow relies on it. */
export interface ParameterFace {
	type: string;
	/** The default, as JSON: a saved workflow leaves a value equal to it out. */
	default: string;
	/** The values an options, multi-options or resource-locator (its modes) parameter accepts. */
	values?: string[];
	/** Whether it holds a list (typeOptions.multipleValues): the saved value's shape. */
	multiple?: boolean;
}

/** Parameters by their place: `<resource>:<operation> <name>[ <other conditions>][.<child>…]`. */
export type Parameters = Record<string, ParameterFace>;

export interface NodeSurface {
	credentials: string[];
	outputs: string;
	versions: Record<string, Parameters>;
}

export interface PackageSurface {
	nodes: Record<string, NodeSurface>;
	credentials: Record<string, { extends: string[]; parameters: Parameters }>;
}

/** The conditions n8n decides from the place itself; any other is part of a parameter's name in the surface. */
const PLACE_KEYS = ['resource', 'operation', '@version'];

const json = (value: unknown) => JSON.stringify(value ?? null);

function otherConditions(property: INodeProperties): string {
	const rest: Record<string, Record<string, unknown>> = {};
	for (const kind of ['show', 'hide'] as const) {
		const rules = Object.entries(property.displayOptions?.[kind] ?? {}).filter(([key]) => !PLACE_KEYS.includes(key));
		if (rules.length) rest[kind] = Object.fromEntries(rules.sort(([a], [b]) => a.localeCompare(b)));
	}
	return Object.keys(rest).length ? ` ${json(rest)}` : '';
}

function faceOf(property: INodeProperties): ParameterFace {
	const face: ParameterFace = { type: property.type, default: json(property.default) };
	if (property.type === 'options' || property.type === 'multiOptions') face.values = ((property.options ?? []) as Array<{ value: unknown }>).map((option) => json(option.value));
	if (property.type === 'resourceLocator') face.values = (property.modes ?? []).map((mode) => mode.name);
	if (property.typeOptions?.multipleValues) face.multiple = true;
	return face;
}

/** The parameter and, opened, what its collection holds. */
function flatten(property: INodeProperties, path: string, into: Parameters): void {
	into[path] = faceOf(property);
	if (property.type === 'collection') {
		for (const child of (property.options ?? []) as INodeProperties[]) flatten(child, `${path}.${child.name}${otherConditions(child)}`, into);
	}
	if (property.type === 'fixedCollection') {
		for (const group of (property.options ?? []) as INodePropertyCollection[]) {
			for (const child of group.values) flatten(child, `${path}.${group.name}.${child.name}${otherConditions(child)}`, into);
		}
	}
}

/** Whether n8n shows `property` at this place, judged on the place's conditions only. */
function shownAt(property: INodeProperties, place: Record<string, string>, version: number, description: INodeTypeDescription): boolean {
	const onlyPlace = (rules: Record<string, unknown> | undefined) => rules && Object.fromEntries(Object.entries(rules).filter(([key]) => PLACE_KEYS.includes(key)));
	const judged = { ...property, displayOptions: { show: onlyPlace(property.displayOptions?.show), hide: onlyPlace(property.displayOptions?.hide) } } as INodeProperties;
	return NodeHelpers.displayParameter(place, judged, { typeVersion: version }, description);
}

function valuesOf(properties: INodeProperties[], name: string, place: Record<string, string>, version: number, description: INodeTypeDescription): string[] | undefined {
	const shown = properties.filter((property) => property.name === name && shownAt(property, place, version, description));
	if (!shown.length) return undefined;
	return [...new Set(shown.flatMap((property) => ((property.options ?? []) as Array<{ value: string }>).map((option) => option.value)))];
}

/** Every resource and operation a version offers (one place without them for a node that has none). */
function placesOf(description: INodeTypeDescription, version: number): Array<Record<string, string>> {
	const { properties } = description;
	const resources = valuesOf(properties, 'resource', {}, version, description);
	if (!resources) return [{}];
	return resources.flatMap((resource) => (valuesOf(properties, 'operation', { resource }, version, description) ?? []).map((operation) => ({ resource, operation })));
}

function versionSurface(description: INodeTypeDescription, version: number): Parameters {
	const parameters: Parameters = {};
	for (const place of placesOf(description, version)) {
		const prefix = place.resource ? `${place.resource}:${place.operation} ` : '';
		for (const property of description.properties) {
			if (shownAt(property, place, version, description)) flatten(property, `${prefix}${property.name}${otherConditions(property)}`, parameters);
		}
	}
	return parameters;
}

export function nodeSurface(node: INodeType): NodeSurface {
	const { description } = node;
	const versions = Array.isArray(description.version) ? description.version : [description.version];
	return {
		credentials: (description.credentials ?? []).map((credential) => credential.name),
		outputs: json(description.outputs),
		versions: Object.fromEntries(versions.map((version) => [String(version), versionSurface(description, version)])),
	};
}

export function credentialSurface(credential: ICredentialType): { extends: string[]; parameters: Parameters } {
	const parameters: Parameters = {};
	for (const property of credential.properties) flatten(property, `${property.name}${otherConditions(property)}`, parameters);
	return { extends: credential.extends ?? [], parameters };
}

export function packageSurface(nodes: INodeType[], credentials: ICredentialType[]): PackageSurface {
	return {
		nodes: Object.fromEntries(nodes.map((node) => [node.description.name, nodeSurface(node)])),
		credentials: Object.fromEntries(credentials.map((credential) => [credential.name, credentialSurface(credential)])),
	};
}
