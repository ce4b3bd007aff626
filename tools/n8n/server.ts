// Starts a real n8n from the cache (see install.ts) with a given user folder, and runs its CLI.
import { spawn, type ChildProcess } from 'child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'fs';
import { createServer } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';

import { N8nClient } from './api';
import type { N8nInstall } from './install';
import { log } from './install';
import { installPackageIntoUserFolder } from './package';

export interface Owner {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

export const DEFAULT_OWNER: Owner = {
	email: 'owner@n8n.local',
	password: 'Sandbox-owner-1',
	firstName: 'Sandbox',
	lastName: 'Owner',
};

export interface StartN8nOptions {
	install: N8nInstall;
	/** N8N_USER_FOLDER: n8n keeps its database, encryption key and community packages in `<it>/.n8n`. */
	userFolder: string;
	port: number;
	owner?: Owner;
	/** Where n8n's own output goes (the console when absent). */
	logFile?: string;
	env?: NodeJS.ProcessEnv;
}

export interface RunningN8n {
	url: string;
	port: number;
	userFolder: string;
	owner: Owner;
	install: N8nInstall;
	child: ChildProcess;
	/** Ends n8n and the task runner it started. */
	stop(): Promise<void>;
}

/** A TCP port free right now on loopback. */
export async function freePort(): Promise<number> {
	return await new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolve(port));
		});
	});
}

/** n8n's environment for a user folder: quiet (no telemetry, no update checks), cookies over http. */
export function n8nEnv(install: N8nInstall, userFolder: string, port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	return {
		...install.env,
		N8N_USER_FOLDER: userFolder,
		N8N_PORT: String(port),
		N8N_HOST: 'localhost',
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: `http://localhost:${port}`,
		// n8n 2.x reads N8N_WEBHOOK_URL, 1.x WEBHOOK_URL.
		N8N_WEBHOOK_URL: `http://localhost:${port}/`,
		WEBHOOK_URL: install.major < 2 ? `http://localhost:${port}/` : undefined,
		// n8n 2.x publishes an activated workflow from an outbox it polls (every 15 s by default).
		N8N_WORKFLOW_PUBLICATION_OUTBOX_POLL_INTERVAL_MS: '1000',
		N8N_SECURE_COOKIE: 'false',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		// Code nodes in a task runner, as in 2.x (where it is always on).
		N8N_RUNNERS_ENABLED: install.major < 2 ? 'true' : undefined,
		// n8n 1.123 defaults to an isolated-vm expression engine whose native module does not build on
		// the Node 20 that 1.x runs on here; its classic engine is the one 1.x has always used.
		N8N_EXPRESSION_ENGINE: install.major < 2 ? 'legacy' : undefined,
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL ?? 'info',
		// Not inherited from a test runner: n8n refuses to load nodes when NODE_ENV is `test`.
		NODE_ENV: 'production',
		JEST_WORKER_ID: undefined,
		// npm's own (from `npm run`) would confuse n8n's package installer.
		npm_config_prefix: undefined,
		...extra,
	};
}

/** The owner's bcrypt hash for N8N_INSTANCE_OWNER_PASSWORD_HASH, made with n8n's own bcryptjs. */
function bcryptHash(install: N8nInstall, password: string): string {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const bcrypt = require(require.resolve('bcryptjs', { paths: [install.n8nDir] })) as { hashSync(p: string, rounds: number): string };
	return bcrypt.hashSync(password, 10);
}

/** Environment that makes n8n 2.x create (or update) the owner at start. */
function ownerEnv(install: N8nInstall, owner: Owner): NodeJS.ProcessEnv {
	if (install.major < 2) return {};
	return {
		N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
		N8N_INSTANCE_OWNER_EMAIL: owner.email,
		N8N_INSTANCE_OWNER_FIRST_NAME: owner.firstName,
		N8N_INSTANCE_OWNER_LAST_NAME: owner.lastName,
		N8N_INSTANCE_OWNER_PASSWORD_HASH: bcryptHash(install, owner.password),
	};
}

async function sleep(ms: number): Promise<void> {
	await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits until n8n is ready and serves its REST API (or fails if it exits first). */
async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (child.exitCode !== null || child.signalCode !== null) {
			throw new Error(`n8n exited (${child.exitCode ?? child.signalCode}) before it was ready`);
		}
		try {
			// Ready means the database is up; the REST API (login, owner setup) is mounted a little later.
			const ready = await fetch(`${url}/healthz/readiness`);
			if (ready.status === 200 && (await fetch(`${url}/rest/settings`)).status === 200) return;
		} catch {
			// not listening yet
		}
		await sleep(1000);
	}
	throw new Error(`n8n did not become ready at ${url} within ${timeoutMs / 1000} s`);
}

