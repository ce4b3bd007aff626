// Debian packages: installed with apt-get when missing where a command of the user's asks for them
// (`npm run dev -- --queue`), only checked where a test needs them (.ci/run and the CI workflows
// install them first: .ci/debian-packages). Installs run under /tmp/apt.lock, so that two installers
// at once wait for each other instead of failing.
import { spawnSync } from 'child_process';

export function hasCommand(name: string): boolean {
	return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

/** Why `packages` are needed and missing, with the command that installs them. */
export function missingPackagesMessage(packages: string[], neededFor: string): string {
	return `${packages.join(', ')} missing (${neededFor} needs them): install them with \`apt-get install ${packages.join(' ')}\` (.ci/debian-packages installs every package the tests use)`;
}

/**
 * Installs `packages` with apt-get unless `present()` says they are there already (with `mayInstall`
 * false, only checks). Returns why they are still missing, or undefined when they are present.
 */
export function ensureDebianPackages(packages: string[], present: () => boolean, neededFor: string, mayInstall = true): string | undefined {
	if (present()) return undefined;
	if (!mayInstall) return missingPackagesMessage(packages, neededFor);
	if (!hasCommand('apt-get')) return `${packages.join(', ')} missing, and this machine has no apt-get to install them (${neededFor} needs them)`;
	const asRoot = process.getuid?.() === 0 ? '' : 'sudo -n ';
	const script = `${asRoot}apt-get update && ${asRoot}env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${packages.join(' ')}`;
	const command = hasCommand('flock') ? ['flock', '/tmp/apt.lock', 'sh', '-c', script] : ['sh', '-c', script];
	process.stderr.write(`[apt] installing ${packages.join(', ')}: ${command.join(' ')}\n`);
	const result = spawnSync(command[0], command.slice(1), { stdio: ['ignore', 'inherit', 'inherit'], timeout: 15 * 60_000 });
	if (result.status === 0 && present()) return undefined;
	return `could not install ${packages.join(', ')} with apt-get (exit ${result.status ?? result.signal}); ${neededFor} needs them`;
}
