/**
 * Runs the Business Banking Trigger the way n8n's webhook service does, with n8n-core's own
 * contexts: `HookContext` for checkExists/create/delete (activation, deactivation, test runs) and
 * `WebhookContext` for each delivery, over a real HTTP server that stands in for n8n's webhook
 * endpoint (raw body kept on the request, the node's own 401 sent as is, onReceived 200 otherwise).
 */
import { randomUUID } from 'crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';

import { HookContext, WebhookContext } from 'n8n-core';
import {
	NodeHelpers,
	Workflow,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type INodeTypes,
	type IWebhookData,
	type IWorkflowExecuteAdditionalData,
	type WorkflowActivateMode,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { BusinessBankingTrigger } from '../../nodes/BusinessBankingTrigger/BusinessBankingTrigger.node';
import { CREDENTIAL_ID, CREDENTIAL_NAME } from '../helpers/engine/connectedCredential';
import { CredentialStore, HarnessCredentialsHelper } from '../helpers/engine/credentialStore';

export const TRIGGER_TYPE = 'n8n-nodes-business-banking.businessBankingTrigger';
export const NODE_NAME = 'Business Banking Trigger';

const triggerType = new BusinessBankingTrigger();
const nodeTypes: INodeTypes = {
	getByName: () => triggerType,
	getByNameAndVersion: () => NodeHelpers.getVersionedNodeType(triggerType, 1) as INodeType,
	getKnownTypes: () => ({}),
};

/** What one delivery led to: the HTTP answer, and the items the workflow started with (if it started). */
export interface Delivery {
	status: number;
	body: string;
	execution?: INodeExecutionData[][];
}

export interface TriggerHarnessOptions {
	parameters: INodeParameters;
	/** The credential (omit for tests of webhook() alone, which needs none). */
	credential?: CredentialStore;
	/** Workflow static data as n8n stored it (production); test runs start empty, like n8n's. */
	staticData?: IDataObject;
	/** Two harnesses with one credential and different ids are two workflows on that credential. */
	workflowId?: string;
	/** The trigger's version (1 unless given). */
	typeVersion?: number;
}

const clone = (data: object): IDataObject => JSON.parse(JSON.stringify(data)) as IDataObject;

export class TriggerHarness {
	readonly node: INode;
	/** Every execution the trigger started, in order, with the mode of the webhook that started it. */
	readonly executions: Array<{ isTest: boolean; data: INodeExecutionData[][] }> = [];
	/** Every request that reached the stand-in n8n, as received (headers and exact body bytes). */
	readonly received: Array<{ url: string; headers: IncomingMessage['headers']; rawBody: Buffer }> = [];
	/** The workflow's static data as n8n's database holds it (production). */
	private saved: IDataObject;
	/** n8n keeps a test run's static data with the test registration, apart from the workflow's. */
	testStaticData: IDataObject | undefined;
	/** n8n's public webhook address, when it is not this server's (e.g. a WEBHOOK_URL behind a proxy). */
	webhookBaseUrlOverride: string | undefined;
	private server: Server | undefined;
	private baseUrl = '';

	/** `node`: the same node again (a restart), rather than a new one. */
	constructor(
		private readonly options: TriggerHarnessOptions,
		node?: INode,
	) {
		this.node = node ?? {
			id: randomUUID(),
			name: NODE_NAME,
			type: TRIGGER_TYPE,
			typeVersion: options.typeVersion ?? 1,
			position: [0, 0],
			webhookId: randomUUID(),
			parameters: options.parameters,
			credentials: { businessBankingOAuth2Api: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
		};
		this.saved = clone(options.staticData ?? {});
	}

	/** Like n8n, a new Workflow for every activation, deactivation and request, from the saved static data. */
	private newWorkflow(staticData: IDataObject = clone(this.saved)): Workflow {
		return new Workflow({ id: this.workflowId, name: 'trigger test', nodes: [this.node], connections: {}, active: true, nodeTypes, staticData });
	}

	/** n8n's WorkflowStaticDataService.saveStaticData: written back only when marked changed. */
	private saveStaticData(workflow: Workflow): void {
		if (workflow.staticData.__dataChanged === true) this.saved = clone(workflow.staticData);
	}

	get workflowId(): string {
		return this.options.workflowId ?? 'wf-trigger';
	}

	/** Starts the stand-in for n8n's webhook server (production /webhook and test /webhook-test paths). */
	async start(port = 0): Promise<this> {
		this.server = createServer((req, res) => void this.handle(req, res));
		await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
		this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
		return this;
	}

	async close(): Promise<void> {
		if (!this.server) return;
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server!.close(() => resolve()));
	}

	/**
	 * n8n restarted: this one stops, and a new harness listens on the same address with the same
	 * node, credential and the static data n8n had saved. (The trigger's in-process memory lives on
	 * in this jest process; execute()'s processed-data store is what n8n keeps across a restart.)
	 */
	async restarted(): Promise<TriggerHarness> {
		const port = Number(new URL(this.baseUrl).port);
		await this.close();
		return await new TriggerHarness({ ...this.options, staticData: clone(this.saved) }, this.node).start(port);
	}

	/** The node's saved static data for production ('node' context). */
	get staticData(): IDataObject {
		return (this.saved[`node:${this.node.name}`] as IDataObject | undefined) ?? {};
	}

	productionUrl(): string {
		return `${this.baseUrl}/webhook/${this.node.webhookId}/webhook`;
	}

	testUrl(): string {
		return `${this.baseUrl}/webhook-test/${this.node.webhookId}/webhook`;
	}

	setParameters(parameters: INodeParameters): void {
		this.node.parameters = NodeHelpers.getNodeParameters(triggerType.description.properties, parameters, true, false, this.node, triggerType.description) as INodeParameters;
	}

	private additionalData(extra: Partial<IWorkflowExecuteAdditionalData> = {}): IWorkflowExecuteAdditionalData {
		const credentials = new Map<string, CredentialStore>();
		if (this.options.credential) credentials.set(CREDENTIAL_ID, this.options.credential);
		return {
			credentialsHelper: new HarnessCredentialsHelper(credentials),
			executionId: randomUUID(),
			restApiUrl: `${this.baseUrl}/rest`,
			instanceBaseUrl: this.baseUrl,
			webhookBaseUrl: this.webhookBaseUrlOverride ?? `${this.baseUrl}/webhook`,
			webhookWaitingBaseUrl: `${this.baseUrl}/webhook-waiting`,
			webhookTestBaseUrl: `${this.baseUrl}/webhook-test`,
			formBaseUrl: `${this.baseUrl}/form`,
			formWaitingBaseUrl: `${this.baseUrl}/form-waiting`,
			formTestBaseUrl: `${this.baseUrl}/form-test`,
			variables: {},
			...extra,
		} as unknown as IWorkflowExecuteAdditionalData;
	}

	private webhookData(isTest: boolean, additionalData: IWorkflowExecuteAdditionalData): IWebhookData {
		const description = triggerType.description.webhooks![0];
		return {
			httpMethod: 'POST',
			node: this.node.name,
			path: `${this.node.webhookId}/${description.path}`,
			webhookDescription: description,
			workflowId: this.workflowId,
			workflowExecuteAdditionalData: additionalData,
			webhookId: this.node.webhookId,
			isTest,
		};
	}

	/** n8n's WebhookService.runWebhookMethod: one of the webhook methods in a HookContext. */
	async runMethod(method: 'checkExists' | 'create' | 'delete', options: { isTest?: boolean; activation?: WorkflowActivateMode } = {}): Promise<boolean> {
		const isTest = options.isTest ?? false;
		const mode: WorkflowExecuteMode = isTest ? 'manual' : 'trigger';
		const activation = options.activation ?? (isTest ? 'manual' : 'activate');
		const workflow = isTest ? this.testWorkflow() : this.newWorkflow();
		const additionalData = this.additionalData();
		const context = new HookContext(workflow, this.node, additionalData, mode, activation, this.webhookData(isTest, additionalData));
		const result = await triggerType.webhookMethods.default[method].call(context);
		if (isTest) this.testStaticData = workflow.staticData as IDataObject;
		else this.saveStaticData(workflow);
		return result;
	}

	/** A test run's workflow: fresh static data on registration (n8n's TestWebhooks), then the registration's own. */
	private testWorkflow(): Workflow {
		return this.newWorkflow(this.testStaticData ?? {});
	}

	/** n8n's WebhookService.createWebhookIfNotExists. */
	async activate(options: { isTest?: boolean } = {}): Promise<void> {
		if (!(await this.runMethod('checkExists', options))) await this.runMethod('create', options);
	}

	async deactivate(options: { isTest?: boolean } = {}): Promise<boolean> {
		const result = await this.runMethod('delete', { ...options, activation: options.isTest ? 'manual' : 'activate' });
		if (options.isTest) this.testStaticData = undefined;
		return result;
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const isTest = (req.url ?? '').startsWith('/webhook-test/');
		try {
			// What n8n's body parser leaves on the request: the raw bytes, then the parsed body.
			const chunks: Buffer[] = [];
			for await (const chunk of req) chunks.push(chunk as Buffer);
			const request = req as IncomingMessage & { body?: unknown; rawBody: Buffer; readRawBody: () => Promise<void> };
			request.rawBody = Buffer.concat(chunks);
			this.received.push({ url: req.url ?? '', headers: req.headers, rawBody: request.rawBody });
			request.readRawBody = async () => undefined;
			try {
				request.body = JSON.parse(request.rawBody.toString('utf8'));
			} catch {
				request.body = {};
			}

			// n8n: production requests load the saved static data; test requests get the test registration's.
			const workflow = isTest ? this.newWorkflow({}) : this.newWorkflow();
			if (isTest && this.testStaticData) workflow.setTestStaticData(this.testStaticData);
			const additionalData = this.additionalData({ httpRequest: request, httpResponse: res } as unknown as Partial<IWorkflowExecuteAdditionalData>);
			const context = new WebhookContext(workflow, this.node, additionalData, isTest ? 'manual' : 'webhook', this.webhookData(isTest, additionalData), [], null);
			const result = await triggerType.webhook!.call(context);

			// n8n 2.40 saves what webhook() changed after answering, but when the call starts an
			// execution, the run re-wraps the same static data first and the change flag is lost.
			if (!isTest && result.workflowData === undefined) this.saveStaticData(workflow);

			if (result.noWebhookResponse) return;
			if (result.workflowData !== undefined) this.executions.push({ isTest, data: result.workflowData });
			const body = result.workflowData !== undefined ? { message: 'Workflow was started' } : (result.webhookResponse ?? { message: 'Webhook call received' });
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify(body));
		} catch (error) {
			if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify({ message: (error as Error).message }));
		}
	}

	/** Posts a body (sent byte for byte) with headers to the production or test URL. */
	async post(rawBody: string, headers: Record<string, string>, options: { isTest?: boolean } = {}): Promise<Delivery> {
		const before = this.executions.length;
		const response = await fetch(options.isTest ? this.testUrl() : this.productionUrl(), {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', ...headers },
			body: rawBody,
		});
		const body = await response.text();
		return { status: response.status, body, execution: this.executions[before]?.data };
	}
}
