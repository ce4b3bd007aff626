// .ci/run's closing lines: the jest JSON reports of its test runs summed, any step that failed, and,
// last, `N passed, N failed, N skipped`. Exits 1 when anything failed or was skipped: a skipped test
// (an e2e file without its n8n, a browser test without Chromium) did not run, so CI did not pass.
//   node tools/ci/summary.mjs <report.json>... [--failed-step <name>]...
import { existsSync, readFileSync } from 'fs';

const reports = [];
const failedSteps = [];
for (let index = 2; index < process.argv.length; index += 1) {
	if (process.argv[index] === '--failed-step') failedSteps.push(process.argv[(index += 1)]);
	else reports.push(process.argv[index]);
}

let passed = 0;
let failed = failedSteps.length;
const skipped = [];
for (const file of reports) {
	if (!existsSync(file)) {
		failedSteps.push(`${file}: no report (the run stopped before writing it)`);
		failed += 1;
		continue;
	}
	const report = JSON.parse(readFileSync(file, 'utf8'));
	passed += report.numPassedTests;
	failed += report.numFailedTests + report.numRuntimeErrorTestSuites;
	for (const suite of report.testResults) {
		for (const test of suite.assertionResults) {
			if (test.status === 'pending' || test.status === 'skipped' || test.status === 'todo') skipped.push(`${suite.name.replace(`${process.cwd()}/`, '')}: ${test.fullName}`);
		}
	}
}

for (const step of failedSteps) console.log(`failed: ${step}`);
for (const test of skipped) console.log(`skipped: ${test}`);
console.log(`${passed} passed, ${failed} failed, ${skipped.length} skipped`);
process.exitCode = failed > 0 || skipped.length > 0 ? 1 : 0;
