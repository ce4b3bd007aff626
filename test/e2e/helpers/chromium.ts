// Debian's chromium, installed with apt when missing (CI starts from a fresh machine).
import { existsSync } from 'fs';

import { ensureDebianPackages } from '../../../tools/n8n/apt';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
];

/** Installs chromium with apt-get (see tools/n8n/apt.ts) unless present. */
export function ensureChromium(): { path?: string; reason?: string } {
	const reason = ensureDebianPackages(['chromium'], () => existsSync(CHROMIUM_PATH), `the OAuth browser test (${CHROMIUM_PATH})`);
	return reason ? { reason } : { path: CHROMIUM_PATH };
}
