// Installs the e2e suite's n8n releases into the cache side by side: one child process each (the
// installer is synchronous), then reads each install's details. A release that fails is reported, not
// thrown, so only the tests that need it skip.
import { spawn } from 'child_process';
import { join } from 'path';

import { ensureN8n, type N8nInstall } from '../../../tools/n8n/install';
import { RELEASES, type ReleaseName } from '../../../tools/n8n/versions';

export interface ReleaseOutcome {
	install?: N8nInstall;
	reason?: string;
}

const INSTALL_SCRIPT = join(__dirname, '..', '..', '..', 'tools', 'n8n', 'install.ts');

async function installInChild(name: ReleaseName): Promise<string | undefined> {
	return await new Promise((resolve) => {
		const child = spawn(process.execPath, [require.resolve('ts-node/dist/bin.js'), '--transpile-only', INSTALL_SCRIPT, '--release', name], {
			stdio: ['ignore', 'inherit', 'pipe'],
		});
		let tail = '';
		child.stderr.on('data', (chunk: Buffer) => {
			process.stderr.write(chunk);
			tail = (tail + chunk.toString()).slice(-2000);
		});
		child.on('error', (error) => resolve(error.message));
		// The reason is npm's or the installer's own lines, not the stack frames under them.
		const reason = (code: number | null) =>
			tail
				.split('\n')
				.filter((line) => line.trim() && !/^\s+at /.test(line))
				.slice(-3)
				.join(' / ') || `exit ${code}`;
		child.on('exit', (code) => resolve(code === 0 ? undefined : reason(code)));
	});
}

export async function installReleases(names: ReleaseName[]): Promise<ReleaseOutcome[]> {
	const failures = await Promise.all(names.map(installInChild));
	return names.map((name, index) => {
		const failure = failures[index];
		if (failure) return { reason: `n8n ${RELEASES[name].n8nVersion} could not be installed from the npm registry: ${failure}` };
		return { install: ensureN8n(name) };
	});
}
