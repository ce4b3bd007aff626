// Debian's chromium, which .ci/debian-packages installs: the suite only checks it is there.
import { existsSync } from 'fs';

import { missingPackagesMessage } from '../../../tools/n8n/apt';

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

/** Chromium's path, or why the browser tests cannot run. */
export function findChromium(): { path?: string; reason?: string } {
	return existsSync(CHROMIUM_PATH) ? { path: CHROMIUM_PATH } : { reason: missingPackagesMessage(['chromium'], `the OAuth browser test (${CHROMIUM_PATH})`) };
}
