// `npm run dev`: build the package, start the sandbox, install (once, cached) and start a real n8n
// with the package installed as a community package, set up its owner and a sandbox credential, and
// stop everything on Ctrl-C.
//   npm run dev -- --skip-build      reuse dist/ as it is
//   npm run dev -- --queue           n8n in queue mode: Postgres, Redis, main, webhook process, 2 workers
//   DEV_N8N_PORT (5678), DEV_SANDBOX_PORT (4010), DEV_N8N_USER_FOLDER (.n8n-dev/ in the repository)
// The sandbox keeps its state in <user folder>/sandbox.sqlite and n8n its own in the user folder, so
// stopping and starting again keeps the connected account, the data and the published triggers.
// Its ports are checked before anything: a port another process holds stops it, naming the holder and
// free ports to use instead, so it never talks to an n8n or a sandbox it did not start.
import { randomBytes } from 'crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { dirname, join } from 'path';

import { N8nClient } from './n8n/api';
import { credentialLine, devCredentialData, ensureCredential, importExamples, isConnected } from './n8n/dev-setup';
import { ensureN8n, log } from './n8n/install';
import { buildPackage, installPackageIntoUserFolder, packPackage, REPO_ROOT } from './n8n/package';
import { startQueueForDev } from './n8n/queue-dev';
import { suggestFreePorts, takenPorts, type WantedPort } from './n8n/ports';
import { startSandboxProcess, type SandboxProcess } from './n8n/sandbox-process';
import { DEFAULT_OWNER, startN8n, type RunningN8n } from './n8n/server';

const N8N_PORT = Number(process.env.DEV_N8N_PORT ?? 5678);
const SANDBOX_PORT = Number(process.env.DEV_SANDBOX_PORT ?? 4010);
const USER_FOLDER = process.env.DEV_N8N_USER_FOLDER ?? join(REPO_ROOT, '.n8n-dev');
const CLIENT_ID = 'n8n-dev-client';
const SANDBOX_DATA_FILE = join(USER_FOLDER, 'sandbox.sqlite');
/** The fixed ports; n8n's task broker and queue mode's services take free ports of their own. */
const DEV_PORTS: WantedPort[] = [
	{ port: N8N_PORT, purpose: 'n8n, DEV_N8N_PORT' },
	{ port: SANDBOX_PORT, purpose: 'the sandbox, DEV_SANDBOX_PORT' },
];
/** n8n's task broker's default port: never suggested, another n8n may want it. */
const TASK_BROKER_DEFAULT_PORT = 5679;

/** Says which of the dev ports are taken and by what, and free ports to use instead; false when one is. */
async function portsAreFree(): Promise<boolean> {
	const taken = await takenPorts(DEV_PORTS);
	if (taken.length === 0) return true;
	const [n8nPort, sandboxPort] = await suggestFreePorts(DEV_PORTS, [TASK_BROKER_DEFAULT_PORT, ...DEV_PORTS.map(({ port }) => port)]);
	process.stderr.write(
		[
			'npm run dev: nothing started, a port it needs is taken:',
			...taken.map(({ port, purpose, holder }) => `  port ${port} (${purpose}) is in use by ${holder ?? 'another process (which one, this machine does not say)'}`),
			'  Another `npm run dev` still running? Stop it, or start this one on free ports:',
			`  DEV_N8N_PORT=${n8nPort} DEV_SANDBOX_PORT=${sandboxPort} npm run dev`,
			'',
		].join('\n'),
	);
	return false;
}

/** The dev client secret: made once per clone and kept, so the saved credential stays valid. */
function devClientSecret(): string {
	const file = join(USER_FOLDER, 'sandbox-client-secret');
	if (existsSync(file)) return readFileSync(file, 'utf8').trim();
	const secret = randomBytes(18).toString('base64url');
	mkdirSync(USER_FOLDER, { recursive: true });
	writeFileSync(file, secret, { mode: 0o600 });
	return secret;
}

let sandbox: SandboxProcess | undefined;
let n8n: RunningN8n | undefined;
let stopping = false;

/** Ends both children (each with its process group) and exits. */
async function stop(code: number): Promise<void> {
	if (stopping) return;
	stopping = true;
	log('stopping n8n and the sandbox…');
	await Promise.allSettled([n8n?.stop(), sandbox?.stop()]);
	process.exit(code);
}

async function main() {
	if (!(await portsAreFree())) {
		process.exitCode = 1;
		return;
	}
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));

	// `npm run dev -- --skip-build` reuses dist/ as it is.
	if (!process.argv.includes('--skip-build')) buildPackage();
	const install = ensureN8n('newest');
	const tarball = packPackage();
	installPackageIntoUserFolder(USER_FOLDER, tarball, install.env);
	rmSync(dirname(tarball), { recursive: true, force: true });

	const clientSecret = devClientSecret();
	const redirectUri = `http://localhost:${N8N_PORT}/rest/oauth2-credential/callback`;
	sandbox = await startSandboxProcess({
		port: SANDBOX_PORT,
		clientId: CLIENT_ID,
		clientSecret,
		redirectUri,
		dataFile: SANDBOX_DATA_FILE,
		onLine: (line) => process.stdout.write(`[sandbox] ${line}\n`),
	});
	sandbox.child.on('exit', (code) => {
		if (!stopping) {
			log(`the sandbox stopped (${code}); stopping n8n too`);
			void stop(1);
		}
	});

	n8n = process.argv.includes('--queue')
		? await startQueueForDev({ install, userFolder: USER_FOLDER, port: N8N_PORT, owner: DEFAULT_OWNER })
		: await startN8n({ install, userFolder: USER_FOLDER, port: N8N_PORT, owner: DEFAULT_OWNER, logFile: join(USER_FOLDER, 'n8n.log') });
	n8n.child.on('exit', (code) => {
		if (!stopping) {
			log(`n8n stopped (${code}); see ${join(USER_FOLDER, 'n8n.log')}`);
			void stop(1);
		}
	});

	const client = new N8nClient(n8n.url);
	await client.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
	const credential = await ensureCredential(client, devCredentialData(CLIENT_ID, clientSecret, sandbox.url, SANDBOX_PORT === 4010));
	const imported = await importExamples(client, credential);
	const connected = await isConnected(client, credential);

	process.stdout.write(
		[
			'',
			'────────────────────────────────────────────────────────────────────────',
			` n8n ${install.n8nVersion} with n8n-nodes-business-banking:  ${n8n.url}`,
			`   sign in:          ${DEFAULT_OWNER.email} / ${DEFAULT_OWNER.password}`,
			`   credential:       ${credentialLine(credential, connected)}`,
			...(connected ? [] : [`   consent page:     sign in as owner@example.com / sandbox, pick an organization`]),
			` sandbox:            ${sandbox.url}`,
			`   OAuth client id:     ${CLIENT_ID}`,
			`   OAuth client secret: ${clientSecret}`,
			`   redirect URI:        ${redirectUri}`,
			`   state kept in:       ${SANDBOX_DATA_FILE}  (empty it: curl -X POST ${sandbox.url}/sandbox/reset)`,
			imported.length ? ` example workflows imported: ${imported.join(', ')}` : ' example workflows: already in n8n',
			` n8n's log: ${join(USER_FOLDER, 'n8n.log')}   installs cached in ${install.n8nDir}`,
			' Ctrl-C stops n8n and the sandbox.',
			'────────────────────────────────────────────────────────────────────────',
			'',
		].join('\n'),
	);
}

main().catch((error: Error) => {
	process.stderr.write(`npm run dev failed: ${error.stack ?? error.message}\n`);
	void stop(1);
});
