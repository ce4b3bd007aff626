// Small workflows the e2e tests build: a Manual Trigger (what `n8n execute` starts from) and nodes.
import { CREDENTIAL_TYPE, type Workflow, type WorkflowNode } from '../../../tools/n8n/examples';

/** The node types as n8n names a community package's nodes. */
export const BUSINESS_BANKING_NODE = 'n8n-nodes-business-banking.businessBanking';
export const BUSINESS_BANKING_TRIGGER = 'n8n-nodes-business-banking.businessBankingTrigger';
/** The node as an AI agent's tool: n8n derives this type from `usableAsTool`. */
export const BUSINESS_BANKING_TOOL = 'n8n-nodes-business-banking.businessBankingTool';

/** Manual Trigger → one Business Banking node with `parameters`, using `credential`. */
export function manualWorkflow(name: string, parameters: Record<string, unknown>, credential: { id: string; name: string }): Workflow {
	const nodes: WorkflowNode[] = [
		{ id: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Run', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		{
			id: 'a1b2c3d4-0000-4000-8000-000000000002',
			name: 'Business Banking',
			type: BUSINESS_BANKING_NODE,
			typeVersion: 1,
			position: [220, 0],
			parameters,
			credentials: { [CREDENTIAL_TYPE]: credential },
		},
	];
	return {
		name,
		nodes,
		connections: { Run: { main: [[{ node: 'Business Banking', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}
