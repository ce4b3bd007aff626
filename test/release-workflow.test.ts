import { validateWorkflow } from '@action-validator/core';
import { readFileSync } from 'fs';
import { join } from 'path';

import { REPO_ROOT } from '../tools/n8n/package';

const workflowPath = join(REPO_ROOT, '.github/workflows/release.yml');

describe('the release workflow', () => {
	const source = readFileSync(workflowPath, 'utf8');

	it("is valid against GitHub's workflow schema", () => {
		expect(validateWorkflow(source).errors).toEqual([]);
	});

	it('a broken workflow is caught by the same check', () => {
		expect(validateWorkflow(source.replace('runs-on: ubuntu-latest', 'runs-on: [')).errors.length).toBeGreaterThan(0);
		expect(validateWorkflow(source.replace('steps:', 'stepz:')).errors.length).toBeGreaterThan(0);
	});

	it('publishes with npm provenance, after the checks the README names, only on a version tag', () => {
		expect(source).toMatch(/tags:\s*\n\s*- 'v\*\.\*\.\*'/);
		expect(source).toMatch(/id-token: write/);
		const steps = ['npm ci', 'npm run build', 'npm run lint', 'npm test', 'npm publish --provenance --access public'];
		const positions = steps.map((step) => source.indexOf(step));
		expect(positions.every((position) => position > 0)).toBe(true);
		expect([...positions].sort((a, b) => a - b)).toEqual(positions);
	});
});
