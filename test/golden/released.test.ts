// What a release's golden set is, pinned where an edit in the same commit cannot move it
// (docs/saved-workflows.md): the files match the set's MANIFEST.sha256, and that manifest's own hash
// is the one the CHANGELOG's release entry records.
import { createHash } from 'crypto';
import { existsSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import { changelogPins, CHANGE_REFUSED, GOLDEN, manifestOf } from './releasedSet';

const RELEASED = readdirSync(GOLDEN)
	.filter((name) => /^\d+\.\d+$/.test(name) && existsSync(join(GOLDEN, name, 'MANIFEST.sha256')))
	.sort();
const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

describe.each(RELEASED)('the released golden set of %s', (release) => {
	const manifest = readFileSync(join(GOLDEN, release, 'MANIFEST.sha256'), 'utf8');

	it('is what its manifest lists: no file changed, added or removed', () => {
		if (manifestOf(release) !== manifest) throw new Error(CHANGE_REFUSED(release, 'its files no longer match MANIFEST.sha256'));
	});

	it('has the manifest whose hash the CHANGELOG recorded at its release', () => {
		const pinned = changelogPins().get(release)?.manifestSha256;
		if (!pinned) throw new Error(`CHANGELOG.md records no MANIFEST.sha256 hash for the golden set ${release}: a released set is pinned there`);
		if (sha256(manifest) !== pinned) throw new Error(CHANGE_REFUSED(release, `MANIFEST.sha256 hashes to ${sha256(manifest)}, the CHANGELOG recorded ${pinned}`));
	});
});
