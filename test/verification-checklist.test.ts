// docs/verification.md is made by tools/verify/checklist.mjs from the checks themselves (the lint
// config's rules, the scanner's, the tests it names): the checked-in file must be what it makes now.
import { spawnSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';

import { REPO_ROOT } from '../tools/n8n/package';

jest.setTimeout(120_000);

describe('the verification checklist (docs/verification.md)', () => {
	it('is what tools/verify/checklist.mjs generates from the checks now (run it after changing a check)', () => {
		const generated = spawnSync(process.execPath, ['tools/verify/checklist.mjs', '--print'], { cwd: REPO_ROOT, encoding: 'utf8' });
		expect(generated.stderr).toBe('');
		expect(generated.status).toBe(0);
		expect(readFileSync(join(REPO_ROOT, 'docs', 'verification.md'), 'utf8')).toBe(generated.stdout);
		// Made from the lint config: n8n's rules that guard what the verification checks most.
		for (const rule of ['no-runtime-dependencies', 'no-restricted-imports', 'no-restricted-globals', 'no-http-request-with-manual-auth']) {
			expect(generated.stdout).toMatch(new RegExp(`\\| \`${rule}\` \\| nodes, credentials, package.json \\| nodes, credentials, package.json \\|`));
		}
	});
});
