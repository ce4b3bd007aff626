/**
 * Runs nodes inside n8n-core's real execution engine (WorkflowExecute), with an in-memory credential
 * store standing in for n8n's database. Requests go through n8n-core's own helpers, so OAuth2 signing,
 * the refresh on 401 and the persistence of rotated tokens follow n8n's real code path.
 *
 *   const { items, error, credential } = await runNode({ sandbox, node: { parameters: {...} }, items: [{...}] });
 *
 * - runNode: an Items node (the input items) → one node (Business Banking unless `node.type`), with a
 *   fresh connected credential or the `credential` store you pass (to watch tokens across runs).
 *   `node` also takes continueOnFail / retryOnFail / maxTries / waitBetweenTries; `executionId`,
 *   `workflowId`, `nodeId` and `mode` fix what n8n would (a "Retry execution" is a new execution id
 *   of the same workflow in mode 'retry').
 * - runWorkflow: any workflow JSON (nodes + connections), credentials by id.
 * - registerNodeType: make another node type (e.g. the trigger) known to the engine.
 * - CredentialStore: the stored credential; `tokenWrites` counts n8n's token updates; `serveStale`
 *   answers an old snapshot for the next reads (a concurrent refresh elsewhere).
 * - testCredential / runListSearch: the credential's declarative test and resource-locator searches;
 *   runEditorMethod: a loadOptions or resourceMapping method, with the node's current parameters.
 * - seenRequests / clearSeenRequests / injectFault: the sandbox's request log and fault controls.
 * `error` is n8n-core's plain copy of the thrown error: compare `error.name` ('NodeApiError'…), not classes.
 */
import { mkdirSync } from 'fs';
import { tmpdir, userInfo } from 'os';
import { join } from 'path';
import { randomUUID } from 'crypto';

// n8n-core keeps its instance settings (encryption key) under N8N_USER_FOLDER, ~/.n8n otherwise:
// one folder in the temp dir, shared by every test run of this user, keeps the home folder clean.
if (!process.env.N8N_USER_FOLDER) {
	process.env.N8N_USER_FOLDER = join(tmpdir(), `n8n-engine-harness-${userInfo().uid}`);
	mkdirSync(process.env.N8N_USER_FOLDER, { recursive: true });
}

// The engine logs every node error it hands back; tests assert those errors, so keep the log quiet.
process.env.N8N_LOG_LEVEL ??= 'silent';

import { ExecutionLifecycleHooks, LoadOptionsContext, WorkflowExecute } from 'n8n-core';
import {
	ICredentialsHelper,
	NodeHelpers,
	Workflow,
	type ExecutionBaseError,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type ICredentials,
	type IDataObject,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeExecutionData,
	type INodeParameters,
	type INodeProperties,
	type INodeType,
	type INodeTypes,
	type IRun,
	type IVersionedNodeType,
	type IWorkflowBase,
	type IWorkflowExecuteAdditionalData,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { BusinessBankingOAuth2Api } from '../../credentials/BusinessBankingOAuth2Api.credentials';
import { BusinessBanking } from '../../nodes/BusinessBanking/BusinessBanking.node';
import type { LoggedRequest } from '../../sandbox/core/requestLog';
import type { TestSandbox } from './sandbox';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET } from './sandbox';

export const NODE_TYPE = 'n8n-nodes-business-banking.businessBanking';
export const ITEMS_NODE_TYPE = 'test.items';
export const CREDENTIAL_ID = 'cred-1';
export const CREDENTIAL_NAME = 'Business Banking account';

// ---------------------------------------------------------------------------------------------
// Node types

/** Emits the items of its `items` parameter: the start of a test workflow (a manual trigger's stand-in). */
class ItemsNode implements INodeType {
	description = {
		displayName: 'Items',
		name: 'items',
		group: ['input'],
		version: 1,
		description: 'Test input',
		defaults: { name: 'Items' },
		inputs: [],
		outputs: ['main'],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
	} as unknown as INodeType['description'];

	async execute(this: import('n8n-workflow').IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('items', 0) as string | IDataObject[];
		const items = (typeof raw === 'string' ? JSON.parse(raw) : raw) as IDataObject[];
		return [items.map((json) => ({ json }))];
	}
}

const nodeTypeRegistry = new Map<string, INodeType | IVersionedNodeType>([
	[NODE_TYPE, new BusinessBanking()],
	[ITEMS_NODE_TYPE, new ItemsNode()],
]);

