/**
 * The credential types the harness knows (ours and n8n's generic OAuth2 it extends), read the way
 * n8n reads them: parents, inherited properties, defaults and expressions resolved.
 */
import './environment';
import {
	NodeHelpers,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type INode,
	type INodeParameters,
	type INodeProperties,
	type INodeType,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { BusinessBankingOAuth2Api } from '../../../credentials/BusinessBankingOAuth2Api.credentials';

/** The fields of n8n's generic OAuth2 credential that ours inherits (n8n-nodes-base is not installed). */
const oAuth2ApiProperties: INodeProperties[] = [
	{ displayName: 'Grant Type', name: 'grantType', type: 'hidden', default: 'authorizationCode' },
	{ displayName: 'Authorization URL', name: 'authUrl', type: 'string', default: '' },
	{ displayName: 'Access Token URL', name: 'accessTokenUrl', type: 'string', default: '' },
	{ displayName: 'Client ID', name: 'clientId', type: 'string', default: '' },
	{ displayName: 'Client Secret', name: 'clientSecret', type: 'string', typeOptions: { password: true }, default: '' },
	{ displayName: 'Scope', name: 'scope', type: 'string', default: '' },
	{ displayName: 'Auth URI Query Parameters', name: 'authQueryParameters', type: 'string', default: '' },
	{ displayName: 'Authentication', name: 'authentication', type: 'options', options: [], default: 'header' },
	{ displayName: 'Ignore SSL Issues', name: 'ignoreSSLIssues', type: 'boolean', default: false },
];

const credentialTypeRegistry = new Map<string, ICredentialType>([
	['oAuth2Api', { name: 'oAuth2Api', displayName: 'OAuth2 API', properties: oAuth2ApiProperties }],
	['businessBankingOAuth2Api', new BusinessBankingOAuth2Api()],
]);

export function credentialType(name: string): ICredentialType {
	const type = credentialTypeRegistry.get(name);
	if (!type) throw new Error(`engine harness: unknown credential type ${name}`);
	return type;
}

/** Like n8n: a type's parents, nearest first (`extends`, transitively). */
export function parentTypes(name: string): string[] {
	const parents = credentialType(name).extends ?? [];
	return parents.flatMap((parent) => [parent, ...parentTypes(parent)]);
}

/** Like n8n: the parents' properties, overridden by the type's own of the same name. */
export function credentialProperties(name: string): INodeProperties[] {
	const own = credentialType(name).properties;
	const inherited = (credentialType(name).extends ?? []).flatMap(credentialProperties);
	const ownNames = new Set(own.map((property) => property.name));
	return [...inherited.filter((property) => !ownNames.has(property.name)), ...own];
}

/** Defaults, then expressions resolved against the credential itself, as n8n's CredentialsHelper does. */
export function resolveCredential(type: string, stored: ICredentialDataDecryptedObject, mode: WorkflowExecuteMode = 'manual'): ICredentialDataDecryptedObject {
	const withDefaults = NodeHelpers.getNodeParameters(credentialProperties(type), stored as INodeParameters, true, false, null, null) as ICredentialDataDecryptedObject;
	if (stored.oauthTokenData !== undefined) withDefaults.oauthTokenData = stored.oauthTokenData;
	const mockNode: INode = { id: 'mock', name: 'mock', type: 'mock', typeVersion: 1, position: [0, 0], parameters: {} };
	const workflow = new Workflow({
		nodes: [mockNode],
		connections: {},
		active: false,
		nodeTypes: { getByName: () => mockNodeType, getByNameAndVersion: () => mockNodeType, getKnownTypes: () => ({}) },
	});
	return workflow.expression.getComplexParameterValue(mockNode, withDefaults as INodeParameters, mode, {}, undefined, undefined, withDefaults) as ICredentialDataDecryptedObject;
}

const mockNodeType = {
	description: { displayName: 'Mock', name: 'mock', group: [], version: 1, description: '', defaults: {}, inputs: [], outputs: [], properties: [] },
} as unknown as INodeType;
