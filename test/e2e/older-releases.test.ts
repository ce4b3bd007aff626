// The package in the n8n releases users run besides the newest: the previous 2.x minor, and the oldest
// supported (1.x on Node 20). Installed the same way, connected through the consent page, a workflow and
// examples run, and the rotated refresh token is saved; every template imported as the editor saves it,
// with what that release's editor does not know of it. (The whole suite runs on the newest.)
import { SEED } from '../../sandbox/core/seed';
import { exampleFiles, isPackageNode, readExample, withCredential } from '../../tools/n8n/examples';
import type { N8nInstall } from '../../tools/n8n/install';
import { DEFAULT_OWNER, type RunningN8n } from '../../tools/n8n/server';
import type { TestSandbox } from '../helpers/sandbox';
import { describeWithRelease, type E2eN8n, type OlderRelease } from './helpers/n8n';
import { startOwnN8n, type OwnN8n } from './helpers/ownN8n';
import { connectThroughBrowser } from './helpers/browser';
import { clearRequestLog, connectedCredentialData, credentialData, requestsTo, startE2eSandbox } from './helpers/sandbox';
import { manualWorkflow } from './helpers/workflows';
import { nodeFacts, savedNodes, saveAsEditorDoes, unknownNodes, unnamedParameters } from './helpers/templateImport';

jest.setTimeout(10 * 60_000);

const olderReleases: Array<[OlderRelease, string]> = [
	['previous', 'the previous 2.x minor'],
	['oldest', 'the oldest supported release'],
];

/**
 * n8n's own nodes that templates use at a version the release does not have, per template: its editor
 * draws them as "?" ("Install this node to use it") and a run stops at the first one. Never the package's.
 */
const NEWER_THAN_RELEASE: Record<OlderRelease, Record<string, string[]>> = {
	previous: {},
	oldest: {
		// 1.123 has the AI Agent up to 3, the Chat Trigger up to 1.4, and no human-review (…HitlTool) nodes.
		'finance-assistant-agent.json': ['@n8n/n8n-nodes-langchain.agent@3.1', '@n8n/n8n-nodes-langchain.chatTrigger@1.5', 'n8n-nodes-base.emailSendHitlTool@2.1'],
		// 1.123 has Data table version 1 only: rows, no Table resource (the template makes its tables with Table › Create).
		'international-payout.json': ['n8n-nodes-base.dataTable@1.1'],
	},
};

for (const [release, what] of olderReleases) {
	describeWithRelease(release, `the package in ${what}`, (install, tarball, state) => definePackageChecks(release, install, tarball, state));
}