/** Adds a node type (e.g. the trigger node) that workflows of this harness may use. */
export function registerNodeType(name: string, type: INodeType | IVersionedNodeType): void {
	nodeTypeRegistry.set(name, type);
}

const nodeTypes: INodeTypes = {
	getByName: (name) => requireNodeType(name),
	getByNameAndVersion: (name, version) => NodeHelpers.getVersionedNodeType(requireNodeType(name), version),
	getKnownTypes: () => Object.fromEntries([...nodeTypeRegistry.keys()].map((name) => [name, { className: name, sourcePath: '' }])),
};

function requireNodeType(name: string): INodeType | IVersionedNodeType {
	const type = nodeTypeRegistry.get(name);
	if (!type) throw new Error(`engine harness: unknown node type ${name}; registerNodeType() it first`);
	return type;
}

// ---------------------------------------------------------------------------------------------
// Credential types

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
function parentTypes(name: string): string[] {
	const parents = credentialType(name).extends ?? [];
	return parents.flatMap((parent) => [parent, ...parentTypes(parent)]);
}

/** Like n8n: the parents' properties, overridden by the type's own of the same name. */
function credentialProperties(name: string): INodeProperties[] {
	const own = credentialType(name).properties;
	const inherited = (credentialType(name).extends ?? []).flatMap(credentialProperties);
	const ownNames = new Set(own.map((property) => property.name));
	return [...inherited.filter((property) => !ownNames.has(property.name)), ...own];
}

// ---------------------------------------------------------------------------------------------
// Credential store (n8n's database) and credentials helper

/** One stored credential, as n8n keeps it (unresolved fields plus oauthTokenData). */
export class CredentialStore {
	/** How often n8n-core wrote rotated tokens back. */
	tokenWrites = 0;
	private stale: { data: ICredentialDataDecryptedObject; reads: number } | undefined;

	constructor(public data: ICredentialDataDecryptedObject) {}

	/**
	 * The next `reads` reads answer `snapshot` instead of the stored data: what a process sees that
	 * read the credential just before another one rotated its refresh token (n8n 1.x refreshes
	 * without a lock). In n8n-core 2.40 one API call reads twice when it refreshes: once to sign the
	 * request, once before refreshing.
	 */
	serveStale(snapshot: ICredentialDataDecryptedObject, reads: number): void {
		this.stale = { data: structuredClone(snapshot), reads };
	}

	read(): ICredentialDataDecryptedObject {
		if (this.stale && this.stale.reads > 0) {
			this.stale.reads--;
			return structuredClone(this.stale.data);
		}
		return structuredClone(this.data);
	}
}

/** n8n's CredentialsHelper, reduced to one in-memory credential per id, same resolution rules. */
export class HarnessCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly stores: Map<string, CredentialStore>) {
		super();
	}

	getParentTypes(name: string): string[] {
		return parentTypes(name);
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	/** OAuth2 types have no `authenticate`: n8n-core signs their requests itself. */
	async authenticate(credentials: ICredentialDataDecryptedObject, typeName: string, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const authenticate = credentialType(typeName).authenticate;
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		if (authenticate) throw new Error('engine harness: generic `authenticate` is not supported');
		return requestOptions;
	}

	async preAuthentication(): Promise<undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<undefined> {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('engine harness: getCredentials (encrypted form) is not supported');
	}

	/**
	 * Like n8n: `raw` answers the stored data; otherwise defaults are filled in and expressions
	 * (hidden fields such as `={{ $self["environment"] … }}`) resolved with `$self` = the data.
	 */
	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		_executeData?: unknown,
		raw?: boolean,
	): Promise<ICredentialDataDecryptedObject> {
		const stored = this.store(nodeCredentials).read();
		if (raw) return stored;
		return resolveCredential(type, stored, mode);
	}

	async updateCredentials(nodeCredentials: INodeCredentialsDetails, _type: string, data: ICredentialDataDecryptedObject): Promise<void> {
		this.store(nodeCredentials).data = structuredClone(data);
	}

	/** n8n-core hands the whole credential; n8n's database keeps only the new token data from it. */
	async updateCredentialsOauthTokenData(nodeCredentials: INodeCredentialsDetails, _type: string, data: ICredentialDataDecryptedObject): Promise<void> {
		const store = this.store(nodeCredentials);
		store.data = { ...store.data, oauthTokenData: structuredClone(data.oauthTokenData) };
		store.tokenWrites++;
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return credentialProperties(type);
	}

	private store(nodeCredentials: INodeCredentialsDetails): CredentialStore {
		const store = nodeCredentials.id ? this.stores.get(nodeCredentials.id) : undefined;
		if (!store) throw new Error(`engine harness: no credential with id ${nodeCredentials.id}`);
		return store;
	}
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

