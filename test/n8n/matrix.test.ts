// The assumption tests run where jest.n8nMatrix.js says: on each release of tools/n8n/versions.ts,
// against that release's own n8n-workflow and n8n-core (never the devDependencies' by mistake).
import { existsSync, readFileSync } from 'fs';
import { dirname, join } from 'path';

import { RELEASES } from '../../tools/n8n/versions';

import OTHER_RELEASES from './matrix.json';
const release = (globalThis as { N8N_MATRIX_RELEASE?: string }).N8N_MATRIX_RELEASE;

/** The version of the package a bare `require(name)` reaches in this project (an aliased folder, e.g. n8n-core-1.123, included). */
function versionOf(name: 'n8n-core' | 'n8n-workflow'): string {
	const entry = require.resolve(name);
	for (let folder = dirname(entry); folder !== dirname(folder); folder = dirname(folder)) {
		const manifest = join(folder, 'package.json');
		if (!existsSync(manifest)) continue;
		const { name: found, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version: string };
		if (found === name) return version;
	}
	throw new Error(`No package.json of ${name} above ${entry}`);
}

/** The devDependencies' n8n-core (what a bare `n8n-core/package.json` reaches: the projects map `n8n-core` only). */
function devDependencyVersion(): string {
	return (JSON.parse(readFileSync(require.resolve('n8n-core/package.json'), 'utf8')) as { version: string }).version;
}

describe('the n8n matrix of the assumption tests', () => {
	it('covers every release the package supports', () => {
		const devDependencies = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies;
		const supported = Object.values(RELEASES).map(({ n8nVersion }) => n8nVersion.split('.').slice(0, 2).join('.'));
		const covered = [...OTHER_RELEASES.map(({ n8n }) => n8n), devDependencies['n8n-core']].map((version) => version.split('.').slice(0, 2).join('.'));
		expect(covered.sort()).toEqual(supported.sort());
	});

	it('runs this project on its own release’s n8n-core and n8n-workflow', () => {
		const major = (version: string) => version.split('.')[0];
		const core = versionOf('n8n-core');
		if (release === undefined) {
			expect(core).toBe(devDependencyVersion());
			return;
		}
		// n8n-core and n8n-workflow are versioned apart from n8n itself (n8n 1.123.81 ships n8n-core 1.122): same major, both from the release's install.
		expect([major(core), major(versionOf('n8n-workflow'))]).toEqual([major(release), major(release)]);
		expect(core).not.toBe(devDependencyVersion());
	});
});
