// A node's panel (n8n's NDV) in the editor: opened from its URL, read as a user reads it (the labels
// shown), its collections' lists of choices opened, and photographed (the parameters column only).
import type { Page } from 'playwright-core';

const PARAMETERS = '[data-test-id="node-parameters"]';
const LABEL = '[data-test-id="input-label"]';

/** n8n opens a node's panel from `/workflow/<workflow id>/<node id>`. */
export async function openPanel(page: Page, url: string, workflowId: string, nodeId: string): Promise<void> {
	await page.goto(`${url}/workflow/${workflowId}/${nodeId}`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
	await page.waitForSelector(PARAMETERS, { timeout: 60_000 });
	await page.waitForTimeout(1000); // parameters that load (lists, the credential) settle
}

/** The labels of the panel's parameters that show (top level and inside collections; not the Settings tab's). */
export async function panelLabels(page: Page): Promise<string[]> {
	return await page.$$eval(`${PARAMETERS} ${LABEL}`, (labels) =>
		// A label's first line: the Fixed / Expression switch and an expression's preview follow it.
		labels
			.filter((label) => label.checkVisibility())
			.map((label) => (label as HTMLElement).innerText.trim().split('\n')[0].trim())
			.filter(Boolean),
	);
}

/** The panel's version line (Settings tab), e.g. "Business Banking node version 2 (Latest)". */
export async function panelVersionLine(page: Page): Promise<string> {
	await page.click('[data-test-id="tab-settings"]');
	const line = await page.locator('[data-test-id="node-version"]').innerText();
	await page.click('[data-test-id="tab-params"]');
	return line.trim();
}

/**
 * Opens the list of choices ("Add Option", "Add Field") of the collection labelled `label`; false when
 * the panel has no such collection.
 */
export async function openCollection(page: Page, label: string): Promise<boolean> {
	const item = page.locator(`${PARAMETERS} [data-test-id="parameter-item"]`).filter({ has: page.locator(LABEL, { hasText: new RegExp(`^\\s*${label}\\s*$`) }) });
	if (!(await item.count())) return false;
	const add = item.first().locator('[data-test-id="collection-parameter-add"]');
	if (!(await add.count())) return false;
	await add.last().click();
	await page.waitForTimeout(500);
	return true;
}

/** Where the panel's content ends, an open list of choices included (page pixels). */
async function contentBottom(page: Page): Promise<number> {
	return await page.evaluate((selector) => {
		let bottom = 0;
		for (const item of Array.from(document.querySelectorAll(`${selector} [data-test-id="parameter-item"]`))) bottom = Math.max(bottom, item.getBoundingClientRect().bottom);
		for (const dropdown of Array.from(document.querySelectorAll('.el-select-dropdown, .el-popper'))) {
			const box = dropdown.getBoundingClientRect();
			if (box.height > 0 && getComputedStyle(dropdown).display !== 'none' && getComputedStyle(dropdown).visibility !== 'hidden') bottom = Math.max(bottom, box.bottom);
		}
		return bottom;
	}, PARAMETERS);
}

/**
 * Saves the panel's parameters column (tabs to the last parameter) as a PNG; the window grows first
 * when the panel is taller than it, so that nothing is cut.
 */
export async function savePanelPicture(page: Page, path: string): Promise<void> {
	const viewport = page.viewportSize() ?? { width: 1440, height: 1800 };
	const needed = (await contentBottom(page)) + 80;
	if (needed > viewport.height) {
		await page.setViewportSize({ width: viewport.width, height: Math.ceil(needed) + 200 });
		await page.waitForTimeout(500);
	}
	const column = await page.locator(PARAMETERS).evaluate((parameters) => {
		const box = (parameters.parentElement ?? parameters).getBoundingClientRect();
		return { x: box.x, y: box.y, width: box.width };
	});
	await page.mouse.move(0, 0); // no button shown hovered
	const bottom = (await contentBottom(page)) + 16;
	await page.screenshot({ path, clip: { x: column.x, y: column.y, width: column.width, height: bottom - column.y } });
	await page.setViewportSize(viewport);
}

/** Opens the credential's dialog (Overview › Credentials › the credential) and saves it as a PNG. */
export async function saveCredentialPicture(page: Page, url: string, credentialId: string, path: string): Promise<void> {
	await page.goto(`${url}/home/credentials/${credentialId}`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
	const dialog = page.locator('[data-test-id="editCredential-modal"] .el-dialog, [data-test-id="editCredential-modal"]').first();
	await dialog.waitFor({ timeout: 60_000 });
	await page.waitForTimeout(1000);
	// The dialog scrolls its form: unrolled for the picture, so that every field shows.
	await dialog.evaluate((root) => {
		for (const element of [root, ...Array.from(root.querySelectorAll<HTMLElement>('*'))] as HTMLElement[]) {
			if (element.scrollHeight > element.clientHeight + 1 && /auto|scroll|hidden/.test(getComputedStyle(element).overflowY)) {
				for (let box: HTMLElement | null = element; box && box !== root.parentElement; box = box.parentElement) {
					box.style.overflow = 'visible';
					box.style.height = 'auto';
					box.style.maxHeight = 'none';
				}
			}
		}
	});
	await page.waitForTimeout(300);
	await dialog.screenshot({ path });
}
