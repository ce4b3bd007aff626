// Debian's chromium, installed with apt when missing (CI starts from a fresh machine).
import { spawnSync } from 'child_process';
import { existsSync } from 'fs';

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

function hasCommand(name: string): boolean {
	return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

/** Installs chromium with apt-get (under /tmp/apt.lock, shared with other installers) unless present. */
export function ensureChromium(): { path?: string; reason?: string } {
	if (existsSync(CHROMIUM_PATH)) return { path: CHROMIUM_PATH };
	if (!hasCommand('apt-get')) return { reason: `${CHROMIUM_PATH} is missing and this machine has no apt-get to install Debian's chromium` };
	const asRoot = process.getuid?.() === 0 ? '' : 'sudo -n ';
	const script = `${asRoot}apt-get update && ${asRoot}env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium`;
	const command = hasCommand('flock') ? ['flock', '/tmp/apt.lock', 'sh', '-c', script] : ['sh', '-c', script];
	process.stderr.write(`[e2e] installing Debian's chromium: ${command.join(' ')}\n`);
	const result = spawnSync(command[0], command.slice(1), { stdio: ['ignore', 'inherit', 'inherit'], timeout: 15 * 60_000 });
	if (result.status === 0 && existsSync(CHROMIUM_PATH)) return { path: CHROMIUM_PATH };
	return { reason: `could not install Debian's chromium with apt-get (exit ${result.status ?? result.signal}); the OAuth browser test needs ${CHROMIUM_PATH}` };
}
