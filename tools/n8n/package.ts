// Puts this package into an n8n user folder the way a user's n8n gets a community package: the
// `npm pack` tarball installed into `<N8N_USER_FOLDER>/.n8n/nodes`, which n8n scans at start.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join, resolve } from 'path';

import { log, run } from './install';

export const REPO_ROOT = resolve(__dirname, '..', '..');

export const PACKAGE_NAME: string = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).name;

/** `npm run build` in the repository (or in `dir`, a copy of it). */
export function buildPackage(dir = REPO_ROOT): void {
	run('npm', ['run', 'build'], { cwd: dir, quiet: true });
}

/** The tarball `npm pack` makes of the built package (no rebuild: build first). */
export function packPackage(dir = REPO_ROOT): string {
	const destination = mkdtempSync(join(tmpdir(), 'business-banking-pack-'));
	const output = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', destination], { cwd: dir, quiet: true });
	const [{ filename }] = JSON.parse(output) as Array<{ filename: string }>;
	return join(destination, filename);
}

/** The repository's files at `commit` in a new folder, with the repository's node_modules (a symlink). Returns the folder. */
export function checkoutAt(commit: string): string {
	const dir = mkdtempSync(join(tmpdir(), `business-banking-at-${commit.slice(0, 8)}-`));
	run('sh', ['-c', `git -C "${REPO_ROOT}" archive --format=tar ${commit} | tar -x -C "${dir}"`], { cwd: dir, quiet: true });
	symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
	return dir;
}

/**
 * The package as it was at `commit` (a release), built and packed: the commit's files from
 * `git archive`, built with the repository's node_modules (a symlink). Returns the tarball.
 */
export function packPackageAt(commit: string): string {
	const dir = checkoutAt(commit);
	buildPackage(dir);
	const tarball = packPackage(dir);
	rmSync(dir, { recursive: true, force: true });
	return tarball;
}

/**
 * Installs the tarball into the user folder's nodes directory (replacing an earlier install).
 * Peer dependencies are not installed (n8n's own installer strips them too): `n8n-workflow`, and what
 * the nodes import without declaring (zod, luxon), must resolve from n8n itself.
 */
export function installPackageIntoUserFolder(userFolder: string, tarball: string, env: NodeJS.ProcessEnv): void {
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	mkdirSync(nodesDir, { recursive: true });
	writeFileSync(join(nodesDir, 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2));
	rmSync(join(nodesDir, 'node_modules', PACKAGE_NAME), { recursive: true, force: true });
	run(
		'npm',
		['install', '--no-audit', '--no-fund', '--ignore-scripts', '--legacy-peer-deps', '--package-lock=false', '--install-strategy=shallow', tarball],
		{ cwd: nodesDir, env, quiet: true },
	);
	log(`installed ${PACKAGE_NAME} into ${nodesDir}`);
}
