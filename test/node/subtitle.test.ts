import { Workflow, type INode, type INodeType } from 'n8n-workflow';

import { BusinessBanking } from '../../nodes/BusinessBanking/BusinessBanking.node';

/** The subtitle as n8n's editor shows it: the node's subtitle expression resolved with its parameters. */
function subtitleOf(parameters: Record<string, string>): unknown {
	const type = new BusinessBanking();
	const node: INode = { id: '1', name: 'Business Banking', type: 'businessBanking', typeVersion: 1, position: [0, 0], parameters };
	const nodeTypes = { getByName: () => type as INodeType, getByNameAndVersion: () => type as INodeType, getKnownTypes: () => ({}) };
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getSimpleParameterValue(node, type.description.subtitle as string, 'internal', {});
}

describe('the canvas subtitle', () => {
	it('shows what the user picked, as displayed', () => {
		expect(subtitleOf({ resource: 'clientInvoice', operation: 'downloadFacturX' })).toBe('Download Factur-X: Client Invoice');
		expect(subtitleOf({ resource: 'externalTransfer', operation: 'create' })).toBe('Create: External Transfer');
		expect(subtitleOf({ resource: 'webhookSubscription', operation: 'updatePartnerEndpoint' })).toBe('Update Partner Endpoint: Webhook Subscription');
	});

	it('has a display name for every operation of every resource', () => {
		const type = new BusinessBanking();
		const resourcePicker = type.description.properties.find((p) => p.name === 'resource');
		for (const resource of resourcePicker?.options as Array<{ value: string }>) {
			const picker = type.description.properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value));
			for (const operation of picker?.options as Array<{ value: string; name: string }>) {
				expect(subtitleOf({ resource: resource.value, operation: operation.value })).toMatch(new RegExp(`^${operation.name.replace(/[()]/g, '\\$&')}: `));
			}
		}
	});
});
