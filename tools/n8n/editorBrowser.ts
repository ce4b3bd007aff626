// n8n's editor in headless Chromium (playwright-core driving Debian's chromium, .ci/debian-packages),
// logged in as the owner: for the picture tools and the panel e2e test.
import { chromium, type Browser, type Page } from 'playwright-core';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test/e2e/helpers/chromium';

export interface EditorBrowser {
	browser: Browser;
	page: Page;
	close(): Promise<void>;
}

export async function openEditorBrowser(
	url: string,
	owner: { email: string; password: string },
	viewport: { width: number; height: number },
	deviceScaleFactor = 1,
): Promise<EditorBrowser> {
	const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
	try {
		const context = await browser.newContext({ viewport, deviceScaleFactor });
		// n8n 2.x names the field emailOrLdapLoginId; 1.x releases before it took email.
		const login = await context.request.post(`${url}/rest/login`, { data: { emailOrLdapLoginId: owner.email, email: owner.email, password: owner.password } });
		if (login.status() !== 200) throw new Error(`n8n login answered ${login.status()}`);
		const page = await context.newPage();
		return { browser, page, close: async () => await browser.close() };
	} catch (error) {
		await browser.close();
		throw error;
	}
}
