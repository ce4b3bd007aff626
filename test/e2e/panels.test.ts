// Version 2 of the node as a user meets it in the editor (n8n's own UI in headless Chromium): a node
// added from the node creator is version 2; the AI Agent section shows on the tool only; a saved
// version-1 workflow still opens with its version-1 panel. PANELS_WRITE=1 also retakes docs/panels/*.png
// (the pictures of docs/panels.md; `npm run panels` takes them outside the suite).
import { readFileSync, statSync } from 'fs';
import { join } from 'path';

import type { CredentialRef } from '../../tools/n8n/dev-setup';
import { openEditorBrowser, type EditorBrowser } from '../../tools/n8n/editorBrowser';
import { withCredential, type Workflow } from '../../tools/n8n/examples';
import { REPO_ROOT } from '../../tools/n8n/package';
import { openPanel, panelLabels, panelVersionLine } from '../../tools/n8n/panels/ndv';
import { PANEL_NODE_ID, PANELS, type Panel } from '../../tools/n8n/panels/panelList';
import { importPanel, panelCredential, takePanelPictures } from '../../tools/n8n/panels/takePictures';
import { describeInN8n, E2eN8n, n8nId, waitFor } from './helpers/n8n';
import { BUSINESS_BANKING_NODE } from './helpers/workflows';

jest.setTimeout(5 * 60_000);

const AI_AGENT_TOGGLE = 'Allow Use by an AI Agent';
const panel = (name: string): Panel => PANELS.find((candidate) => candidate.name === name) as Panel;

describeInN8n('version 2 of the node in the editor', (state) => {
	const { url, owner } = state.n8n;
	let n8n: E2eN8n;
	let credential: CredentialRef;
	let editor: EditorBrowser;

	beforeAll(async () => {
		if (state.browserSkipReason) throw new Error(state.browserSkipReason);
		n8n = E2eN8n.fromState(state);
		await n8n.client.login(owner.email, owner.password);
		credential = await panelCredential(n8n.client);
		editor = await openEditorBrowser(url, owner, { width: 1440, height: 1400 });
	});

	afterAll(async () => {
		await editor?.close();
		n8n?.cleanup();
	});

	it('adds a Business Banking node from the node creator at version 2', async () => {
		const { page } = editor;
		const workflow = await n8n.client.rest<{ id: string }>('POST', '/workflows', {
			name: `Node creator ${n8nId()}`,
			nodes: [{ id: 'e0000000-0000-4000-8000-000000000001', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }],
			connections: {},
			settings: { executionOrder: 'v1' },
		});
		await page.goto(`${url}/workflow/${workflow.id}`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
		await page.click('[data-test-id="canvas-handle-plus"]', { timeout: 60_000 });
		await page.keyboard.type('Business Banking');
		await page.locator('[data-test-id="item-iterator-item"]', { hasText: 'Business Banking' }).first().click();
		await page.locator('[data-test-id="node-creator"]').getByText('Create an external transfer', { exact: true }).click();
		await page.waitForSelector('[data-test-id="node-parameters"]', { timeout: 60_000 });

		expect(await panelVersionLine(page)).toMatch(/node version 2\b/);
		await page.keyboard.press('Control+s');
		// The saved node, once the save has reached n8n.
		const saved = await waitFor('the workflow saved with its Business Banking node', async () => {
			const { nodes } = await n8n.client.rest<{ nodes: Array<{ type: string; typeVersion: number }> }>('GET', `/workflows/${workflow.id}`);
			return nodes.find((node) => node.type === BUSINESS_BANKING_NODE);
		});
		expect(saved.typeVersion).toBe(2);
	});

	it(`shows no "${AI_AGENT_TOGGLE}" on a regular External Transfer › Create node`, async () => {
		await openPanel(editor.page, url, await importPanel(n8n.client, panel('external-transfer-create'), credential), PANEL_NODE_ID);
		const labels = await panelLabels(editor.page);
		expect(labels).toEqual(expect.arrayContaining(['Beneficiary', 'Amount'])); // the operation's panel is open
		expect(labels).not.toContain(AI_AGENT_TOGGLE);
	});

	it(`shows "${AI_AGENT_TOGGLE}" on the same operation as an AI Agent's tool`, async () => {
		await openPanel(editor.page, url, await importPanel(n8n.client, panel('external-transfer-create-tool'), credential), PANEL_NODE_ID);
		expect(await panelVersionLine(editor.page)).toMatch(/node version 2\b/);
		expect(await panelLabels(editor.page)).toContain(AI_AGENT_TOGGLE);
	});

	it('opens a saved version-1 workflow with its version-1 panel', async () => {
		const golden = JSON.parse(readFileSync(join(REPO_ROOT, 'test/golden/1.0/workflows/externalTransfer.create.json'), 'utf8')) as Workflow;
		const workflowId = await n8n.importWorkflow({ ...withCredential(golden, credential), id: n8nId() });
		const node = golden.nodes.find((candidate) => candidate.type === BUSINESS_BANKING_NODE);
		await openPanel(editor.page, url, workflowId, String(node?.id));

		expect(await panelVersionLine(editor.page)).toMatch(/node version 1\b/);
		expect(await panelLabels(editor.page)).toEqual(expect.arrayContaining(['Beneficiary', 'Amount', 'Rate Limit']));
		// Opening it changes nothing saved: the node stays at version 1.
		const saved = await n8n.client.rest<{ nodes: Array<{ type: string; typeVersion: number }> }>('GET', `/workflows/${workflowId}`);
		expect(saved.nodes.find((candidate) => candidate.type === BUSINESS_BANKING_NODE)?.typeVersion).toBe(1);
	});

	// Declared only when asked for (not skipped otherwise: CI counts a skipped test as a failed run);
	// the pictures take ~2 minutes that the checks above do not need.
	if (process.env.PANELS_WRITE === '1') {
		it('retakes docs/panels/*.png (PANELS_WRITE=1)', async () => {
			const written = await takePanelPictures(url, owner, n8n.client);
			expect(written).toHaveLength(PANELS.length + 1); // and the credential's
			for (const file of written) expect(statSync(file).size).toBeGreaterThan(10_000);
		});
	}
});