// ---------------------------------------------------------------------------------------------
// A connected credential for a test sandbox

export interface CredentialOptions {
	organization?: Parameters<TestSandbox['mintTokens']>[0];
	scopes?: readonly string[];
	/** Overrides of the stored fields (e.g. a wrong stagingToken). */
	fields?: ICredentialDataDecryptedObject;
}

/**
 * Stored data of a credential already connected to the sandbox (tokens minted for the seeded user),
 * with Custom addresses pointing at the sandbox's port — what n8n keeps after the consent flow.
 */
export function connectedCredential(sandbox: TestSandbox, options: CredentialOptions = {}): ICredentialDataDecryptedObject {
	const tokens = sandbox.mintTokens(options.organization, options.scopes);
	return { ...credentialAt(sandbox.url, tokens, sandbox.ctx.options.stagingToken), ...options.fields };
}

/** The stored data of a credential connected with `tokens` to a sandbox at `url` (Custom addresses). */
export function credentialAt(url: string, tokens: object, stagingToken = ''): ICredentialDataDecryptedObject {
	return {
		environment: 'custom',
		customBaseUrl: url,
		customAuthServerUrl: url,
		customRegisterUrl: url,
		clientId: TEST_CLIENT_ID,
		clientSecret: TEST_CLIENT_SECRET,
		stagingToken,
		oauthTokenData: { ...tokens, token_type: 'bearer' } as unknown as IDataObject,
	};
}

// ---------------------------------------------------------------------------------------------
// Running workflows

/**
 * The error an execution stopped on, as n8n-core records it: a plain copy of the thrown error
 * (its class is gone; `name` tells it, e.g. NodeApiError, and `httpCode` is kept).
 */
export type RunError = Pick<ExecutionBaseError, 'message' | 'description' | 'context'> & { name: string; httpCode?: string | null };

export interface RunResult {
	run: IRun;
	executionId: string;
	/** Output items of each node that ran (first run, all outputs flattened per output index 0). */
	outputs: Record<string, INodeExecutionData[]>;
	/** The execution's error, if it stopped on one. */
	error?: RunError;
}

export interface RunWorkflowOptions {
	/** Credentials by id (the workflow's nodes refer to them with `credentials: {type: {id, name}}`). */
	credentials?: Map<string, CredentialStore>;
	/** Fixed execution id (to replay one execution's idempotency keys); random otherwise. */
	executionId?: string;
	mode?: WorkflowExecuteMode;
	/** The node to start from (defaults to the first node without inputs). */
	startNode?: string;
	/**
	 * Go on with an execution saved earlier (as n8n does when a waiting execution resumes, in any
	 * process): its run data, as stored (JSON), and this node to run next on one empty item.
	 */
	resume?: { from: IRun; node: string; after: string };
}

/**
 * WorkflowExecute.run takes its arguments in one object since n8n-core 2.0 and one by one before
 * (1.x): the harness runs on both, so the n8n assumption tests (test/n8n) run on every n8n of the matrix.
 */
async function runWorkflowExecute(execute: WorkflowExecute, workflow: Workflow, startNode: INode | undefined): Promise<IRun> {
	const run = execute.run as unknown as (...args: unknown[]) => PromiseLike<IRun>;
	return await (run.length > 1 ? run.call(execute, workflow, startNode) : run.call(execute, { workflow, startNode }));
}

