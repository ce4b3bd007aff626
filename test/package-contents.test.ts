import { existsSync, readFileSync } from 'fs';
import { dirname, join, normalize } from 'path';

import { run } from '../tools/n8n/install';
import { REPO_ROOT } from '../tools/n8n/package';
import { TEST_CLIENT_SECRET } from './helpers/sandbox';

/**
 * The packed tarball holds exactly what n8n loads: the entry files of package.json's `n8n` section,
 * every module they require (transitively), the icons and codex files they name, README, LICENSE
 * and package.json — and nothing else (no sources, tests, sandbox, tools or secrets).
 */
interface PackedFile {
	path: string;
}

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { n8n: { credentials: string[]; nodes: string[] } };

function packedFiles(): string[] {
	run('npm', ['run', 'build'], { cwd: REPO_ROOT, quiet: true });
	const output = run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: REPO_ROOT, quiet: true });
	return (JSON.parse(output) as Array<{ files: PackedFile[] }>)[0].files.map((file) => file.path).sort();
}

/** The entry files, the relative modules they require, and the icon and codex files next to them. */
function whatN8nLoads(): Set<string> {
	const needed = new Set(['package.json', 'README.md', 'LICENSE']);
	const pending = [...manifest.n8n.credentials, ...manifest.n8n.nodes];
	while (pending.length) {
		const file = pending.pop() as string;
		if (needed.has(file)) continue;
		needed.add(file);
		const source = readFileSync(join(REPO_ROOT, file), 'utf8');
		for (const [, target] of source.matchAll(/require\("(\.{1,2}\/[^"]+)"\)/g)) {
			const resolved = normalize(join(dirname(file), target));
			if (resolved.endsWith('.json')) pending.push(resolved);
			else pending.push(existsSync(join(REPO_ROOT, `${resolved}.js`)) ? `${resolved}.js` : join(resolved, 'index.js'));
		}
		for (const [, icon] of source.matchAll(/'file:([^']+\.(?:svg|png))'/g)) needed.add(normalize(join(dirname(file), icon)));
		const codex = file.replace(/\.node\.js$/, '.node.json');
		if (codex !== file) needed.add(codex);
	}
	return needed;
}

describe('the npm package', () => {
	let files: string[];
	beforeAll(() => {
		files = packedFiles();
	}, 240_000);

	it('holds exactly what n8n loads', () => {
		expect(files).toEqual([...whatN8nLoads()].sort());
	});

	it('holds no source, test, sandbox or tool file', () => {
		for (const file of files) expect(file).not.toMatch(/\.(ts|map)$|^(sandbox|test|tools|bench|examples)\/|(^|\/)\.env/);
	});

	it('carries no sandbox or test secret', () => {
		const secrets = [TEST_CLIENT_SECRET, 'staging-secret', 'BEGIN PRIVATE KEY'];
		for (const file of files) {
			const text = readFileSync(join(REPO_ROOT, file), 'utf8');
			for (const secret of secrets) expect({ file, found: text.includes(secret) }).toEqual({ file, found: false });
		}
	});

	it('names the same repository everywhere (a link into it names a file it has)', () => {
		const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
		const repository = String(pkg.repository.url).replace(/^git\+/, '').replace(/\.git$/, '');
		expect(pkg.homepage.startsWith(repository)).toBe(true);
		for (const file of files.filter((f) => /\.(json|js)$/.test(f) && f !== 'package.json')) {
			for (const [url] of readFileSync(join(REPO_ROOT, file), 'utf8').matchAll(/https:\/\/github\.com\/[^\s"'#)]+/g)) {
				// The repository itself, or a file of it on main that exists here (a help text linking to its docs).
				const path = url.startsWith(`${repository}/blob/main/`) ? url.slice(`${repository}/blob/main/`.length) : undefined;
				expect({ file, url, exists: path === undefined || existsSync(join(REPO_ROOT, path)) }).toEqual({ file, url: path === undefined ? repository : url, exists: true });
			}
		}
	});
});
