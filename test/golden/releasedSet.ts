// The released golden sets and their pins: the manifest of a set's files (MANIFEST.sha256), and what
// CHANGELOG.md records of each release's set (the manifest's hash; the commit that froze it).
import { createHash } from 'crypto';
import { existsSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';

export const GOLDEN = __dirname;
export const CHANGELOG = join(GOLDEN, '..', '..', 'CHANGELOG.md');

/** The one message of every refused change to a released set: what to do instead. */
export const CHANGE_REFUSED = (release: string, what: string) =>
	`a released golden workflow changed (test/golden/${release}: ${what}): a released set never changes; add a new node version instead (docs/saved-workflows.md)`;

/** The folders of a release that its manifest covers, and every file in them (files/ holds inputs such as a PDF). */
const MANIFEST_FOLDERS = ['workflows', 'requests', 'files', 'trigger', 'credential'];

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** `sha256sum` of every file of the set, folder by folder, in name order. */
export function manifestOf(release: string): string {
	const files = MANIFEST_FOLDERS.filter((folder) => existsSync(join(GOLDEN, release, folder))).flatMap((folder) =>
		readdirSync(join(GOLDEN, release, folder))
			.sort()
			.map((name) => `${folder}/${name}`),
	);
	return files.map((file) => `${sha256(join(GOLDEN, release, file))}  ${file}`).join('\n') + '\n';
}

export interface ReleasePin {
	manifestSha256?: string;
	frozenAt?: string;
}

/**
 * What the CHANGELOG records per golden set, from lines such as
 * "Golden set `test/golden/1.0/`: `MANIFEST.sha256` sha256 `<64 hex>`, frozen at commit `<40 hex>`".
 */
export function changelogPins(text = readFileSync(CHANGELOG, 'utf8')): Map<string, ReleasePin> {
	const pins = new Map<string, ReleasePin>();
	for (const line of text.split('\n')) {
		const release = /Golden set `test\/golden\/(\d+\.\d+)\/`/.exec(line)?.[1];
		if (!release) continue;
		pins.set(release, {
			manifestSha256: /`MANIFEST\.sha256` sha256 `([0-9a-f]{64})`/.exec(line)?.[1],
			frozenAt: /frozen at commit `([0-9a-f]{40})`/.exec(line)?.[1],
		});
	}
	return pins;
}
