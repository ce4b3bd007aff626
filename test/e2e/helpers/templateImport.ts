// A template as a user gets it into n8n (Import from File, then Save: the editor's POST /rest/workflows,
// the same in every release), what n8n stored of it, and which of its nodes n8n's editor knows.
import type { N8nClient } from '../../../tools/n8n/api';
import type { Workflow } from '../../../tools/n8n/examples';

export interface SavedNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: unknown;
}

type NodeTypeList = Awaited<ReturnType<N8nClient['nodeTypes']>>;

/** Saves the workflow as the editor does after an import (inactive; n8n gives it an id); returns the id. */
export async function saveAsEditorDoes(client: N8nClient, workflow: Workflow): Promise<string> {
	const { name, nodes, connections, settings, pinData, meta } = workflow;
	// n8n 1.x stores nothing without `active` (NOT NULL); the editor always sends it.
	const saved = await client.rest<{ id: string }>('POST', '/workflows', { name, nodes, connections, settings, pinData, meta, active: false });
	return saved.id;
}

/** Each node's name, type, typeVersion and parameters: as n8n stored them, or as a template file holds them. */
export async function savedNodes(client: N8nClient, workflowId: string): Promise<SavedNode[]> {
	const { nodes } = await client.rest<{ nodes: SavedNode[] }>('GET', `/workflows/${workflowId}`);
	return nodes.map(nodeFacts);
}

export function nodeFacts(node: { name: string; type: string; typeVersion?: unknown; parameters: unknown }): SavedNode {
	return { name: node.name, type: node.type, typeVersion: Number(node.typeVersion), parameters: node.parameters };
}

/**
 * The description of `type` at `version` in the editor's list of node types (`/types/nodes.json`), which
 * decides what the canvas draws: a node missing there is drawn as "?" and its panel says "Install this
 * node to use it". (POST /rest/node-types is no guide: n8n 1.123 answers a version it lacks with another
 * version's description, e.g. Data table 1 for 1.1, and fails with a 500 on some types.)
 */
function describedAt(known: NodeTypeList, type: string, version: number): NodeTypeList[number] | undefined {
	return known.find((description) => description.name === type && [description.version].flat().includes(version));
}

/** `type@version` of each node the editor does not know at its version, once each, sorted. */
export function unknownNodes(known: NodeTypeList, workflow: Workflow): string[] {
	const unknown = workflow.nodes.filter((node) => !describedAt(known, node.type, Number(node.typeVersion)));
	return [...new Set(unknown.map((node) => `${node.type}@${String(node.typeVersion)}`))].sort();
}

/** The parameters of known nodes that their description does not name (none when n8n knows every one). */
export function unnamedParameters(known: NodeTypeList, workflow: Workflow): string[] {
	return workflow.nodes.flatMap((node) => {
		const description = describedAt(known, node.type, Number(node.typeVersion));
		if (!description) return [];
		const names = new Set(description.properties.map((property) => property.name));
		return Object.keys(node.parameters)
			.filter((name) => !names.has(name))
			.map((name) => `${node.name}.${name}`);
	});
}