/** Executes a workflow (its JSON, as n8n stores it) through n8n-core's WorkflowExecute. */
export async function runWorkflow(workflowData: Pick<IWorkflowBase, 'nodes' | 'connections'> & Partial<IWorkflowBase>, options: RunWorkflowOptions = {}): Promise<RunResult> {
	const executionId = options.executionId ?? randomUUID();
	const mode = options.mode ?? 'manual';
	const data: IWorkflowBase = {
		id: workflowData.id ?? 'wf-1',
		name: workflowData.name ?? 'test workflow',
		active: false,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		settings: { executionOrder: 'v1' },
		...workflowData,
	} as IWorkflowBase;
	const workflow = new Workflow({
		id: data.id,
		name: data.name,
		nodes: data.nodes,
		connections: data.connections,
		active: false,
		nodeTypes,
		staticData: {},
		settings: data.settings,
	});
	const additionalData = buildAdditionalData(options.credentials ?? new Map(), executionId, mode, data);

	const startNode = options.startNode
		? workflow.getNode(options.startNode) ?? undefined
		: data.nodes.find((node) => Object.values(Workflow.getConnectionsByDestination(data.connections)[node.name] ?? {}).length === 0);
	let run: IRun;
	try {
		run = options.resume ? await resumeExecution(workflow, additionalData, mode, options.resume) : await runWorkflowExecute(new WorkflowExecute(additionalData, mode), workflow, startNode);
	} catch (error) {
		// n8n refuses to start a workflow whose nodes have issues (e.g. a parameter failing its regex).
		return { run: undefined as unknown as IRun, executionId, outputs: {}, error: { ...error, name: error.name, message: error.message } };
	}
	const outputs: Record<string, INodeExecutionData[]> = {};
	for (const [name, tasks] of Object.entries(run.data.resultData.runData)) {
		outputs[name] = tasks[0]?.data?.main?.[0] ?? [];
	}
	return { run, executionId, outputs, error: run.data.resultData.error as RunError | undefined };
}


/** Runs `resume.node` next in the saved execution `resume.from`, with only what n8n stores of it (JSON). */
async function resumeExecution(workflow: Workflow, additionalData: IWorkflowExecuteAdditionalData, mode: WorkflowExecuteMode, resume: NonNullable<RunWorkflowOptions['resume']>): Promise<IRun> {
	const saved = JSON.parse(JSON.stringify(resume.from.data)) as IRun['data'];
	const node = workflow.getNode(resume.node);
	if (!node) throw new Error(`engine harness: no node ${resume.node} to resume with`);
	saved.executionData!.nodeExecutionStack = [{ node, data: { main: [[{ json: {} }]] }, source: { main: [{ previousNode: resume.after }] } }];
	delete saved.resultData.error;
	return await new WorkflowExecute(additionalData, mode, saved).processRunExecutionData(workflow);
}

