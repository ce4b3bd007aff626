// n8n in queue mode, as production runs it, on one machine: Postgres and Redis (services.ts), then
// `n8n start` (main: editor, API, triggers), `n8n webhook` (receives production webhook calls and
// queues executions) and `n8n worker`s (run the queued executions). Every n8n process has its own user
// folder (n8n keeps a crash journal there that makes a second process on the same folder wait 10 s),
// whose `.n8n/nodes` links to one install of the community package: every process loads it.
import { spawn, type ChildProcess } from 'child_process';
import { randomBytes } from 'crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import type { N8nInstall } from './install';
import { log } from './install';
import { installPackageIntoUserFolder } from './package';
import { DEFAULT_OWNER, freePort, n8nEnv, runN8nCli, startN8n, stopProcessGroup, type CliResult, type Owner, type RunningN8n } from './server';
import { ensureQueueServices, startPostgres, startRedis, type RunningPostgres, type RunningService } from './services';

export interface QueueOptions {
	install: N8nInstall;
	/** Holds each process's user folder and log, Postgres's data and Redis's folder. */
	baseDir: string;
	/** A `.n8n/nodes` folder with the package installed (package.ts), linked into every user folder. */
	nodesDir: string;
	owner: Owner;
	/** Main's port (the editor and the API); free ports are picked for the others. */
	mainPort: number;
	/** Main's user folder (default: `<baseDir>/main`). */
	mainUserFolder?: string;
	workers?: number;
	/** `n8n webhook` processes (default 1); behind a load balancer in production, each on its own port here. */
	webhookProcesses?: number;
	/** Jobs each worker runs at once (n8n's default: 10). */
	workerConcurrency?: number;
	/** Postgres with fsync off, for tests (its data is thrown away anyway). */
	throwaway?: boolean;
	/** Extra environment for every n8n process. */
	env?: NodeJS.ProcessEnv;
	/** Install Postgres and Redis with apt-get when missing (`npm run dev`); tests only check. */
	installServices?: boolean;
}

/** One `n8n webhook` or `n8n worker` process, which can be stopped and started again. */
export interface QueueProcess {
	name: string;
	userFolder: string;
	logFile: string;
	/** Where its `/healthz/readiness` answers. */
	healthUrl: string;
	child?: ChildProcess;
	start(): Promise<void>;
	stop(): Promise<void>;
	/** Its log so far (every start appends). */
	log(): string;
}

export interface QueueTopology {
	main: RunningN8n;
	/** The first webhook process: N8N_WEBHOOK_URL, the address triggers register, points at it. */
	webhook: QueueProcess & { url: string };
	/** Every webhook process, the first included. */
	webhooks: Array<QueueProcess & { url: string }>;
	workers: QueueProcess[];
	postgres: RunningPostgres;
	redis: RunningService;
	/** The environment every n8n process shares (database, queue, encryption key, URLs). */
	sharedEnv: NodeJS.ProcessEnv;
	/** An n8n CLI command (import, export…) on the shared database. */
	cli(args: string[]): Promise<CliResult>;
	/** Stops every process of the topology, n8n's first. */
	stop(): Promise<void>;
	/** Ends every process group of the topology at once (SIGKILL), for an interrupted run. */
	kill(): void;
}

async function sleep(ms: number): Promise<void> {
	await new Promise((resolve) => setTimeout(resolve, ms));
}

/** A user folder whose `.n8n/nodes` is a link to the one install of the package. */
function linkedUserFolder(folder: string, nodesDir: string): string {
	mkdirSync(join(folder, '.n8n'), { recursive: true });
	const link = join(folder, '.n8n', 'nodes');
	if (link !== nodesDir) {
		rmSync(link, { recursive: true, force: true });
		symlinkSync(nodesDir, link);
	}
	return folder;
}

/** The key that encrypts credentials, the same in every process: the main folder's own if it has one. */
function encryptionKeyFor(mainUserFolder: string): string {
	const config = join(mainUserFolder, '.n8n', 'config');
	if (existsSync(config)) {
		const key = (JSON.parse(readFileSync(config, 'utf8')) as { encryptionKey?: string }).encryptionKey;
		if (key) return key;
	}
	return randomBytes(24).toString('base64url');
}

