// Walks n8n's OAuth2 "Connect" flow in headless Chromium, as a user does from the credential dialog:
// n8n's auth URL → the sandbox's sign-in and organization picker → n8n's callback.
import { chromium } from 'playwright-core';

import type { Owner } from '../../../tools/n8n/server';
import { CHROMIUM_ARGS } from './chromium';

export interface ConnectOptions {
	chromiumPath: string;
	n8nUrl: string;
	owner: Owner;
	credentialId: string;
	/** Sandbox user. */
	email: string;
	password: string;
	/** The organization picked on the consent page. */
	organizationId: string;
}

export interface ConnectResult {
	/** The authorization URL n8n built. */
	authUrl: string;
	/** Where the browser ended (n8n's callback) and what it showed. */
	finalUrl: string;
	finalText: string;
}

export async function connectThroughBrowser(options: ConnectOptions): Promise<ConnectResult> {
	const browser = await chromium.launch({ executablePath: options.chromiumPath, args: CHROMIUM_ARGS, headless: true });
	try {
		const context = await browser.newContext();
		// Logged in to n8n in this browser, as the user who clicks Connect.
		const login = await context.request.post(`${options.n8nUrl}/rest/login`, {
			data: { emailOrLdapLoginId: options.owner.email, email: options.owner.email, password: options.owner.password },
		});
		if (login.status() !== 200) throw new Error(`n8n login answered ${login.status()}: ${await login.text()}`);
		const auth = await context.request.get(`${options.n8nUrl}/rest/oauth2-credential/auth?id=${encodeURIComponent(options.credentialId)}`);
		if (auth.status() !== 200) throw new Error(`GET /rest/oauth2-credential/auth answered ${auth.status()}: ${await auth.text()}`);
		const authUrl = ((await auth.json()) as { data: string }).data;

		const page = await context.newPage();
		await page.goto(authUrl);
		await page.fill('#email', options.email);
		await page.fill('#password', options.password);
		await Promise.all([page.waitForLoadState('load'), page.click('button[type=submit]')]);
		await page.check(`input[name="organization_id"][value="${options.organizationId}"]`);
		await Promise.all([
			page.waitForURL((url) => url.pathname.endsWith('/rest/oauth2-credential/callback'), { timeout: 60_000 }),
			page.click('button[value="allow"]'),
		]);
		await page.waitForLoadState('load');
		return { authUrl, finalUrl: page.url(), finalText: await page.innerText('body') };
	} finally {
		await browser.close();
	}
}
