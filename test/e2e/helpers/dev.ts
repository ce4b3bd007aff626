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
	/** The signal that ended it, if one did. */
	exitSignal(): NodeJS.Signals | null;
}

/**
 * Starts `tools/dev.ts` with `args` and `env` and resolves once it printed its banner. `asTyped`
 * runs `npm run dev -- <args>` as a user types it, from a user's environment: none of the npm_*
 * variables of the npm running jest (give `npm_config_userconfig` in `env` to pick npm's config).
 */
export async function startDev(args: string[], env: NodeJS.ProcessEnv, { asTyped = false } = {}): Promise<DevRun> {
	const [command, commandArgs] = asTyped
		? ['npm', ['run', 'dev', '--', ...args]]
		: [process.execPath, [join(REPO_ROOT, 'node_modules', '.bin', 'ts-node'), '--transpile-only', 'tools/dev.ts', ...args]];
	const base = asTyped ? Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))) : process.env;
	const child = spawn(command, commandArgs, {
		cwd: REPO_ROOT,
		env: { ...base, NODE_ENV: undefined, ...env },
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	let exitCode: number | null | undefined;
	let exitSignal: NodeJS.Signals | null = null;
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.on('exit', (code, signal) => {
		exitCode = code;
		exitSignal = signal;
	});
	await waitFor(
		`npm run dev -- ${args.join(' ')} to print its banner`,
		async () => {
			if (exitCode !== undefined) throw new Error(`npm run dev -- ${args.join(' ')} exited with ${exitCode}:\n${output}`);
			return output.includes('Ctrl-C stops n8n and the sandbox.') ? true : undefined;
		},
		300_000,
	);
	return { child, output: () => output, exitCode: () => exitCode, exitSignal: () => exitSignal };
}
