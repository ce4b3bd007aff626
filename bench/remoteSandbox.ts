import { fork, type ChildProcess } from 'child_process';
import { join } from 'path';

import type { SandboxCommand } from './sandboxProcess';

type Command = SandboxCommand extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

/** The sandbox process of the benchmark, seen from the parent. */
export interface RemoteSandbox {
	url: string;
	call<T>(command: Command): Promise<T>;
	/** Its CPU time so far, in ms. */
	cpuMs(): Promise<number>;
	stop(): void;
}

export async function startRemoteSandbox(): Promise<RemoteSandbox> {
	const child: ChildProcess = fork(join(__dirname, 'sandboxProcess.ts'), [], {
		execArgv: ['-r', 'ts-node/register/transpile-only', ...(process.env.BENCH_SANDBOX_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SANDBOX_PROFILE}`] : [])],
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
	});
	const pending = new Map<number, (value: unknown) => void>();
	let next = 0;
	const url = await new Promise<string>((resolve, reject) => {
		child.once('exit', (code) => reject(new Error(`the sandbox process exited with ${code}`)));
		child.on('message', (message: { id?: number; value?: unknown; ready?: string }) => {
			if (message.ready) return resolve(message.ready);
			if (message.id !== undefined) {
				pending.get(message.id)?.(message.value);
				pending.delete(message.id);
			}
		});
	});
	const call = <T>(command: Command) =>
		new Promise<T>((resolve) => {
			const id = ++next;
			pending.set(id, resolve as (value: unknown) => void);
			child.send({ ...command, id });
		});
	return { url, call, cpuMs: () => call<number>({ kind: 'cpu' }), stop: () => child.kill('SIGTERM') };
}
