/**
 * Runs one node inside n8n-core's real engine, after an Items node holding the input items:
 *
 *   const { items, error, credential } = await runNode({ sandbox, node: { parameters: {...} }, items: [{...}] });
 *
 * The node is Business Banking unless `node.type`, with a fresh connected credential or the
 * `credential` store you pass (to watch tokens across runs). `node` also takes continueOnFail /
 * retryOnFail / maxTries / waitBetweenTries; `executionId`, `workflowId`, `nodeId` and `mode` fix
 * what n8n would (a "Retry execution" is a new execution id of the same workflow in mode 'retry').
 */
import type { IDataObject, INode, INodeExecutionData, INodeParameters, IRun, WorkflowExecuteMode } from 'n8n-workflow';

import type { TestSandbox } from '../sandbox';
import { connectedCredential, CREDENTIAL_ID, CREDENTIAL_NAME, type CredentialOptions } from './connectedCredential';
import { CredentialStore } from './credentialStore';
import { ITEMS_NODE_TYPE, NODE_TYPE } from './nodeTypes';
import { runWorkflow, type RunResult } from './runWorkflow';

export interface RunNodeOptions {
	/** The sandbox the credential is connected to (needed unless `credential` is given). */
	sandbox?: TestSandbox;
	node: {
		parameters: INodeParameters;
		name?: string;
		type?: string;
		/** The node's version (1 by default: the saved workflows of version 1). */
		typeVersion?: number;
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
	/** n8n's "Retry execution" of this failed execution (a new execution id, mode 'retry', its context kept). */
	retryOf?: IRun;
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
	const { parameters, type, name: _name, typeVersion, ...settings } = options.node;
	const workflow = {
		...(options.workflowId !== undefined ? { id: options.workflowId } : {}),
		nodes: [
			{ id: 'items', name: 'Items', type: ITEMS_NODE_TYPE, typeVersion: 1, position: [0, 0] as [number, number], parameters: { items: JSON.stringify(options.items ?? [{}]) } },
			{
				id: options.nodeId ?? 'node',
				name,
				type: type ?? NODE_TYPE,
				typeVersion: typeVersion ?? 1,
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
		mode: options.retryOf ? 'retry' : options.mode,
		retryOf: options.retryOf,
		resume: options.resumeFrom ? { from: options.resumeFrom, node: name, after: 'Items' } : undefined,
	});
	const runs = result.run?.data.resultData.runData[name] ?? [];
	const items = options.resumeFrom || options.retryOf ? (runs[runs.length - 1]?.data?.main?.[0] ?? []) : result.outputs[name];
	return { ...result, items: items ?? [], credential };
}

function requireSandbox(sandbox: TestSandbox | undefined): TestSandbox {
	if (!sandbox) throw new Error('engine harness: pass `sandbox` or `credential`');
	return sandbox;
}

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
