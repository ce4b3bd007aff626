// What nodes/BusinessBanking/n8n/locatorInCollection.ts assumes: a resource locator inside a collection
// reaches the node whole, its expression resolved per item, on every n8n of the matrix. Shown with
// version 2's Get Many client filter: the client id each item's request carried.
import type { INodeParameterResourceLocator, INodeParameters } from 'n8n-workflow';

import { runNode } from '../helpers/engine/runNode';
import { frCompanyClient } from '../helpers/fixtures';
import { useTestSandbox } from '../helpers/sandbox';
import { createClient } from '../node/invoiceFixtures';

const sandbox = useTestSandbox({}, { resetEachTest: false });
jest.setTimeout(60_000);

describe('a resource locator inside a collection (Get Many › Filters › Client, version 2)', () => {
	const getMany = (clientId: INodeParameterResourceLocator): INodeParameters => ({ resource: 'clientInvoice', operation: 'getMany', limit: 1, filters: { clientId } });
	const clientFilters = () =>
		sandbox.ctx.requests
			.all()
			.filter((request) => request.method === 'GET' && request.path === '/v2/client_invoices')
			.map((request) => request.query['filter[client_id]']);

	it('picked from the list, typed by ID, or mapped per item by an expression: the id reaches the request', async () => {
		const first = await createClient(sandbox, { ...frCompanyClient, name: 'Locator One' });
		const second = await createClient(sandbox, { ...frCompanyClient, name: 'Locator Two' });
		sandbox.ctx.requests.clear();
		const runs = [
			await runNode({ sandbox, node: { typeVersion: 2, parameters: getMany({ __rl: true, mode: 'list', value: first, cachedResultName: 'Locator One' }) } }),
			await runNode({ sandbox, node: { typeVersion: 2, parameters: getMany({ __rl: true, mode: 'id', value: second }) } }),
			await runNode({
				sandbox,
				node: { typeVersion: 2, parameters: getMany({ __rl: true, mode: 'id', value: '={{ $json.client }}' }) },
				items: [{ client: second }, { client: first }],
			}),
		];
		expect(runs.map((run) => run.error)).toEqual([undefined, undefined, undefined]);
		expect(clientFilters()).toEqual([first, second, second, first]);
	});
});
