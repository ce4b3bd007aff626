// The pull-request workflow (.github/workflows/pull-request.yml), checked here because GitHub Actions
// cannot run on this machine (nor Docker, which its n8n 3.x job needs): valid against GitHub's schema,
// the same steps as .ci/run in order, and a 3.x job that runs only e2e files an external n8n can serve.
import { validateWorkflow } from '@action-validator/core';
import { readFileSync } from 'fs';
import { join } from 'path';

import { REPO_ROOT } from '../tools/n8n/package';

const source = readFileSync(join(REPO_ROOT, '.github/workflows/pull-request.yml'), 'utf8');
const [checksJob, n8n3Job] = source.split(/\n {2}n8n-3:\n/);

/** Expects each step to appear in `text`, in this order. */
function expectInOrder(text: string, steps: string[]): void {
	const positions = steps.map((step) => text.indexOf(step));
	expect(steps.filter((_step, index) => positions[index] < 0)).toEqual([]);
	expect([...positions].sort((a, b) => a - b)).toEqual(positions);
}

describe('the pull-request workflow', () => {
	it("is valid against GitHub's workflow schema, and a broken copy is caught by the same check", () => {
		expect(validateWorkflow(source).errors).toEqual([]);
		expect(validateWorkflow(source.replace('runs-on: ubuntu-latest', 'runs-on: [')).errors.length).toBeGreaterThan(0);
		expect(validateWorkflow(source.replace('pull_request:', 'pull_requests:')).errors.length).toBeGreaterThan(0);
	});

	it('runs on pull requests: build, both lints, the scanner, npm test, the golden suite on other days and the e2e suite, then fails on any skip', () => {
		expect(source).toMatch(/^on:\n {2}pull_request:/m);
		expectInOrder(checksJob, [
			'run: npm ci --ignore-scripts',
			'run: .ci/debian-packages',
			'run: npm run build',
			'run: npm run lint',
			'run: node tools/verify/scan-package.mjs',
			'run: npm test -- --json --outputFile=reports/unit.json',
			'run: .ci/golden-other-days reports',
			'run: npm run test:e2e -- --json --outputFile=reports/e2e.json',
			'run: node tools/ci/summary.mjs reports/unit.json reports/golden-day-*.json reports/e2e.json',
		]);
		expect(checksJob).toMatch(/if: always\(\)\n\s+run: node tools\/ci\/summary\.mjs/);
	});

	it("runs the e2e suite against n8n's 3.x Docker image with the packed package mounted and unverified packages allowed", () => {
		expect(source).toMatch(/N8N_V3_IMAGE: n8nio\/n8n:v3-rc-\d{8}(\.\d+)?(@sha256:[0-9a-f]{64})?\n/);
		expectInOrder(n8n3Job, ['npm pack', '.n8n/nodes', 'docker run', '/home/node', 'N8N_UNVERIFIED_PACKAGES_ENABLED=true', 'E2E_N8N_URL: http://localhost:5678', 'E2E_N8N_CONTAINER: n8n3', 'npm run test:e2e', 'node tools/ci/summary.mjs reports/e2e-n8n3.json']);
	});

	it('gives the 3.x job only e2e files that need nothing but a running n8n (no own n8n, no npm run dev, no older release)', () => {
		const files = n8n3Job.match(/test\/e2e\/[\w-]+\.test\.ts/g) ?? [];
		expect(files.length).toBeGreaterThanOrEqual(5);
		for (const file of files) {
			const text = readFileSync(join(REPO_ROOT, file), 'utf8');
			expect({ file, local: text.match(/describeWithRelease|startOwnN8n|startN8nWithPackage|startDev|state\.n8n\.install|state\.tarball/g) }).toEqual({ file, local: null });
			expect(text).toContain('describeInN8n(');
		}
	});
});
