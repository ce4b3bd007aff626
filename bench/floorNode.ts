import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { registerNodeType } from '../test/helpers/engine/nodeTypes';

export const FLOOR_NODE_TYPE = 'bench.n8nFloor';

/**
 * The least any n8n node spends per request: n8n's own authenticated request helper, the body
 * taken straight from the input item (prebuilt there, no expression), the credential read once,
 * redirects not followed, one item after the other, and nothing else (no checks, no retries, no
 * pacing). The node's CPU per request is set against it, to tell what this package adds from what
 * n8n itself costs.
 */
class N8nFloorNode implements INodeType {
	description = {
		displayName: 'n8n floor',
		name: 'n8nFloor',
		group: ['transform'],
		version: 1,
		description: 'Benchmark baseline',
		defaults: { name: 'n8n floor' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'businessBankingOAuth2Api', required: true }],
		properties: [
			{ displayName: 'URL', name: 'url', type: 'string', default: '' },
		],
	} as unknown as INodeTypeDescription;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const url = this.getNodeParameter('url', 0) as string;
		// The credential read once, as the package's transport does: n8n-core's signing reads it on
		// every request otherwise (decrypting and resolving it), which no node has to pay.
		const credential = await this.getCredentials('businessBankingOAuth2Api');
		const signer = Object.create(this) as IExecuteFunctions;
		Object.defineProperty(signer, 'getCredentials', { value: async () => credential });
		const output: INodeExecutionData[] = [];
		const items = this.getInputData();
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			const body = items[itemIndex].json.body as IDataObject;
			const request = { method: 'POST' as const, url, body: { client_invoice: body }, json: true, disableFollowRedirect: true };
			const json = (await this.helpers.httpRequestWithAuthentication.call(signer, 'businessBankingOAuth2Api', request)) as IDataObject;
			output.push({ json, pairedItem: { item: itemIndex } });
		}
		return [output];
	}
}

registerNodeType(FLOOR_NODE_TYPE, new N8nFloorNode());

export const floorParameters = (url: string) => ({ url: `${url}/v2/client_invoices` });
