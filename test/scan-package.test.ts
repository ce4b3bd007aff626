// tools/verify/scan-package.mjs runs n8n's package scanner's lint on a source folder and a tarball:
// here on a copy of this repository's source with one description n8n's rules refuse (the error the
// scanner found in 1.0.0), to show the check fails on what n8n's verification would fail.
import { spawnSync } from 'child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { REPO_ROOT } from '../tools/n8n/package';

jest.setTimeout(240_000);

const FIELDS = 'nodes/BusinessBanking/actions/internationalBeneficiary/fields.ts';

describe("n8n's package scanner, as .ci/run runs it", () => {
	let scratch: string;
	beforeAll(() => {
		scratch = mkdtempSync(join(tmpdir(), 'scan-package-test-'));
	});
	afterAll(() => rmSync(scratch, { recursive: true, force: true }));

	it('fails a source whose dynamic-options field has a description of its own, naming the rule and the file', () => {
		const source = join(scratch, 'source');
		for (const entry of ['package.json', 'nodes', 'credentials', 'icons']) cpSync(join(REPO_ROOT, entry), join(source, entry), { recursive: true });
		const fields = join(source, FIELDS);
		const original = readFileSync(fields, 'utf8');
		const broken = original.replace(/(name: 'accountType',[\s\S]*?description: )'[^']*'/, "$1'The account form the quote offers'");
		expect(broken).not.toBe(original);
		writeFileSync(fields, broken);
		// A tarball with one compiled file and the package.json, as `npm pack` lays it out.
		const packed = join(scratch, 'packed', 'package');
		mkdirSync(join(packed, 'dist'), { recursive: true });
		cpSync(join(REPO_ROOT, 'package.json'), join(packed, 'package.json'));
		writeFileSync(join(packed, 'dist', 'index.js'), "'use strict';\nmodule.exports = {};\n");
		const tarball = join(scratch, 'package.tgz');
		expect(spawnSync('tar', ['-czf', tarball, '-C', join(scratch, 'packed'), 'package']).status).toBe(0);

		const scan = spawnSync(process.execPath, ['tools/verify/scan-package.mjs', '--source', source, '--tarball', tarball], { cwd: REPO_ROOT, encoding: 'utf8' });
		expect(scan.status).toBe(1);
		expect(scan.stdout).toContain('❌ source: ESLint violations found');
		expect(scan.stdout).toContain(FIELDS);
		expect(scan.stdout).toContain('n8n-nodes-base/node-param-description-wrong-for-dynamic-options');
		expect(scan.stdout).toMatch(/✅ tarball: passed n8n's scanner lint/);
	});
});
