/**
 * What n8n's editor shows of a node: the top-level parameters n8n-workflow's NodeHelpers display for
 * a node of `description` at `typeVersion` saved with `parameters` (their defaults filled in first,
 * as the editor does), so that display conditions on other fields, `@version` and `@tool` count.
 */
import { NodeHelpers, type INode, type INodeParameters, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';

export function shownProperties(description: INodeTypeDescription, parameters: INodeParameters, typeVersion: number): INodeProperties[] {
	const node: INode = { id: 'n', name: 'Business Banking', type: `n8n-nodes-business-banking.${description.name}`, typeVersion, position: [0, 0], parameters };
	const values = NodeHelpers.getNodeParameters(description.properties, parameters, true, false, node, description) ?? {};
	return description.properties.filter((property) => NodeHelpers.displayParameter(values, property, node, description));
}
