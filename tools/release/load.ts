// The node types and credential types a package registers (package.json's `n8n` section), as n8n
// loads them: the current sources, or a release built from its commit.
import { readFileSync, rmSync } from 'fs';
import { basename, join } from 'path';
import type { ICredentialType, INodeType } from 'n8n-workflow';

import { run } from '../n8n/install';
import { checkoutAt, REPO_ROOT } from '../n8n/package';
import { packageSurface, type PackageSurface } from './surface';

interface Registered {
	nodes: string[];
	credentials: string[];
}

/** The class a file exports under its own name (n8n's rule: `Foo.node.js` exports `Foo`), made. */
function instanceOf<T>(file: string): T {
	// A path known only at run time (a release's build in a temporary folder).
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const exported = (require(file) as Record<string, new () => T>)[basename(file).split('.')[0]];
	if (!exported) throw new Error(`${file} exports no class named after the file`);
	return new exported();
}

function surfaceOf(root: string, fileOf: (registered: string) => string): PackageSurface {
	const { n8n } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { n8n: Registered };
	return packageSurface(
		n8n.nodes.map((file) => instanceOf<INodeType>(fileOf(file))),
		n8n.credentials.map((file) => instanceOf<ICredentialType>(fileOf(file))),
	);
}

/** The surface of the sources checked out here (TypeScript: run under ts-node or jest). */
export function currentSurface(): PackageSurface {
	return surfaceOf(REPO_ROOT, (file) => join(REPO_ROOT, file.replace(/^dist\//, '').replace(/\.js$/, '.ts')));
}

/** The surface of the package at `commit`: its files, compiled by tsc with the repository's dependencies. */
export function surfaceAt(commit: string): PackageSurface {
	const dir = checkoutAt(commit);
	try {
		run('npx', ['tsc', '-p', 'tsconfig.json'], { cwd: dir, quiet: true });
		return surfaceOf(dir, (file) => join(dir, file));
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}
