// The two services n8n's queue mode needs, from Debian's packages (installed with apt-get when
// missing, for `npm run dev -- --queue`; tests only check), run as private instances on free loopback ports: Postgres (n8n's database, shared by every
// n8n process) and Redis (the job queue). Each runs in its own process group and stops with stop().
import { spawn, spawnSync, type ChildProcess } from 'child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync } from 'fs';
import { createConnection } from 'net';
import { dirname, join, resolve } from 'path';

import { ensureDebianPackages, hasCommand } from './apt';
import { log } from './install';
import { freePort, stopProcessGroup } from './server';

export interface RunningService {
	port: number;
	child: ChildProcess;
	logFile: string;
	stop(): Promise<void>;
}

export interface RunningPostgres extends RunningService {
	database: string;
	user: string;
	/** n8n's DB_* variables for this database. */
	n8nEnv: NodeJS.ProcessEnv;
}

const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The newest installed Postgres's bin folder (Debian keeps each major under /usr/lib/postgresql/<n>). */
function postgresBin(): string | undefined {
	if (!existsSync(POSTGRES_ROOT)) return undefined;
	const versions = readdirSync(POSTGRES_ROOT)
		.filter((version) => existsSync(join(POSTGRES_ROOT, version, 'bin', 'postgres')))
		.sort((a, b) => Number(b) - Number(a));
	return versions.length ? join(POSTGRES_ROOT, versions[0], 'bin') : undefined;
}

/** Installs (with `mayInstall`) Debian's postgresql and redis-server unless both are there; throws saying why when they are missing. */
export function ensureQueueServices(mayInstall: boolean): void {
	const reason = ensureDebianPackages(['postgresql', 'redis-server'], () => postgresBin() !== undefined && hasCommand('redis-server'), "n8n's queue mode", mayInstall);
	if (reason) throw new Error(reason);
}

/** Postgres refuses to run as root: as root, it runs as Debian's `postgres` user. */
function postgresUser(): { uid: number; gid: number } | undefined {
	if (process.getuid?.() !== 0) return undefined;
	const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
	return { uid: id('-u'), gid: id('-g') };
}

async function sleep(ms: number): Promise<void> {
	await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Postgres's own user must reach its data folder: folders on the way that others cannot enter (a
 * private temporary folder) get the search bit for others (entering, not listing).
 */
function letOthersTraverse(folder: string): void {
	for (let current = resolve(folder); ; current = dirname(current)) {
		const mode = statSync(current).mode;
		if ((mode & 0o001) === 0) {
			chmodSync(current, (mode & 0o7777) | 0o001);
			log(`made ${current} enterable by Postgres's user (o+x)`);
		}
		if (current === dirname(current)) return;
	}
}

/** Sends `request` to 127.0.0.1:port and resolves with the first bytes answered (undefined if nothing listens). */
async function ask(port: number, request: string): Promise<string | undefined> {
	return await new Promise((resolve) => {
		const socket = createConnection({ port, host: '127.0.0.1' });
		const done = (answer: string | undefined) => {
			socket.destroy();
			resolve(answer);
		};
		socket.setTimeout(2000, () => done(undefined));
		socket.once('error', () => done(undefined));
		socket.once('connect', () => (request ? socket.write(request) : done('')));
		socket.once('data', (chunk: Buffer) => done(chunk.toString()));
	});
}

async function waitFor(what: string, child: ChildProcess, logFile: string, ready: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await ready())) {
		if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}); see ${logFile}:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
		if (Date.now() > deadline) throw new Error(`${what} did not start within ${timeoutMs / 1000} s; see ${logFile}`);
		await sleep(200);
	}
}

function spawnLogged(command: string, args: string[], logFile: string, options: { uid?: number; gid?: number; cwd?: string } = {}): ChildProcess {
	const out = openSync(logFile, 'a');
	return spawn(command, args, { ...options, detached: true, stdio: ['ignore', out, out] });
}

/**
 * A Postgres cluster in `dataDir` (created on first use, kept afterwards), listening on a free loopback
 * port, with a database `n8n` owned by the `postgres` superuser (trust authentication on loopback).
 * `throwaway` turns fsync off (faster; a crash may lose the data, which tests do not keep anyway).
 */
export async function startPostgres(dataDir: string, options: { throwaway?: boolean } = {}): Promise<RunningPostgres> {
	const bin = postgresBin();
	if (!bin) throw new Error(`no Postgres under ${POSTGRES_ROOT}: run ensureQueueServices() first`);
	const user = postgresUser();
	mkdirSync(dataDir, { recursive: true, mode: 0o700 });
	if (user) {
		chownSync(dataDir, user.uid, user.gid);
		letOthersTraverse(dirname(dataDir));
	}
	const logFile = join(dataDir, '..', `${dataDir.split('/').pop()}.log`);
	if (!existsSync(join(dataDir, 'PG_VERSION'))) {
		const init = spawnSync(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], { ...user, encoding: 'utf8', cwd: '/tmp' });
		if (init.status !== 0) throw new Error(`initdb failed (${init.status}):\n${init.stdout}${init.stderr}`);
	}
	const port = await freePort();
	const settings = ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dataDir}`, ...(options.throwaway ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : [])];
	const child = spawnLogged(join(bin, 'postgres'), ['-D', dataDir, '-p', String(port), ...settings], logFile, { ...user, cwd: '/tmp' });
	const psql = (sql: string) => spawnSync(join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-tAc', sql], { encoding: 'utf8' });
	const stop = async () => {
		// SIGINT is Postgres's fast shutdown (SIGTERM would wait for n8n's connections to close).
		if (child.pid !== undefined && child.exitCode === null) {
			try {
				process.kill(child.pid, 'SIGINT');
			} catch {
				// already gone
			}
		}
		await stopProcessGroup(child, 10_000);
	};
	try {
		await waitFor('Postgres', child, logFile, async () => psql('SELECT 1').status === 0);
		if (psql("SELECT 1 FROM pg_database WHERE datname = 'n8n'").stdout.trim() !== '1') {
			const created = psql('CREATE DATABASE n8n');
			if (created.status !== 0) throw new Error(`CREATE DATABASE n8n failed: ${created.stderr}`);
		}
	} catch (error) {
		await stop();
		throw error;
	}
	log(`Postgres on 127.0.0.1:${port} (data ${dataDir})`);
	return {
		port,
		child,
		logFile,
		database: 'n8n',
		user: 'postgres',
		stop,
		n8nEnv: {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(port),
			DB_POSTGRESDB_DATABASE: 'n8n',
			DB_POSTGRESDB_USER: 'postgres',
			DB_POSTGRESDB_PASSWORD: '',
		},
	};
}

/** A Redis that keeps nothing on disk, on a free loopback port. */
export async function startRedis(folder: string): Promise<RunningService & { n8nEnv: NodeJS.ProcessEnv }> {
	mkdirSync(folder, { recursive: true });
	const port = await freePort();
	const logFile = join(folder, 'redis.log');
	const child = spawnLogged('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', folder], logFile, { cwd: folder });
	const stop = () => stopProcessGroup(child, 5000);
	try {
		await waitFor('Redis', child, logFile, async () => (await ask(port, 'PING\r\n'))?.startsWith('+PONG') === true);
	} catch (error) {
		await stop();
		throw error;
	}
	log(`Redis on 127.0.0.1:${port}`);
	return { port, child, logFile, stop, n8nEnv: { QUEUE_BULL_REDIS_HOST: '127.0.0.1', QUEUE_BULL_REDIS_PORT: String(port) } };
}
