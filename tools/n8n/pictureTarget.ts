// The n8n the picture tools (`npm run pictures`, `npm run panels`) photograph: one given with `--url`
// (e.g. `npm run dev`'s; its owner unless N8N_OWNER_EMAIL / N8N_OWNER_PASSWORD say otherwise), or else
// an n8n of their own, newest release, the package built, packed and installed in a throwaway user folder.
import { ensureN8n } from './install';
import { buildPackage, packPackage } from './package';
import { DEFAULT_OWNER, startN8nWithPackage } from './server';

export interface PictureTarget {
	url: string;
	owner: { email: string; password: string };
	stop(): Promise<void>;
}

async function ownN8n(folderPrefix: string): Promise<PictureTarget> {
	const install = ensureN8n('newest');
	buildPackage();
	const running = await startN8nWithPackage({ install, tarball: packPackage(), folderPrefix });
	return { url: running.url, owner: DEFAULT_OWNER, stop: running.stop };
}

function givenN8n(url: string): PictureTarget {
	const owner = { email: process.env.N8N_OWNER_EMAIL ?? DEFAULT_OWNER.email, password: process.env.N8N_OWNER_PASSWORD ?? DEFAULT_OWNER.password };
	return { url: url.replace(/\/$/, ''), owner, stop: async () => undefined };
}

/** `--url <n8n>` from the command line, or an n8n of the tool's own. */
export async function pictureTarget(folderPrefix: string): Promise<PictureTarget> {
	const urlFlag = process.argv.indexOf('--url');
	return urlFlag > 0 ? givenN8n(process.argv[urlFlag + 1]) : await ownN8n(folderPrefix);
}

/** `--only a,b` from the command line: only those names, or every one. */
export function onlyFlag(): string[] | undefined {
	const flag = process.argv.indexOf('--only');
	return flag > 0 ? process.argv[flag + 1].split(',') : undefined;
}
