/**
 * What the transport tests share: a node that sends one raw call through the transport, the node
 * parameters of a client's get and create, and the test file's sandbox.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeParameters, INodeType } from 'n8n-workflow';

import { apiRequest, resolveIdempotencyKey } from '../../nodes/BusinessBanking/transport';
import { registerNodeType } from '../helpers/engine/nodeTypes';
import { clearSeenRequests } from '../helpers/engine/sandboxControls';
import { useTestSandbox, type TestSandbox } from '../helpers/sandbox';

/** A node that sends one raw call through the transport (what resources do, without their fields). */
class TransportProbe implements INodeType {
	description = {
		displayName: 'Transport probe',
		name: 'transportProbe',
		group: ['transform'],
		version: 1,
		description: '',
		defaults: { name: 'Transport probe' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'businessBankingOAuth2Api', required: true }],
		properties: [
			{ displayName: 'Method', name: 'method', type: 'string', default: 'GET' },
			{ displayName: 'Path', name: 'path', type: 'string', default: '/organization' },
			{ displayName: 'Body', name: 'body', type: 'json', default: '' },
			{ displayName: 'Idempotent', name: 'idempotent', type: 'boolean', default: false },
			{ displayName: 'Server', name: 'server', type: 'string', default: 'api' },
			{ displayName: 'Idempotency Key', name: 'idempotencyKey', type: 'string', default: '' },
		],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const output: INodeExecutionData[] = [];
		for (let itemIndex = 0; itemIndex < this.getInputData().length; itemIndex++) {
			const text = this.getNodeParameter('body', itemIndex, '') as string;
			const body = text ? (JSON.parse(text) as IDataObject) : undefined;
			const response = await apiRequest.call(this, this.getNodeParameter('method', itemIndex) as 'GET', this.getNodeParameter('path', itemIndex) as string, {
				body,
				idempotencyKey: this.getNodeParameter('idempotent', itemIndex)
					? resolveIdempotencyKey.call(this, 'probe', body, this.getNodeParameter('idempotencyKey', itemIndex))
					: undefined,
				server: this.getNodeParameter('server', itemIndex) as 'api' | 'register',
				itemIndex,
			});
			output.push({ json: response, pairedItem: { item: itemIndex } });
		}
		return [output];
	}
}
registerNodeType('test.transportProbe', new TransportProbe());

export const probe = (parameters: INodeParameters, settings: { retryOnFail?: boolean; maxTries?: number; waitBetweenTries?: number } = {}) => ({
	type: 'test.transportProbe',
	parameters,
	...settings,
});
export const getClient = (id: string) => ({ parameters: { resource: 'client', operation: 'get', clientId: { mode: 'id', value: id } } });
export const createCompany = (name: string) => ({ parameters: { resource: 'client', operation: 'create', kind: 'company', name } });

/**
 * The sandbox of a transport test file (kept across its tests) and a client of the French
 * organization, created before them; faults are disarmed and the request log cleared before each test.
 */
export function useTransportSandbox(): { sandbox: TestSandbox; client: { id: string } } {
	const sandbox = useTestSandbox({ stagingToken: 'staging-transport' }, { resetEachTest: false });
	const client = { id: '' };
	beforeAll(async () => {
		client.id = (await sandbox.api('fr').post('/v2/clients', { client: { kind: 'company', name: 'Transport SAS' } })).data.client.id;
	});
	beforeEach(async () => {
		await sandbox.http.delete('/sandbox/faults');
		await clearSeenRequests(sandbox);
	});
	return { sandbox, client };
}