function definePackageChecks(release: OlderRelease, install: N8nInstall, tarball: string, state: { browserSkipReason?: string; chromiumPath?: string }): void {
	let older: OwnN8n | undefined;
	let server: RunningN8n;
	let n8n: E2eN8n;
	let sandbox: TestSandbox;
	let credential: { id: string; name: string };

	beforeAll(async () => {
		older = await startOwnN8n(install, tarball);
		({ n8n, server } = older);
		sandbox = await startE2eSandbox(server.url);
		credential = await n8n.importCredential(`Business Banking (e2e n8n ${install.n8nVersion})`, connectedCredentialData(sandbox, 'fr'));
	}, 10 * 60_000);

	afterAll(async () => {
		await sandbox?.close();
		await older?.stop();
	});

	it(`runs n8n ${install.n8nVersion} with the package's nodes loaded`, async () => {
		const version = await n8n.cli(['--version']);
		expect(version.stdout.trim()).toContain(install.n8nVersion);
		const descriptions = await n8n.client.rest<Array<{ name: string } | null>>('POST', '/node-types', {
			nodeInfos: [
				{ name: 'n8n-nodes-business-banking.businessBanking', version: 1 },
				{ name: 'n8n-nodes-business-banking.businessBankingTrigger', version: 1 },
			],
		});
		expect(descriptions.map((description) => description?.name)).toEqual(['businessBanking', 'businessBankingTrigger']);
	});

	const itWithBrowser = state.browserSkipReason ? it.skip : it;
	itWithBrowser('connects the credential through the consent page', async () => {
		if (!state.chromiumPath) throw new Error('the global setup found no Chromium');
		// As the editor creates it (1.x's public API asks for the generic OAuth2 fields too, e.g. serverUrl).
		const created = await n8n.client.rest<{ id: string }>('POST', '/credentials', {
			name: `Business Banking (e2e n8n ${install.n8nVersion} browser)`,
			type: 'businessBankingOAuth2Api',
			data: credentialData(sandbox),
		});
		const result = await connectThroughBrowser({
			chromiumPath: state.chromiumPath,
			n8nUrl: server.url,
			owner: DEFAULT_OWNER,
			credentialId: created.id,
			email: SEED.userEmail,
			password: SEED.userPassword,
			organizationId: SEED.organizations.de,
		});
		expect(new URL(result.finalUrl).pathname).toBe('/rest/oauth2-credential/callback');
		const stored = await n8n.exportCredential(created.id);
		expect(stored.oauthTokenData).toEqual(
			expect.objectContaining({ access_token: expect.stringMatching(/^at_/), refresh_token: expect.stringMatching(/^rt_/) }),
		);
	});

	it('saves the rotated refresh token after the access token expired', async () => {
		const workflowId = await n8n.importWorkflow(
			manualWorkflow(`e2e ${install.n8nVersion}: list clients`, { resource: 'client', operation: 'getMany', returnAll: false, limit: 2 }, credential),
		);
		const first = await n8n.execute(workflowId);
		expect(first.code).toBe(0);
		expect(first.run?.items('Business Banking')).toHaveLength(2);
		const before = (await n8n.exportCredential(credential.id)).oauthTokenData as { refresh_token: string };

		await clearRequestLog(sandbox);
		expect((await sandbox.http.post('/sandbox/clock/advance', { seconds: 3700 })).status).toBe(200);
		const second = await n8n.execute(workflowId);
		expect(second.code).toBe(0);
		expect(second.run?.items('Business Banking')).toHaveLength(2);

		const refreshes = await requestsTo(sandbox, 'POST', '/oauth2/token');
		expect(refreshes.map((request) => [(request.body as { grant_type: string }).grant_type, request.status])).toEqual([['refresh_token', 200]]);
		const after = (await n8n.exportCredential(credential.id)).oauthTokenData as { refresh_token: string };
		expect(after.refresh_token).toMatch(/^rt_/);
		expect(after.refresh_token).not.toBe(before.refresh_token);
	});

	it('runs the clients batch upsert example', async () => {
		const example = readExample('clients-batch-upsert.json');
		await clearRequestLog(sandbox);
		const execution = await n8n.execute(await n8n.importWorkflow(withCredential(example, credential)));
		expect(execution.code).toBe(0);
		const created = execution.run?.allItems('Create client') ?? [];
		expect(created.length).toBe((await requestsTo(sandbox, 'POST', '/v2/clients')).length);
		expect(created.length).toBeGreaterThan(0);
		for (const client of created) {
			const found = await sandbox.api('fr').get('/v2/clients', { params: { 'filter[email]': client.email } });
			expect(found.data.clients).toHaveLength(1);
		}
	});

	describe('every template, imported as the editor saves it', () => {
		let known: Awaited<ReturnType<E2eN8n['client']['nodeTypes']>>;
		beforeAll(async () => {
			known = await n8n.client.nodeTypes();
		});

		it.each(exampleFiles())(`%s: stored as in the file; n8n ${install.n8nVersion} knows every node and parameter but its own nodes newer than it`, async (file) => {
			const template = withCredential(readExample(file), credential);
			expect([...new Set(template.nodes.filter(isPackageNode).map((node) => node.typeVersion))]).toEqual([2]);
			const id = await saveAsEditorDoes(n8n.client, template);
			expect(await savedNodes(n8n.client, id)).toEqual(template.nodes.map(nodeFacts));
			expect(unknownNodes(known, template)).toEqual(NEWER_THAN_RELEASE[release][file] ?? []);
			expect(unnamedParameters(known, template)).toEqual([]);
		});
	});

	it('runs the monthly invoices template: VAT sent as fractions, decimal totals, each Factur-X downloaded', async () => {
		const template = withCredential(readExample('invoices-batch-facturx.json'), credential);
		await clearRequestLog(sandbox);
		const execution = await n8n.execute(await n8n.importWorkflow(template));
		expect(execution.run?.raw.data.resultData.error).toBeUndefined();
		expect(execution.code).toBe(0);

		const posts = await requestsTo(sandbox, 'POST', '/v2/client_invoices');
		expect(posts.map((request) => (request.body as { client_invoice: { items: unknown } }).client_invoice.items)).toEqual([
			[{ title: 'Consulting', quantity: '3', unit_price: { value: '19.99', currency: 'EUR' }, vat_rate: '0.2' }],
			[{ title: 'Design', quantity: '1.5', unit_price: { value: '400.00', currency: 'EUR' }, vat_rate: '0.2', discount: { type: 'percentage', value: '0.1' } }],
		]);
		const created = execution.run?.allItems('Create invoice') ?? [];
		expect(created.map((invoice) => (invoice.total_amount as { value: string }).value)).toEqual(['71.96', '648.00']);
		for (const invoice of created) {
			const stored = await sandbox.api('fr').get(`/v2/client_invoices/${String(invoice.id)}`);
			expect(stored.data.client_invoice).toMatchObject({ number: invoice.number, status: 'unpaid' });
		}
		const downloads = (execution.run?.raw.data.resultData.runData['Download Factur-X'] ?? []).flatMap(
			(run) => (run.data?.main[0] ?? []) as unknown as Array<{ json: { id: string }; binary?: Record<string, { mimeType: string }> }>,
		);
		expect(downloads.map((item) => item.json.id)).toEqual(created.map((invoice) => invoice.id));
		for (const item of downloads) expect(Object.values(item.binary ?? {}).map((file) => file.mimeType)).toEqual(expect.arrayContaining(['application/pdf', expect.stringMatching(/xml/)]));
	});

	if (release === 'oldest') {
		it('stops the international payout at its first Data table node (1.1, which 1.123 lacks), before any request to the bank', async () => {
			const template = withCredential(readExample('international-payout.json'), credential);
			await clearRequestLog(sandbox);
			const execution = await n8n.execute(await n8n.importWorkflow(template));
			expect(execution.code).toBe(1);
			const result = execution.run?.raw.data.resultData as { error?: { message: string }; lastNodeExecuted?: string } | undefined;
			expect({ node: result?.lastNodeExecuted, error: result?.error?.message }).toEqual({ node: 'Payouts table', error: 'Could not get parameter' });
			expect(await requestsTo(sandbox, '', '/*')).toEqual([]);
		});
	}
}
