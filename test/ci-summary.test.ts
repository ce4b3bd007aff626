// .ci/run's closing lines (tools/ci/summary.mjs): a skipped test fails CI as a failed one does, and the
// last line counts passed, failed and skipped tests over both jest runs.
import { spawnSync } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { REPO_ROOT } from '../tools/n8n/package';

type Status = 'passed' | 'failed' | 'pending';

/** A jest `--json` report with one file holding tests of the given statuses. */
function report(file: string, statuses: Status[]): object {
	const count = (status: Status) => statuses.filter((entry) => entry === status).length;
	return {
		numPassedTests: count('passed'),
		numFailedTests: count('failed'),
		numPendingTests: count('pending'),
		numRuntimeErrorTestSuites: 0,
		testResults: [{ name: join(REPO_ROOT, file), assertionResults: statuses.map((status, index) => ({ status, fullName: `test ${index + 1}` })) }],
	};
}

/** Runs the summary on the reports (plus, with `withMissingReport`, one that was never written). */
function summary(reports: Record<string, object>, extraArgs: string[] = [], withMissingReport = false): { code: number | null; lines: string[] } {
	const dir = mkdtempSync(join(tmpdir(), 'ci-summary-'));
	try {
		const files = Object.entries(reports).map(([name, content]) => {
			writeFileSync(join(dir, name), JSON.stringify(content));
			return join(dir, name);
		});
		if (withMissingReport) files.push(join(dir, 'never-written.json'));
		const result = spawnSync(process.execPath, ['tools/ci/summary.mjs', ...files, ...extraArgs], { cwd: REPO_ROOT, encoding: 'utf8' });
		return { code: result.status, lines: result.stdout.trim().split('\n') };
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

describe(".ci/run's summary", () => {
	it('passes when every test of both runs passed', () => {
		const { code, lines } = summary({ 'unit.json': report('test/a.test.ts', ['passed', 'passed']), 'e2e.json': report('test/e2e/b.test.ts', ['passed']) });
		expect(lines).toEqual(['3 passed, 0 failed, 0 skipped']);
		expect(code).toBe(0);
	});

	it('fails when an e2e file skipped (n8n could not be installed), naming the skipped test, and counts it on the last line', () => {
		const { code, lines } = summary({ 'unit.json': report('test/a.test.ts', ['passed']), 'e2e.json': report('test/e2e/b.test.ts', ['pending', 'passed']) });
		expect(lines).toEqual(['skipped: test/e2e/b.test.ts: test 1', '2 passed, 0 failed, 1 skipped']);
		expect(code).toBe(1);
	});

	it('counts a failed step and a missing report as failures', () => {
		const failedStep = summary({ 'unit.json': report('test/a.test.ts', ['passed']) }, ['--failed-step', 'lint']);
		expect(failedStep.lines).toEqual(['failed: lint', '1 passed, 1 failed, 0 skipped']);
		expect(failedStep.code).toBe(1);
		const missing = summary({ 'unit.json': report('test/a.test.ts', ['passed', 'failed']) }, [], true);
		expect(missing.lines[missing.lines.length - 1]).toBe('1 passed, 2 failed, 0 skipped');
		expect(missing.code).toBe(1);
	});
});