/** Kills a process group started with `detached: true`, politely first. */
export async function stopProcessGroup(child: ChildProcess, graceMs = 15_000): Promise<void> {
	if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	const signal = (name: NodeJS.Signals) => {
		try {
			process.kill(-(child.pid as number), name);
		} catch {
			// already gone
		}
	};
	signal('SIGTERM');
	const timer = setTimeout(() => signal('SIGKILL'), graceMs);
	await exited;
	clearTimeout(timer);
}

/** Starts `n8n start` and resolves once it is ready; stop() ends it. */
export async function startN8n(options: StartN8nOptions): Promise<RunningN8n> {
	const { install, userFolder, port } = options;
	const owner = options.owner ?? DEFAULT_OWNER;
	mkdirSync(userFolder, { recursive: true });
	const brokerPort = await freePort();
	const env = n8nEnv(install, userFolder, port, {
		...ownerEnv(install, owner),
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		...options.env,
	});
	const url = `http://localhost:${port}`;
	log(`starting n8n ${install.n8nVersion} at ${url} (user folder ${userFolder})`);
	const child = spawn(install.nodeBin, [install.n8nBin, 'start'], {
		cwd: userFolder,
		env,
		detached: true,
		stdio: ['ignore', options.logFile ? 'pipe' : 'inherit', options.logFile ? 'pipe' : 'inherit'],
	});
	if (options.logFile) {
		// Appended, not overwritten: the log of the run before a restart is often the one that matters.
		const out = createWriteStream(options.logFile, { flags: 'a' });
		out.write(`\n===== n8n ${install.n8nVersion} started ${new Date().toISOString()} (port ${port}) =====\n`);
		child.stdout?.pipe(out);
		child.stderr?.pipe(out);
	}
	const running: RunningN8n = { url, port, userFolder, owner, install, child, stop: () => stopProcessGroup(child) };
	try {
		await waitUntilReady(url, child, 240_000);
		if (install.major < 2) await new N8nClient(url).setupOwner(owner);
	} catch (error) {
		await running.stop();
		throw new Error(`${(error as Error).message}${options.logFile ? ` (its log: ${options.logFile})` : ''}`);
	}
	return running;
}

export interface CliResult {
	stdout: string;
	stderr: string;
	code: number | null;
}

/**
 * Runs an n8n CLI command (`import:workflow`, `execute`, `export:credentials`, …) on the same user
 * folder as a running n8n (or, with `extraEnv`, on its database). It gets its own task-runner port so it
 * does not collide with the server's.
 */
export async function runN8nCli(install: N8nInstall, userFolder: string, args: string[], timeoutMs = 180_000, extraEnv: NodeJS.ProcessEnv = {}): Promise<CliResult> {
	const env = n8nEnv(install, userFolder, await freePort(), {
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
		N8N_LOG_LEVEL: 'info',
		...extraEnv,
	});
	return await new Promise((resolve, reject) => {
		const child = spawn(install.nodeBin, [install.n8nBin, ...args], { cwd: userFolder, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		const timer = setTimeout(() => {
			void stopProcessGroup(child, 2000);
			reject(new Error(`n8n ${args.join(' ')} did not finish within ${timeoutMs / 1000} s\n${stdout}\n${stderr}`));
		}, timeoutMs);
		child.on('error', reject);
		child.on('exit', (code) => {
			clearTimeout(timer);
			resolve({ stdout, stderr, code });
		});
	});
}

/**
 * An n8n of its own: the packed package installed into a throwaway user folder (named by
 * `folderPrefix`), started on a free port with the default owner. stop() ends it and removes the
 * folder (kept when E2E_KEEP is set, to read its log).
 */
export async function startN8nWithPackage(options: { install: N8nInstall; tarball: string; folderPrefix: string; env?: NodeJS.ProcessEnv }): Promise<RunningN8n> {
	const userFolder = mkdtempSync(join(tmpdir(), options.folderPrefix));
	installPackageIntoUserFolder(userFolder, options.tarball, options.install.env);
	const running = await startN8n({ install: options.install, userFolder, port: await freePort(), owner: DEFAULT_OWNER, logFile: userFolderLog(userFolder), env: options.env });
	return {
		...running,
		stop: async () => {
			await running.stop();
			if (!process.env.E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
		},
	};
}

export function userFolderLog(userFolder: string): string {
	return join(userFolder, 'n8n.log');
}
