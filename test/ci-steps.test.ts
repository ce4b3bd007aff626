// How .ci/run runs a step (.ci/steps.sh): a failed step is recorded, and a jest run that outlives its
// minutes (a test that left a timer open keeps jest from exiting) is stopped and recorded, so a hang
// fails CI in minutes instead of at its time limit.
import { spawnSync } from 'child_process';
import { join } from 'path';

const ROOT = join(__dirname, '..');

/** Runs `script` after sourcing .ci/steps.sh; returns the steps it recorded as failed. */
function failedStepsAfter(script: string): string[] {
	const run = spawnSync('bash', ['-c', `source .ci/steps.sh; ${script}; printf '%s\\n' "\${failed_steps[@]}"`], { cwd: ROOT, encoding: 'utf8' });
	expect(run.status).toBe(0);
	return run.stdout.split('\n').filter((line) => line && !line.startsWith(':::'));
}

describe(".ci/run's steps", () => {
	it('records a step that fails and not one that passes', () => {
		expect(failedStepsAfter('step "passes" true; step "fails" false')).toEqual(['--failed-step', 'fails']);
	});

	it('stops a jest run that is still running after its minutes and records why', () => {
		const started = Date.now();
		const failed = failedStepsAfter('tests "unit" 0.02 sleep 60');
		expect(failed).toEqual(['--failed-step', 'unit: still running after 0.02 minutes (a test left a timer or a server open?)']);
		expect(Date.now() - started).toBeLessThan(30_000);
	});

	it('leaves a jest run that ends in time to its report, even when tests failed', () => {
		expect(failedStepsAfter('tests "unit" 1 false')).toEqual([]);
	});
});