/** What n8n hands the engine besides the workflow: credentials, hooks and instance addresses. */
function buildAdditionalData(credentials: Map<string, CredentialStore>, executionId: string, mode: WorkflowExecuteMode, data: IWorkflowBase): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: new HarnessCredentialsHelper(credentials),
		hooks: new ExecutionLifecycleHooks(mode, executionId, data),
		executionId,
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678',
		formBaseUrl: 'http://localhost:5678/form',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		formTestBaseUrl: 'http://localhost:5678/form-test',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		mcpBaseUrl: 'http://localhost:5678/mcp',
		mcpTestBaseUrl: 'http://localhost:5678/mcp-test',
		variables: {},
		executeWorkflow: async () => {
			throw new Error('engine harness: sub-workflows are not supported');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		logAiEvent: () => undefined,
		startRunnerTask: async () => {
			throw new Error('engine harness: task runners are not supported');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}


export interface RunNodeOptions {
	/** The sandbox the credential is connected to (needed unless `credential` is given). */
	sandbox?: TestSandbox;
	node: {
		parameters: INodeParameters;
		name?: string;
		type?: string;
		continueOnFail?: boolean;
		retryOnFail?: boolean;
		maxTries?: number;
		waitBetweenTries?: number;
	};
	/** Input items (json) for the node; one empty item by default. */
	items?: IDataObject[];
	/** A stored credential to use and keep (to watch token rotation across runs). */
	credential?: CredentialStore;
	/** Options for a fresh connected credential when `credential` is not given. */
	credentialOptions?: CredentialOptions;
	executionId?: string;
	/** The workflow's id ('wf-1' by default): derived idempotency keys are scoped by it. */
	workflowId?: string;
	/** The Business Banking node's id ('node' by default). */
	nodeId?: string;
	/** How n8n started the execution ('manual' by default; 'retry' for "Retry execution"). */
	mode?: WorkflowExecuteMode;
	/** Run the node once more in this saved execution (a resume after human review, in a fresh process). */
	resumeFrom?: IRun;
	/** The workflow's time zone (Workflow Settings); n8n's default otherwise. */
	timezone?: string;
}

export interface RunNodeResult extends RunResult {
	/** The node's output items. */
	items: INodeExecutionData[];
	/** The credential store, after the run (rotated tokens included). */
	credential: CredentialStore;
}

/** Runs one node of `type` (Business Banking by default) after an Items node holding the input items. */
export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	const credential =
		options.credential ??
		new CredentialStore(connectedCredential(requireSandbox(options.sandbox), options.credentialOptions));
	const name = options.node.name ?? 'Business Banking';
	const { parameters, type, name: _name, ...settings } = options.node;
	const workflow = {
		...(options.workflowId !== undefined ? { id: options.workflowId } : {}),
		nodes: [
			{ id: 'items', name: 'Items', type: ITEMS_NODE_TYPE, typeVersion: 1, position: [0, 0] as [number, number], parameters: { items: JSON.stringify(options.items ?? [{}]) } },
			{
				id: options.nodeId ?? 'node',
				name,
				type: type ?? NODE_TYPE,
				typeVersion: 1,
				position: [200, 0] as [number, number],
				parameters,
				credentials: { businessBankingOAuth2Api: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
				...settings,
			},
		],
		connections: { Items: { main: [[{ node: name, type: 'main' as const, index: 0 }]] } },
		...(options.timezone ? { settings: { executionOrder: 'v1' as const, timezone: options.timezone } } : {}),
	};
	const result = await runWorkflow(workflow, {
		credentials: new Map([[CREDENTIAL_ID, credential]]),
		executionId: options.executionId,
		mode: options.mode,
		resume: options.resumeFrom ? { from: options.resumeFrom, node: name, after: 'Items' } : undefined,
	});
	const runs = result.run?.data.resultData.runData[name] ?? [];
	const items = options.resumeFrom ? (runs[runs.length - 1]?.data?.main?.[0] ?? []) : result.outputs[name];
	return { ...result, items: items ?? [], credential };
}

function requireSandbox(sandbox: TestSandbox | undefined): TestSandbox {
	if (!sandbox) throw new Error('engine harness: pass `sandbox` or `credential`');
	return sandbox;
}

// ---------------------------------------------------------------------------------------------
// Credential test and list searches

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

/** The Business Banking node of a test workflow, using the harness's credential. */
export function bankingNode(parameters: INodeParameters, settings: Partial<INode> = {}): INode {
	return {
		id: 'node',
		name: 'Business Banking',
		type: NODE_TYPE,
		typeVersion: 1,
		position: [200, 0],
		parameters,
		credentials: { businessBankingOAuth2Api: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
		...settings,
	};
}

/** Calls a node's list search ("From List" of a resource locator) through n8n-core's LoadOptionsContext. */
export async function runListSearch(
	store: CredentialStore,
	method: string,
	filter?: string,
	paginationToken?: string,
	nodeTypeName = NODE_TYPE,
): Promise<import('n8n-workflow').INodeListSearchResult> {
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

// ---------------------------------------------------------------------------------------------
// Sandbox controls that node tests use (over HTTP, as a user of `npm run dev` would)

/** A request of the sandbox's log as GET /sandbox/requests serves it (the fields tests read). */
export type SeenRequest = Omit<LoggedRequest, 'seq' | 'at'>;

/** What reached the sandbox since the last clear, oldest first; `path` may end with * (prefix). */
export async function seenRequests(sandbox: TestSandbox, filter: { method?: string; path?: string } = {}): Promise<SeenRequest[]> {
	const response = await sandbox.http.get('/sandbox/requests', { params: filter });
	if (response.status !== 200) throw new Error(`GET /sandbox/requests answered ${response.status}`);
	return response.data.requests as SeenRequest[];
}

export async function clearSeenRequests(sandbox: TestSandbox): Promise<void> {
	await sandbox.http.delete('/sandbox/requests');
}

/** Arms a fault (see sandbox/modules/faults.ts): a status (429, 5xx), latency, a dropped connection, or a redirect (3xx to `location`); optionally a seeded share of requests, from the `after`-th on. */
export async function injectFault(
	sandbox: TestSandbox,
	fault: {
		method?: string;
		path: string;
		kind: 'status' | 'latency' | 'drop_after_commit' | 'redirect';
		status?: number;
		location?: string;
		retryAfter?: number;
		latencyMs?: number;
		count?: number;
		/** The share of matching requests hit, drawn from `seed` (reproducible). */
		probability?: number;
		seed?: number;
		/** Matching requests let through before the fault starts. */
		after?: number;
	},
): Promise<void> {
	const response = await sandbox.http.post('/sandbox/faults', fault);
	if (response.status !== 201) throw new Error(`POST /sandbox/faults answered ${response.status}: ${JSON.stringify(response.data)}`);
}
