// n8n's package scanner (@n8n/scan-community-package, the gate of n8n's verification), run on this
// machine the way n8n runs it, minus the registry: n8n first checks the published version's npm
// provenance, which no unpublished package has, then lints the source the provenance points to
// (package.json, nodes/, credentials/) and the published tarball (its .js and package.json). This
// runs those two lints, with the scanner's own config and file patterns, on the repository and on
// the tarball `npm pack` makes here.
//   node tools/verify/scan-package.mjs [--source <dir>] [--tarball <file.tgz>]
//   (defaults: the repository, and a tarball packed from the built dist/: build first)
import { spawnSync } from 'child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join, resolve } from 'path';
import { fileURLToPath } from 'url';

import { analyzePackage, SOURCE_FILE_PATTERNS } from './scanner.mjs';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** What the scanner lints in the published tarball (scanner.mjs, analyzePackageByName). */
export const TARBALL_FILE_PATTERNS = ['**/*.js', 'package.json'];

function option(name) {
	const index = process.argv.indexOf(name);
	return index > 0 ? process.argv[index + 1] : undefined;
}

function run(command, args, cwd) {
	const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
	if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
	return result.stdout;
}

/** How many files the scanner's patterns take (approximated with two tests; nothing to lint is a failure, not a pass). */
const SOURCE_FILE = (path) => path === 'package.json' || /^(nodes|credentials)\/.*\.(js|ts|json)$/.test(path);
const TARBALL_FILE = (path) => path === 'package.json' || (/\.js$/.test(path) && !path.startsWith('node_modules/'));

function countFiles(dir, matches) {
	return readdirSync(dir, { recursive: true }).filter((path) => matches(String(path))).length;
}

async function lint(label, dir, patterns, matches) {
	const files = countFiles(dir, matches);
	if (files <= 1) return `${label}: nothing to lint in ${dir}`;
	const result = await analyzePackage(dir, patterns);
	if (result.passed) {
		process.stdout.write(`✅ ${label}: passed n8n's scanner lint (${files} files: ${patterns.join(', ')})\n`);
		return undefined;
	}
	return `${label}: ${result.message}\n${result.details ?? ''}`;
}

const workDir = mkdtempSync(join(tmpdir(), 'business-banking-scan-'));
try {
	const sourceDir = resolve(option('--source') ?? REPO_ROOT);
	let tarball = option('--tarball');
	if (!tarball) {
		if (!existsSync(join(REPO_ROOT, 'dist'))) throw new Error('dist/ is missing: run `npm run build` first');
		const [{ filename }] = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', workDir], REPO_ROOT));
		tarball = join(workDir, filename);
	}
	const packageDir = join(workDir, 'package');
	run('mkdir', ['-p', packageDir]);
	run('tar', ['-xzf', resolve(tarball), '-C', packageDir, '--strip-components=1']);

	const failures = [
		await lint('source', sourceDir, SOURCE_FILE_PATTERNS, SOURCE_FILE),
		await lint('tarball', packageDir, TARBALL_FILE_PATTERNS, TARBALL_FILE),
	].filter(Boolean);
	for (const failure of failures) process.stdout.write(`❌ ${failure}\n`);
	process.exitCode = failures.length ? 1 : 0;
} catch (error) {
	process.stderr.write(`scan failed: ${error.message}\n`);
	process.exitCode = 1;
} finally {
	rmSync(workDir, { recursive: true, force: true });
}
