// n8n's saved form of a node's parameters: when the editor saves a workflow it keeps only the
// parameters that differ from their defaults (n8n-workflow's getNodeParameters with returnDefaults
// and returnNoneDisplayed off), and a credential's fields the same way. A golden fixture must be in
// that form, or a changed default — what the saved-workflow contract forbids — would go unnoticed.
import { isDeepStrictEqual } from 'util';
import { NodeHelpers, type INode, type INodeParameters, type INodeProperties, type INodeType, type IWorkflowBase } from 'n8n-workflow';

import { BusinessBanking } from '../../nodes/BusinessBanking/BusinessBanking.node';
import { BusinessBankingTrigger } from '../../nodes/BusinessBankingTrigger/BusinessBankingTrigger.node';

const PACKAGE_NODE_TYPES: Record<string, INodeType> = {
	'n8n-nodes-business-banking.businessBanking': new BusinessBanking(),
	'n8n-nodes-business-banking.businessBankingTrigger': new BusinessBankingTrigger(),
};

/** The package's nodes of a workflow (other nodes are n8n's own, saved by n8n's own rules). */
export function packageNodes(workflow: IWorkflowBase): INode[] {
	return workflow.nodes.filter((node) => node.type in PACKAGE_NODE_TYPES);
}

/** What n8n saves of a node's parameters: only those that differ from their defaults and are shown. */
export function savedParameters(node: Pick<INode, 'type' | 'typeVersion' | 'parameters'>): INodeParameters {
	const { description } = PACKAGE_NODE_TYPES[node.type];
	return NodeHelpers.getNodeParameters(description.properties, node.parameters, false, false, node, description) ?? {};
}

/** What n8n saves of a credential's fields (its editor runs the same function over the form). */
export function savedCredentialFields(properties: INodeProperties[], fields: INodeParameters): INodeParameters {
	return NodeHelpers.getNodeParameters(properties, fields, false, false, null, null) ?? {};
}

/**
 * How `stored` differs from n8n's saved form of it (`saved`): each top-level parameter stored though
 * n8n would leave it out (equal to its default, or not shown), or stored other than n8n would keep it.
 */
export function savedFormProblems(stored: INodeParameters, saved: INodeParameters): string[] {
	return [...new Set([...Object.keys(stored), ...Object.keys(saved)])]
		.filter((name) => !isDeepStrictEqual(stored[name], saved[name]))
		.map((name) =>
			name in saved
				? `${name}: stored ${JSON.stringify(stored[name])}, n8n saves ${JSON.stringify(saved[name])}`
				: `${name}: ${JSON.stringify(stored[name])} is its default or not shown, which n8n does not save`,
		);
}
