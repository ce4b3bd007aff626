// `npm run pictures`: a picture of each template's canvas, docs/templates/<template>.png, for every
// workflow in examples/. Dev-only. Against a running n8n with `-- --url http://localhost:5678` (e.g.
// `npm run dev`'s; its owner unless N8N_OWNER_EMAIL / N8N_OWNER_PASSWORD say otherwise), or else
// in an n8n of its own (the package built and installed, a throwaway user folder). `-- --only a.json,b.json`
// makes only those pictures.
import { mkdirSync } from 'fs';
import { join } from 'path';
import type { Page } from 'playwright-core';

import { N8nClient } from './api';
import { openEditorBrowser } from './editorBrowser';
import { devCredentialData, ensureCredential, importExamples } from './dev-setup';
import { exampleFiles, readExample } from './examples';
import { log } from './install';
import { REPO_ROOT } from './package';
import { onlyFlag, pictureTarget } from './pictureTarget';

const PICTURES_DIR = join(REPO_ROOT, 'docs', 'templates');

/** Opens the workflow, fits it to the window and saves the canvas. */
async function picture(page: Page, url: string, workflowId: string, file: string): Promise<void> {
	await page.goto(`${url}/workflow/${workflowId}`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
	await page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 60_000 });
	await page.keyboard.press('Escape'); // any welcome dialog
	const fit = page.locator('[data-test-id="zoom-to-fit"]');
	if (await fit.count()) await fit.first().click();
	else await page.keyboard.press('1'); // n8n's shortcut for zoom to fit
	await page.waitForTimeout(1500); // the fit animation
	await page.screenshot({ path: join(PICTURES_DIR, file.replace(/\.json$/, '.png')) });
}

async function main(): Promise<void> {
	const target = await pictureTarget('business-banking-pictures-');
	try {
		const client = new N8nClient(target.url);
		await client.login(target.owner.email, target.owner.password);
		// The credential is only named on the canvas: it need not be connected.
		const credential = await ensureCredential(client, devCredentialData('pictures', 'pictures', 'http://localhost:4010', true));
		await importExamples(client, credential);
		const workflows = await client.rest<Array<{ id: string; name: string }>>('GET', '/workflows');

		mkdirSync(PICTURES_DIR, { recursive: true });
		const { page, close } = await openEditorBrowser(target.url, target.owner, { width: 1600, height: 800 });
		try {
			const only = onlyFlag();
			for (const file of exampleFiles().filter((candidate) => !only || only.includes(candidate))) {
				const { name } = readExample(file);
				const workflow = workflows.find((candidate) => candidate.name === name);
				if (!workflow) throw new Error(`${file}: no workflow named "${name}" in n8n`);
				await picture(page, target.url, workflow.id, file);
				log(`docs/templates/${file.replace(/\.json$/, '.png')}`);
			}
		} finally {
			await close();
		}
	} finally {
		await target.stop();
	}
}

main().catch((error: unknown) => {
	process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
	process.exit(1);
});
