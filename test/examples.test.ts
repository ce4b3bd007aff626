import { DEV_CREDENTIAL_NAME } from '../tools/n8n/dev-setup';
import { CREDENTIAL_TYPE, exampleFiles, isPackageNode, readExample, withCredential } from '../tools/n8n/examples';

/** The examples as files: what a user imports by hand, and what `npm run dev` imports for them. */
describe('example workflows', () => {
	it.each(exampleFiles())('%s: every node of this package names the sandbox credential', (file) => {
		const ours = readExample(file).nodes.filter(isPackageNode);
		expect(ours.length).toBeGreaterThan(0);
		for (const node of ours) expect({ node: node.name, credential: node.credentials?.[CREDENTIAL_TYPE]?.name }).toEqual({ node: node.name, credential: DEV_CREDENTIAL_NAME });
	});

	it('withCredential points every node of this package at the given credential, and no other node', () => {
		const workflow = readExample('invoices-batch-facturx.json');
		const stripped = { ...workflow, nodes: workflow.nodes.map(({ credentials: _dropped, ...node }) => node) };
		const pointed = withCredential(stripped, { id: 'abc123', name: 'Mine' });
		for (const node of pointed.nodes) {
			expect(node.credentials?.[CREDENTIAL_TYPE]).toEqual(isPackageNode(node) ? { id: 'abc123', name: 'Mine' } : undefined);
		}
	});
});
