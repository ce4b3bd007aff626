// n8n's rules for verified community packages that a lint rule does not already check (the rest are
// `npm run lint`, `test/package-contents.test.ts` and `test/release-workflow.test.ts`; the list is in
// docs/n8n-versions.md).
import { readdirSync, readFileSync, statSync } from 'fs';
import { join } from 'path';

const ROOT = join(__dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

function sources(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		return statSync(path).isDirectory() ? sources(path) : /\.(ts|json)$/.test(name) ? [path] : [];
	});
}

describe("n8n's verification rules", () => {
	it('n8nNodesApiVersion is the integer 1 (n8n 2.41 refuses anything else at install)', () => {
		expect(pkg.n8n.n8nNodesApiVersion).toBe(1);
	});

	it('no runtime dependencies, no overrides, n8n-workflow only as a peer', () => {
		expect(pkg.dependencies ?? {}).toEqual({});
		expect(pkg.optionalDependencies ?? {}).toEqual({});
		expect(pkg.overrides).toBeUndefined();
		expect(Object.keys(pkg.peerDependencies)).toEqual(['n8n-workflow']);
	});

	it('MIT licensed, with the licence text shipped', () => {
		expect(pkg.license).toBe('MIT');
		expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
	});

	it('nothing in the nodes or the credential uses $getPairedItem (removed in n8n 3.0) or reads the environment or files', () => {
		const offenders = [...sources(join(ROOT, 'nodes')), ...sources(join(ROOT, 'credentials'))].filter((file) =>
			/\$getPairedItem|process\.env|\$env\b|from 'fs'|require\('fs'\)|from 'node:fs'/.test(readFileSync(file, 'utf8')),
		);
		expect(offenders).toEqual([]);
	});
});
