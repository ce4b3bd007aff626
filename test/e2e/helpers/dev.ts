// `npm run dev` (tools/dev.ts) as a child process in its own process group, its output collected.
import { spawn, type ChildProcess } from 'child_process';
import { join } from 'path';

import { REPO_ROOT } from '../../../tools/n8n/package';
import { waitFor } from './n8n';

export interface DevRun {
	child: ChildProcess;
	/** Everything it printed so far (stdout and stderr). */
	output(): string;
	/** Its exit code once it exited (undefined while it runs). */
	exitCode(): number | null | undefined;
}

/** Starts `tools/dev.ts` with `args` and `env` and resolves once it printed its banner. */
export async function startDev(args: string[], env: NodeJS.ProcessEnv): Promise<DevRun> {
	const child = spawn(process.execPath, [join(REPO_ROOT, 'node_modules', '.bin', 'ts-node'), '--transpile-only', 'tools/dev.ts', ...args], {
		cwd: REPO_ROOT,
		env: { ...process.env, NODE_ENV: undefined, ...env },
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	let exitCode: number | null | undefined;
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.on('exit', (code) => (exitCode = code));
	await waitFor(
		`npm run dev -- ${args.join(' ')} to print its banner`,
		async () => {
			if (exitCode !== undefined) throw new Error(`npm run dev -- ${args.join(' ')} exited with ${exitCode}:\n${output}`);
			return output.includes('Ctrl-C stops n8n and the sandbox.') ? true : undefined;
		},
		300_000,
	);
	return { child, output: () => output, exitCode: () => exitCode };
}
