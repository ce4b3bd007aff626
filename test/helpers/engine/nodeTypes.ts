/**
 * The node types the harness's engine knows: Business Banking, an Items node that starts a test
 * workflow, and whatever a test adds with `registerNodeType` (e.g. the trigger).
 */
import './environment';
import { NodeHelpers, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeType, type INodeTypes, type IVersionedNodeType } from 'n8n-workflow';

import { BusinessBanking } from '../../../nodes/BusinessBanking/BusinessBanking.node';

export const NODE_TYPE = 'n8n-nodes-business-banking.businessBanking';
export const ITEMS_NODE_TYPE = 'test.items';

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

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
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

export const nodeTypes: INodeTypes = {
	getByName: (name) => requireNodeType(name),
	getByNameAndVersion: (name, version) => NodeHelpers.getVersionedNodeType(requireNodeType(name), version),
	getKnownTypes: () => Object.fromEntries([...nodeTypeRegistry.keys()].map((name) => [name, { className: name, sourcePath: '' }])),
};

export function requireNodeType(name: string): INodeType | IVersionedNodeType {
	const type = nodeTypeRegistry.get(name);
	if (!type) throw new Error(`engine harness: unknown node type ${name}; registerNodeType() it first`);
	return type;
}
