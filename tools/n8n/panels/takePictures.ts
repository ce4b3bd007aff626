// Takes docs/panels/<panel>.png for each panel of panelList.ts in a running n8n (the package
// installed): each panel's workflow imported, its node's panel opened and photographed; then the
// credential's dialog. Shared by `npm run panels` and test/e2e/panels.test.ts (PANELS_WRITE=1).
import { mkdirSync } from 'fs';
import { join } from 'path';

import type { N8nClient } from '../api';
import { devCredentialData, ensureCredential, type CredentialRef } from '../dev-setup';
import { openEditorBrowser } from '../editorBrowser';
import { log } from '../install';
import { REPO_ROOT } from '../package';
import { openCollection, openPanel, saveCredentialPicture, savePanelPicture } from './ndv';
import { CREDENTIAL_PICTURE, PANEL_NODE_ID, PANELS, panelWorkflow, type Panel } from './panelList';

export const PANELS_DIR = join(REPO_ROOT, 'docs', 'panels');

/** Tall enough for most panels in one picture; taller ones grow the window (savePanelPicture). */
const VIEWPORT = { width: 1440, height: 1400 };

/** The credential the panels show: `npm run dev`'s, on the sandbox (it need not be connected). */
export async function panelCredential(client: N8nClient): Promise<CredentialRef> {
	return await ensureCredential(client, devCredentialData('panels', 'panels', 'http://localhost:4010', true));
}

/** Saves the panel's workflow in n8n; returns its id. */
export async function importPanel(client: N8nClient, panel: Panel, credential: CredentialRef, typeVersion = 2): Promise<string> {
	const { name, nodes, connections, settings } = panelWorkflow(panel, credential, typeVersion);
	const created = await client.rest<{ id: string }>('POST', '/workflows', { name, nodes, connections, settings });
	return created.id;
}

/** Every picture (or only `only`'s), written to docs/panels/; returns the files written. */
export async function takePanelPictures(url: string, owner: { email: string; password: string }, client: N8nClient, only?: string[]): Promise<string[]> {
	const credential = await panelCredential(client);
	mkdirSync(PANELS_DIR, { recursive: true });
	const written: string[] = [];
	// Twice the pixels: the panel's small print stays readable in the docs.
	const { page, close } = await openEditorBrowser(url, owner, VIEWPORT, 2);
	try {
		for (const panel of PANELS.filter((candidate) => !only || only.includes(candidate.name))) {
			const workflowId = await importPanel(client, panel, credential);
			await openPanel(page, url, workflowId, PANEL_NODE_ID);
			for (const label of panel.open ?? []) {
				if (!(await openCollection(page, label))) log(`${panel.name}: this panel has no "${label}" collection (left closed)`);
			}
			const file = join(PANELS_DIR, `${panel.name}.png`);
			await savePanelPicture(page, file);
			written.push(file);
			log(`docs/panels/${panel.name}.png`);
		}
		if (!only || only.includes(CREDENTIAL_PICTURE)) {
			const file = join(PANELS_DIR, `${CREDENTIAL_PICTURE}.png`);
			await saveCredentialPicture(page, url, credential.id, file);
			written.push(file);
			log(`docs/panels/${CREDENTIAL_PICTURE}.png`);
		}
	} finally {
		await close();
	}
	return written;
}
