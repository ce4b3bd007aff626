// What a release would break of a released one's surface (surface.ts): anything a workflow saved with
// the released package, or a credential it stored, relies on and the newer one no longer has. New
// node versions, operations, parameters and option values are additions, listed apart.
import type { PackageSurface, ParameterFace, Parameters } from './surface';

export interface SurfaceComparison {
	breaking: string[];
	added: string[];
}

function compareParameter(where: string, released: ParameterFace, current: ParameterFace, breaking: string[], added: string[]): void {
	if (released.type !== current.type) breaking.push(`${where}: type ${released.type} became ${current.type}`);
	// A saved workflow left the released default out: a new default changes what it does.
	if (released.default !== current.default) breaking.push(`${where}: default ${released.default} became ${current.default}`);
	if (Boolean(released.multiple) !== Boolean(current.multiple)) breaking.push(`${where}: ${released.multiple ? 'no longer' : 'now'} holds a list`);
	for (const value of released.values ?? []) if (!current.values?.includes(value)) breaking.push(`${where}: value ${value} removed`);
	for (const value of current.values ?? []) if (!released.values?.includes(value)) added.push(`${where}: value ${value}`);
}

function compareParameters(where: string, released: Parameters, current: Parameters, breaking: string[], added: string[]): void {
	for (const [path, face] of Object.entries(released)) {
		const now = current[path];
		if (!now) breaking.push(`${where} ${path}: removed (or shown under other conditions)`);
		else compareParameter(`${where} ${path}`, face, now, breaking, added);
	}
	for (const path of Object.keys(current)) if (!(path in released)) added.push(`${where} ${path}`);
}

export function compareSurfaces(released: PackageSurface, current: PackageSurface): SurfaceComparison {
	const breaking: string[] = [];
	const added: string[] = [];
	for (const [name, node] of Object.entries(released.nodes)) {
		const now = current.nodes[name];
		if (!now) {
			breaking.push(`node ${name}: removed`);
			continue;
		}
		for (const credential of node.credentials) if (!now.credentials.includes(credential)) breaking.push(`node ${name}: credential ${credential} removed`);
		if (node.outputs !== now.outputs) breaking.push(`node ${name}: outputs ${node.outputs} became ${now.outputs}`);
		for (const [version, parameters] of Object.entries(node.versions)) {
			if (!now.versions[version]) breaking.push(`node ${name} v${version}: removed`);
			else compareParameters(`node ${name} v${version}`, parameters, now.versions[version], breaking, added);
		}
		for (const version of Object.keys(now.versions)) if (!node.versions[version]) added.push(`node ${name} v${version} (${Object.keys(now.versions[version]).length} parameters)`);
	}
	for (const name of Object.keys(current.nodes)) if (!released.nodes[name]) added.push(`node ${name}`);
	for (const [name, credential] of Object.entries(released.credentials)) {
		const now = current.credentials[name];
		if (!now) breaking.push(`credential ${name}: removed`);
		else {
			for (const parent of credential.extends) if (!now.extends.includes(parent)) breaking.push(`credential ${name}: no longer extends ${parent}`);
			compareParameters(`credential ${name}`, credential.parameters, now.parameters, breaking, added);
		}
	}
	return { breaking, added };
}
