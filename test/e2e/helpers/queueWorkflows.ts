// Workflows the queue-mode tests build: a production webhook (on the webhook process) and Business Banking nodes.
import { randomUUID } from 'crypto';

import type { Workflow, WorkflowNode } from '../../../tools/n8n/examples';
import { BUSINESS_BANKING_NODE } from './workflows';

/** Webhook (production URL on the webhook process) → `nodes`, in a line. */
export function webhookWorkflow(name: string, path: string, responseMode: 'onReceived' | 'lastNode', nodes: WorkflowNode[]): Workflow {
	const start: WorkflowNode = {
		id: randomUUID(),
		name: 'Start',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: randomUUID(),
		parameters: { httpMethod: 'GET', path, responseMode, options: {} },
	};
	const line = [start, ...nodes].map((node, index) => ({ ...node, position: [index * 220, 0] }));
	const connections: Record<string, unknown> = {};
	line.slice(1).forEach((node, index) => (connections[line[index].name] = { main: [[{ node: node.name, type: 'main', index: 0 }]] }));
	return { name, nodes: line, connections, settings: { executionOrder: 'v1' } };
}

/** A Business Banking node named `name`, with `parameters`, using `credential`. */
export function bankingNode(name: string, parameters: Record<string, unknown>, credential: { id: string; name: string }): WorkflowNode {
	return { id: randomUUID(), name, type: BUSINESS_BANKING_NODE, typeVersion: 1, position: [0, 0], parameters, credentials: { businessBankingOAuth2Api: credential } };
}
