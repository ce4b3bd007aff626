import { existsSync } from 'fs';
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';
import { chromium, type Browser } from 'playwright-core';

import { SEED } from '../../sandbox/core/seed';
import { startTestSandbox, TEST_CLIENT_ID, TEST_CLIENT_SECRET, type TestSandbox } from '../helpers/sandbox';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) {
	console.warn(`consent-page.test.ts skipped: ${CHROMIUM} is absent (apt-get install -y chromium)`);
}
const describeWithBrowser = hasChromium ? describe : describe.skip;

describeWithBrowser('consent page in a real browser (headless Chromium)', () => {
	let sandbox: TestSandbox;
	let browser: Browser;
	let callback: Server;
	let redirectUri: string;
	const received: string[] = [];

	beforeAll(async () => {
		// The application's side: a tiny server that receives the redirect.
		callback = createServer((request, response) => {
			received.push(request.url ?? '');
			response.writeHead(200, { 'Content-Type': 'text/html' }).end('<p id="done">Connected</p>');
		});
		await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
		redirectUri = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/rest/oauth2-credential/callback`;
		sandbox = await startTestSandbox({ redirectUris: [redirectUri] });
		browser = await chromium.launch({
			executablePath: CHROMIUM,
			args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
		});
	}, 60_000);
	afterAll(async () => {
		await browser?.close();
		await sandbox?.close();
		await new Promise((resolve) => callback?.close(resolve));
	});

	it('signs in, picks the Italian organization and lands on the redirect with code and state', async () => {
		const page = await browser.newPage({ viewport: { width: 900, height: 760 } });
		const state = 'browser-state-Ünïcode ok';
		const query = new URLSearchParams({
			client_id: TEST_CLIENT_ID,
			redirect_uri: redirectUri,
			response_type: 'code',
			scope: 'offline_access organization.read clients.read clients.write',
			state,
		});
		await page.goto(`${sandbox.url}/oauth2/auth?${query.toString()}`);
		await expect(page.locator('#app-name').textContent()).resolves.toBe('n8n (sandbox application)');
		await expect(page.locator('.scopes li').allTextContents()).resolves.toEqual([
			'Stay connected (refresh token)',
			'Read the organization and its bank accounts',
			'Read clients',
			'Create and update clients',
		]);
		await page.screenshot({ path: '/tmp/consent.png', fullPage: true });

		await page.fill('#email', SEED.userEmail);
		await page.fill('#password', SEED.userPassword);
		await page.click('button[type=submit]');
		await page.waitForSelector('input[name=organization_id]');
		await page.screenshot({ path: '/tmp/consent-picker.png', fullPage: true });
		await page.check(`input[value="${SEED.organizations.it}"]`);
		await page.click('button[value=allow]');
		await page.waitForSelector('#done');

		const landed = new URL(page.url());
		expect(`${landed.origin}${landed.pathname}`).toBe(redirectUri);
		expect(landed.searchParams.get('state')).toBe(state);
		const code = landed.searchParams.get('code') as string;
		expect(code).toBeTruthy();
		expect(received.filter((url) => url.startsWith('/rest/oauth2-credential/callback'))).toHaveLength(1);

		const tokens = await sandbox.http.post(
			'/oauth2/token',
			new URLSearchParams({ grant_type: 'authorization_code', code, client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET, redirect_uri: redirectUri }).toString(),
			{ headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
		);
		expect(tokens.status).toBe(200);
		const organization = await sandbox.http.get('/organization', { headers: { Authorization: `Bearer ${tokens.data.access_token}` } });
		expect(organization.data.organization.id).toBe(SEED.organizations.it);
	}, 60_000);

	it('shows a wrong password on the page and stays there', async () => {
		const page = await browser.newPage();
		const query = new URLSearchParams({ client_id: TEST_CLIENT_ID, redirect_uri: redirectUri, response_type: 'code', state: 's' });
		await page.goto(`${sandbox.url}/oauth2/auth?${query.toString()}`);
		await page.fill('#email', SEED.userEmail);
		await page.fill('#password', 'wrong');
		await page.click('button[type=submit]');
		await expect(page.locator('[role=alert]').textContent()).resolves.toContain('wrong');
		expect(new URL(page.url()).pathname).toBe('/oauth2/auth/sign-in');
	}, 60_000);
});
