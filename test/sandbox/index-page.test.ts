import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import { controlLines } from '../../sandbox/core/controlRoutes';
import { SEED } from '../../sandbox/core/seed';
import { TEST_CLIENT_ID, TEST_REDIRECT_URI, useTestSandbox } from '../helpers/sandbox';

/** Every `app.<method>('/sandbox…'` call in the sandbox's source: an independent count of the controls. */
function controlsInSource(): string[] {
	const files = readdirSync(join(__dirname, '../../sandbox'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
	return files.flatMap((file) => {
		const source = readFileSync(join(__dirname, '../../sandbox', file), 'utf8');
		return [...source.matchAll(/app\.(get|post|put|patch|delete)(?:<[^(]*>)?\('(\/sandbox(?:\/[^']*)?)'/g)].map((m) => `${m[1].toUpperCase()} ${m[2]}`);
	});
}

describe('the sandbox index and banner', () => {
	const sandbox = useTestSandbox({}, { resetEachTest: false });

	it('lists every control fastify registered, each with what it does', () => {
		const registered = controlsInSource();
		const listed = sandbox.controls.map((c) => `${c.method} ${c.url}`);
		expect(registered.length).toBeGreaterThan(15);
		expect(listed.sort()).toEqual([...new Set(registered)].sort());
		for (const control of sandbox.controls) expect(`${control.method} ${control.url}: ${control.description}`).not.toMatch(/: $/);
		// The ones the README promises, and that the banner used to leave out.
		for (const path of ['/sandbox/events', '/sandbox/deliveries', '/sandbox/external_transfers/:id/settle', '/sandbox/client_invoices/:id/pay']) {
			expect(listed.some((entry) => entry.endsWith(` ${path}`))).toBe(true);
		}
	});

	it('prints one banner line per control', () => {
		const lines = controlLines(sandbox.controls);
		expect(lines).toHaveLength(sandbox.controls.length);
		expect(lines.find((line) => line.includes('POST /sandbox/events'))).toMatch(/emit an event/);
	});

	it('GET /sandbox answers JSON with the logins, the application, the organizations and the controls', async () => {
		const response = await sandbox.http.get('/sandbox', { headers: { Accept: 'application/json' } });
		expect(response.status).toBe(200);
		expect(response.data.sign_in).toEqual({ email: SEED.userEmail, password: SEED.userPassword });
		expect(response.data.oauth_client_id).toBe(TEST_CLIENT_ID);
		expect(response.data.redirect_uris).toEqual([TEST_REDIRECT_URI]);
		expect(response.data.organizations.map((o: { id: string }) => o.id)).toEqual(expect.arrayContaining(Object.values(SEED.organizations)));
		expect(response.data.controls).toHaveLength(sandbox.controls.length);
		expect(JSON.stringify(response.data)).not.toContain('test-secret-do-not-log');
	});

	it('GET /sandbox in a browser is a page with the same facts, and no client secret', async () => {
		const response = await sandbox.http.get('/sandbox', { headers: { Accept: 'text/html' } });
		expect(response.status).toBe(200);
		expect(response.headers['content-type']).toMatch(/text\/html/);
		const page = String(response.data);
		expect(page).toContain(SEED.userEmail);
		expect(page).toContain('Atelier Lumière SAS');
		for (const control of sandbox.controls) expect(page).toContain(control.url);
		expect(page).not.toContain('test-secret-do-not-log');
	});

	it('the consent page tells a person the sandbox login', async () => {
		const authorize = await sandbox.http.get('/oauth2/auth', {
			params: { client_id: TEST_CLIENT_ID, redirect_uri: TEST_REDIRECT_URI, response_type: 'code', scope: 'offline_access organization.read', state: 's1' },
		});
		expect(authorize.status).toBe(200);
		expect(String(authorize.data)).toMatch(/sign in as <strong>owner@example\.com<\/strong> with the password <strong>sandbox<\/strong>/);
	});
});