async function waitUntilHealthy(target: QueueProcess, child: ChildProcess, timeoutMs = 180_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (child.exitCode !== null || child.signalCode !== null) {
			throw new Error(`n8n ${target.name} exited (${child.exitCode ?? child.signalCode}) before it was ready; see ${target.logFile}`);
		}
		try {
			if ((await fetch(target.healthUrl)).status === 200) return;
		} catch {
			// not listening yet
		}
		if (Date.now() > deadline) throw new Error(`n8n ${target.name} was not ready within ${timeoutMs / 1000} s; see ${target.logFile}`);
		await sleep(500);
	}
}

/** `n8n <command>` in its own process group, its output appended to `<userFolder>/n8n.log`. */
function queueProcess(install: N8nInstall, name: string, command: string[], userFolder: string, env: NodeJS.ProcessEnv, healthUrl: string): QueueProcess {
	const logFile = join(userFolder, 'n8n.log');
	const handle: QueueProcess = {
		name,
		userFolder,
		logFile,
		healthUrl,
		async start() {
			const out = createWriteStream(logFile, { flags: 'a' });
			const child = spawn(install.nodeBin, [install.n8nBin, ...command], { cwd: userFolder, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
			child.stdout?.pipe(out);
			child.stderr?.pipe(out);
			handle.child = child;
			try {
				await waitUntilHealthy(handle, child);
			} catch (error) {
				await stopProcessGroup(child);
				throw error;
			}
		},
		async stop() {
			if (handle.child) await stopProcessGroup(handle.child);
		},
		log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
	};
	return handle;
}

/** Starts Postgres, Redis, main, the webhook process and the workers; resolves once all are ready. */
export async function startQueueTopology(options: QueueOptions): Promise<QueueTopology> {
	const { install, baseDir, nodesDir, owner } = options;
	ensureQueueServices(options.installServices ?? false);
	mkdirSync(baseDir, { recursive: true });
	const mainUserFolder = linkedUserFolder(options.mainUserFolder ?? join(baseDir, 'main'), nodesDir);
	const started: Array<() => Promise<void>> = [];
	const stopAll = async () => {
		for (const stop of started.reverse()) await stop().catch(() => undefined);
		started.length = 0;
	};
	// Last resort when the caller never stops it (a killed test run): end every process group at exit.
	const groups: Array<() => ChildProcess | undefined> = [];
	const killAll = () => {
		for (const current of groups) {
			const child = current();
			try {
				if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
			} catch {
				// already gone
			}
		}
	};
	process.on('exit', killAll);

	try {
		const postgres = await startPostgres(join(baseDir, 'postgres'), { throwaway: options.throwaway });
		started.push(postgres.stop);
		groups.push(() => postgres.child);
		const redis = await startRedis(join(baseDir, 'redis'));
		started.push(redis.stop);
		groups.push(() => redis.child);

		const webhookPort = await freePort();
		const mainUrl = `http://localhost:${options.mainPort}`;
		const webhookUrl = `http://localhost:${webhookPort}`;
		const sharedEnv: NodeJS.ProcessEnv = {
			...postgres.n8nEnv,
			...redis.n8nEnv,
			EXECUTIONS_MODE: 'queue',
			N8N_ENCRYPTION_KEY: encryptionKeyFor(mainUserFolder),
			N8N_EDITOR_BASE_URL: mainUrl,
			// Production webhook URLs (the trigger's subscription) point at the webhook process.
			N8N_WEBHOOK_URL: `${webhookUrl}/`,
			...options.env,
		};
		const envFor = async (userFolder: string, port: number, extra: NodeJS.ProcessEnv = {}) =>
			n8nEnv(install, userFolder, port, { ...sharedEnv, N8N_RUNNERS_BROKER_PORT: String(await freePort()), ...extra });

		const main = await startN8n({
			install,
			userFolder: mainUserFolder,
			port: options.mainPort,
			owner,
			logFile: join(mainUserFolder, 'n8n.log'),
			env: { ...sharedEnv, N8N_RUNNERS_BROKER_PORT: String(await freePort()) },
		});
		started.push(main.stop);
		groups.push(() => main.child);

		const webhooks: Array<QueueProcess & { url: string }> = [];
		for (let index = 1; index <= (options.webhookProcesses ?? 1); index++) {
			const name = index === 1 ? 'webhook' : `webhook-${index}`;
			const port = index === 1 ? webhookPort : await freePort();
			const folder = linkedUserFolder(join(baseDir, name), nodesDir);
			webhooks.push(
				Object.assign(queueProcess(install, name, ['webhook'], folder, await envFor(folder, port), `http://127.0.0.1:${port}/healthz/readiness`), {
					url: `http://localhost:${port}`,
				}),
			);
		}
		const webhook = webhooks[0];
		const workers: QueueProcess[] = [];
		for (let index = 1; index <= (options.workers ?? 2); index++) {
			const folder = linkedUserFolder(join(baseDir, `worker-${index}`), nodesDir);
			const healthPort = await freePort();
			const env = await envFor(folder, await freePort(), { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(healthPort) });
			const concurrency = options.workerConcurrency ? [`--concurrency=${options.workerConcurrency}`] : [];
			workers.push(queueProcess(install, `worker-${index}`, ['worker', ...concurrency], folder, env, `http://127.0.0.1:${healthPort}/healthz/readiness`));
		}
		// Started together, each waiting for its own readiness; all of them settle before a failure is thrown.
		const members = [...webhooks, ...workers];
		for (const member of members) {
			started.push(member.stop);
			groups.push(() => member.child);
		}
		const failure = (await Promise.allSettled(members.map((member) => member.start()))).find((result) => result.status === 'rejected');
		if (failure) throw failure.reason;
		const cliFolder = linkedUserFolder(join(baseDir, 'cli'), nodesDir);
		log(`n8n queue mode: main ${mainUrl}, webhook processes ${webhooks.map((each) => each.url).join(', ')}, ${workers.length} workers (logs in ${baseDir})`);
		return {
			main,
			webhook,
			webhooks,
			workers,
			postgres,
			redis,
			sharedEnv,
			cli: async (args) => await runN8nCli(install, cliFolder, args, 180_000, sharedEnv),
			stop: async () => {
				// n8n's processes first (they close their database and queue connections), then the services.
				const services = started.splice(0, 2);
				await Promise.all(started.splice(0).map((stop) => stop().catch(() => undefined)));
				for (const stop of services.reverse()) await stop().catch(() => undefined);
				process.off('exit', killAll);
			},
			kill: killAll,
		};
	} catch (error) {
		await stopAll();
		process.off('exit', killAll);
		throw error;
	}
}

/**
 * startN8nWithPackage's queue-mode twin: the packed package installed once into a throwaway folder
 * (named by `folderPrefix`) and linked into every process, main on a free port with the default
 * owner. Its stop() also removes the folder, as a start that fails does (kept when E2E_KEEP is set,
 * to read the processes' logs).
 */
export async function startQueueWithPackage(
	options: Omit<QueueOptions, 'baseDir' | 'nodesDir' | 'owner' | 'mainPort'> & { tarball: string; folderPrefix: string },
): Promise<{ topology: QueueTopology; baseDir: string }> {
	const { tarball, folderPrefix, ...rest } = options;
	const baseDir = mkdtempSync(join(tmpdir(), folderPrefix));
	const removeFolder = () => {
		if (!process.env.E2E_KEEP) rmSync(baseDir, { recursive: true, force: true });
	};
	const packageFolder = join(baseDir, 'package');
	installPackageIntoUserFolder(packageFolder, tarball, options.install.env);
	const topology = await startQueueTopology({ ...rest, baseDir, nodesDir: join(packageFolder, '.n8n', 'nodes'), owner: DEFAULT_OWNER, mainPort: await freePort() }).catch((error: unknown) => {
		removeFolder();
		throw error;
	});
	const stop = topology.stop;
	topology.stop = async () => {
		await stop();
		removeFolder();
	};
	return { topology, baseDir };
}
