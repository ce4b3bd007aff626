// The example workflows of examples/*.json, and pointing their Business Banking nodes at a credential.
import { existsSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import { PACKAGE_NAME, REPO_ROOT } from './package';

export const CREDENTIAL_TYPE = 'businessBankingOAuth2Api';
export const EXAMPLES_DIR = join(REPO_ROOT, 'examples');

export interface WorkflowNode {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	[key: string]: unknown;
}

export interface Workflow {
	id?: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
	[key: string]: unknown;
}

export function exampleFiles(): string[] {
	if (!existsSync(EXAMPLES_DIR)) return [];
	return readdirSync(EXAMPLES_DIR)
		.filter((file) => file.endsWith('.json'))
		.sort();
}

export function readExample(file: string): Workflow {
	return JSON.parse(readFileSync(join(EXAMPLES_DIR, file), 'utf8')) as Workflow;
}

/** This package's node types as n8n names them once the package is installed. */
export const isPackageNode = (node: WorkflowNode) => node.type.startsWith(`${PACKAGE_NAME}.`);

/** A copy of the workflow in which every node of this package uses `credential` (n8n's importer only replaces existing ones). */
export function withCredential(workflow: Workflow, credential: { id: string; name: string }): Workflow {
	return {
		...workflow,
		nodes: workflow.nodes.map((node) =>
			isPackageNode(node) ? { ...node, credentials: { ...node.credentials, [CREDENTIAL_TYPE]: { id: credential.id, name: credential.name } } } : node,
		),
	};
}
