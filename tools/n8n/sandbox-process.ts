// Runs the sandbox (sandbox/main.ts) as its own process, the way a developer runs `npm run sandbox`.
import { spawn, type ChildProcess } from 'child_process';
import { join } from 'path';

import { REPO_ROOT } from './package';
import { stopProcessGroup } from './server';

export interface SandboxProcessOptions {
	port: number;
	clientId: string;
	clientSecret: string;
	redirectUri: string;
	/** The sqlite file that keeps the sandbox's state across restarts (in memory without). */
	dataFile?: string;
	/** Receives each line the sandbox prints. */
	onLine?: (line: string) => void;
}

export interface SandboxProcess {
	url: string;
	child: ChildProcess;
	stop(): Promise<void>;
}

async function sleep(ms: number): Promise<void> {
	await new Promise((resolve) => setTimeout(resolve, ms));
}

export async function startSandboxProcess(options: SandboxProcessOptions): Promise<SandboxProcess> {
	const tsNode = join(REPO_ROOT, 'node_modules', '.bin', 'ts-node');
	const args = [
		'--transpile-only',
		'sandbox/main.ts',
		'--port',
		String(options.port),
		'--client-id',
		options.clientId,
		'--client-secret',
		options.clientSecret,
		'--redirect-uri',
		options.redirectUri,
		'--quiet',
		...(options.dataFile ? ['--data', options.dataFile] : []),
	];
	const child = spawn(process.execPath, [tsNode, ...args], { cwd: REPO_ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
	let buffered = '';
	let lastLine = '';
	const onData = (chunk: Buffer) => {
		buffered += chunk.toString();
		const lines = buffered.split('\n');
		buffered = lines.pop() ?? '';
		for (const line of lines) {
			if (line.trim()) lastLine = line;
			options.onLine?.(line);
		}
	};
	child.stdout?.on('data', onData);
	child.stderr?.on('data', onData);
	const url = `http://localhost:${options.port}`;
	const deadline = Date.now() + 60_000;
	for (;;) {
		if (child.exitCode !== null) {
			// Exit 2: the sandbox refused to start and said why (e.g. a data file it must not read).
			throw new Error(child.exitCode === 2 && lastLine ? lastLine : `the sandbox exited with ${child.exitCode} (is port ${options.port} in use?)`);
		}
		try {
			await fetch(`${url}/organization`);
			break;
		} catch {
			if (Date.now() > deadline) {
				await stopProcessGroup(child);
				throw new Error(`the sandbox did not start listening on ${url}`);
			}
			await sleep(300);
		}
	}
	return { url, child, stop: () => stopProcessGroup(child, 5000) };
}
