/**
 * What n8n's editor calls besides a run: the credential's declarative test, a node's resource-locator
 * searches, and its loadOptions or resourceMapping methods with the node's current parameters.
 */
import './environment';
import { randomUUID } from 'crypto';

import { LoadOptionsContext } from 'n8n-core';
import { NodeHelpers, Workflow, type INodeListSearchResult, type INodeParameters, type INodeType, type IWorkflowBase } from 'n8n-workflow';

import { CREDENTIAL_ID, CREDENTIAL_NAME } from './connectedCredential';
import type { CredentialStore } from './credentialStore';
import { credentialType } from './credentialTypes';
import { ITEMS_NODE_TYPE, NODE_TYPE, nodeTypes, registerNodeType, requireNodeType } from './nodeTypes';
import { bankingNode } from './runNode';
import { buildAdditionalData, runWorkflow } from './runWorkflow';

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

/**
 * Runs the credential type's declarative `test` the way n8n's credential tester does: as the request
 * defaults of a temporary declarative node, executed by the engine's routing node (so an OAuth2
 * credential's test goes through n8n-core's OAuth2 signing), then its response-code `rules` decide
 * the message.
 */
export async function testCredential(store: CredentialStore, typeName = 'businessBankingOAuth2Api'): Promise<CredentialTestResult> {
	const test = credentialType(typeName).test;
	if (!test || !('request' in test)) throw new Error(`engine harness: ${typeName} has no declarative test`);
	const tester = {
		description: {
			displayName: 'Credential test',
			name: 'credentialTest',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: { name: 'Credential test' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: typeName, required: true }],
			requestDefaults: test.request,
			properties: [{ displayName: 'Temp', name: 'temp', type: 'string', default: '', routing: { request: {} } }],
		},
	} as unknown as INodeType;
	registerNodeType('test.credentialTest', tester);
	const workflow = {
		nodes: [
			{ id: 'items', name: 'Items', type: ITEMS_NODE_TYPE, typeVersion: 1, position: [0, 0] as [number, number], parameters: { items: '[{}]' } },
			{
				id: 'tester',
				name: 'Credential test',
				type: 'test.credentialTest',
				typeVersion: 1,
				position: [200, 0] as [number, number],
				parameters: {},
				credentials: { [typeName]: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
			},
		],
		connections: { Items: { main: [[{ node: 'Credential test', type: 'main' as const, index: 0 }]] } },
	};
	const { error } = await runWorkflow(workflow, { credentials: new Map([[CREDENTIAL_ID, store]]) });
	if (!error) return { status: 'OK', message: 'Connection tested successfully' };
	const status = statusOf(error);
	const rule = test.rules?.find((candidate) => candidate.type === 'responseCode' && candidate.properties.value === status);
	if (rule) return { status: 'Error', message: String(rule.properties.message) };
	return { status: 'Error', message: status ? `Received HTTP status code: ${status}` : error.message };
}

function statusOf(error: unknown): number | undefined {
	for (let current = error as { cause?: unknown; response?: { status?: number }; httpCode?: string | null } | undefined, depth = 0; current && depth < 6; depth++) {
		if (current.response?.status) return current.response.status;
		if (current.httpCode) return Number(current.httpCode);
		current = current.cause as typeof current;
	}
	return undefined;
}

/**
 * The context n8n's editor calls a node's methods in: n8n-core's LoadOptionsContext on a one-node
 * workflow holding the node's current parameters (already resolved, as the editor sends them).
 */
function editorContext(store: CredentialStore, nodeTypeName: string, currentNodeParameters: INodeParameters, path: string): LoadOptionsContext {
	const node = bankingNode(currentNodeParameters, { type: nodeTypeName, position: [0, 0] });
	const data = { id: 'wf-1', name: 'editor', nodes: [node], connections: {}, active: false, isArchived: false, createdAt: new Date(), updatedAt: new Date() } as unknown as IWorkflowBase;
	const workflow = new Workflow({ id: data.id, nodes: [node], connections: {}, active: false, nodeTypes });
	const additionalData = { ...buildAdditionalData(new Map([[CREDENTIAL_ID, store]]), randomUUID(), 'internal', data), currentNodeParameters };
	return new LoadOptionsContext(workflow, node, additionalData, path);
}

const nodeMethods = (nodeTypeName: string) => (NodeHelpers.getVersionedNodeType(requireNodeType(nodeTypeName), 1) as INodeType).methods;

/** Calls a node's list search ("From List" of a resource locator) through n8n-core's LoadOptionsContext. */
export async function runListSearch(
	store: CredentialStore,
	method: string,
	filter?: string,
	paginationToken?: string,
	nodeTypeName = NODE_TYPE,
): Promise<INodeListSearchResult> {
	const search = nodeMethods(nodeTypeName)?.listSearch?.[method];
	if (!search) throw new Error(`engine harness: ${nodeTypeName} has no list search ${method}`);
	return await search.call(editorContext(store, nodeTypeName, {}, 'parameters.clientId'), filter, paginationToken);
}

/** Calls a node's `loadOptions` or `resourceMapping` method with the node's current parameters, as n8n's editor does. */
export async function runEditorMethod<T>(
	store: CredentialStore,
	kind: 'loadOptions' | 'resourceMapping',
	method: string,
	currentNodeParameters: INodeParameters,
	nodeTypeName = NODE_TYPE,
): Promise<T> {
	const call = (nodeMethods(nodeTypeName)?.[kind] as Record<string, (this: unknown) => Promise<T>> | undefined)?.[method];
	if (!call) throw new Error(`engine harness: ${nodeTypeName} has no ${kind} method ${method}`);
	return await call.call(editorContext(store, nodeTypeName, currentNodeParameters, `parameters.${method}`));
}
