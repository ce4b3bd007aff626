// Once per `npm run test:e2e`: Chromium, the n8n releases of tools/n8n/versions.ts (installed once into the cache), the package built,
// packed and installed into a fresh n8n user folder like a community package, and n8n started on a free
// port with an owner and an API key. Test files read what they need through state.ts.
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join } from 'path';

import { N8nClient } from '../../../tools/n8n/api';
import { installReleases } from './releases';
import { buildPackage, installPackageIntoUserFolder, packPackage } from '../../../tools/n8n/package';
import { DEFAULT_OWNER, freePort, startN8n, userFolderLog } from '../../../tools/n8n/server';
import { findChromium } from './chromium';
import { EXTERNAL_N8N_URL, externalN8n } from './externalN8n';
import { STATE_ENV, type E2eState } from './state';

export interface E2eGlobals {
	stop?: () => Promise<void>;
	/** Throwaway folders the teardown removes. */
	folders: string[];
}

declare global {
	var __businessBankingE2e: E2eGlobals | undefined;
}

export default async function globalSetup(): Promise<void> {
	const state: E2eState = {};
	const stateFile = join(mkdtempSync(join(tmpdir(), 'business-banking-e2e-state-')), 'state.json');
	process.env[STATE_ENV] = stateFile;
	const save = () => writeFileSync(stateFile, JSON.stringify(state, null, 2));
	globalThis.__businessBankingE2e = { folders: [dirname(stateFile)] };

	const chromium = findChromium();
	state.chromiumPath = chromium.path;
	state.browserSkipReason = chromium.reason;

	// E2E_N8N_URL: an n8n started elsewhere with the package installed (the 3.x Docker job): no install.
	if (EXTERNAL_N8N_URL) {
		state.n8n = await externalN8n(EXTERNAL_N8N_URL);
		globalThis.__businessBankingE2e.folders.push(state.n8n.userFolder);
		save();
		process.stderr.write(`\n[e2e] using the n8n at ${EXTERNAL_N8N_URL} (E2E_N8N_URL)\n`);
		return;
	}

	// The releases install side by side (each in a process of its own; mostly download time), and each
	// on its own: one that cannot be installed skips only its own tests.
	const [newest, previous, oldest] = await installReleases(['newest', 'previous', 'oldest']);
	state.skipReason = newest.reason;
	state.n8n1SkipReason = oldest.reason;
	state.previousSkipReason = previous.reason;
	if (oldest.install) state.n8n1 = { install: oldest.install };
	if (previous.install) state.previous = { install: previous.install };
	if (!newest.install && !oldest.install && !previous.install) {
		save();
		return;
	}

	// E2E_SKIP_BUILD=1 reuses dist/ as it is (while iterating on the suite itself).
	if (!process.env.E2E_SKIP_BUILD) buildPackage();
	state.tarball = packPackage();
	globalThis.__businessBankingE2e.folders.push(dirname(state.tarball));
	const install = newest.install;
	if (!install) {
		save();
		return;
	}
	const userFolder = mkdtempSync(join(tmpdir(), 'business-banking-e2e-n8n-'));
	globalThis.__businessBankingE2e.folders.push(userFolder);
	installPackageIntoUserFolder(userFolder, state.tarball, install.env);
	const n8n = await startN8n({ install, userFolder, port: await freePort(), owner: DEFAULT_OWNER, logFile: userFolderLog(userFolder) });
	globalThis.__businessBankingE2e.stop = n8n.stop;
	// Last resort when the teardown never runs (Ctrl-C, a killed run): n8n and its task runner share
	// one process group, ended with the run.
	const killN8n = () => {
		try {
			if (n8n.child.pid) process.kill(-n8n.child.pid, 'SIGKILL');
		} catch {
			// already gone
		}
	};
	process.on('exit', killN8n);
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
		process.once(signal, () => {
			killN8n();
			process.kill(process.pid, signal);
		});
	}

	const client = new N8nClient(n8n.url);
	await client.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
	const apiKey = await client.createApiKey('e2e suite');
	state.n8n = { url: n8n.url, port: n8n.port, userFolder, owner: DEFAULT_OWNER, apiKey, install };
	save();
	process.stderr.write(`\n[e2e] n8n ${install.n8nVersion} ready at ${n8n.url} (log: ${userFolderLog(userFolder)})\n`);
}
