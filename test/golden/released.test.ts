// What a release's golden set is, pinned where an edit in the same commit cannot move it
// (docs/saved-workflows.md): the files match the set's MANIFEST.sha256, and that manifest's own hash
// is the one the CHANGELOG's release entry records.
import { spawnSync } from 'child_process';
import { createHash } from 'crypto';
import { existsSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import { changelogPins, CHANGE_REFUSED, GOLDEN, manifestOf } from './releasedSet';

const REPO_ROOT = join(GOLDEN, '..', '..');

function git(args: string[]): { status: number | null; stdout: string; stderr: string } {
	return spawnSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' });
}

/** The freezing commit of a set, present in this clone's history and an ancestor of what is checked out; or an error saying what is missing. */
function frozenCommit(release: string): string {
	const commit = changelogPins().get(release)?.frozenAt;
	if (!commit) throw new Error(`CHANGELOG.md names no commit that froze the golden set ${release} (\`frozen at commit <40 hex>\` on its "Golden set" line): a released set is pinned there`);
	const needHistory = 'this test needs the git history: run it in a clone with its whole history (CI: actions/checkout with fetch-depth: 0; a shallow clone: git fetch --unshallow)';
	if (git(['rev-parse', '--git-dir']).status !== 0) throw new Error(`no git repository here, so the golden set ${release} cannot be compared with commit ${commit}, which froze it: ${needHistory}`);
	if (git(['cat-file', '-e', `${commit}^{commit}`]).status !== 0) {
		const shallow = git(['rev-parse', '--is-shallow-repository']).stdout.trim() === 'true';
		throw new Error(
			`commit ${commit}, which froze the golden set ${release} (CHANGELOG.md), is not in this clone's history${shallow ? ' (a shallow clone)' : ''}: ${needHistory}. A squash or rebase that dropped the commit must not be merged.`,
		);
	}
	if (git(['merge-base', '--is-ancestor', commit, 'HEAD']).status !== 0) throw new Error(`commit ${commit}, which froze the golden set ${release} (CHANGELOG.md), is not an ancestor of HEAD: the CHANGELOG must name the commit that froze the set on this branch`);
	return commit;
}

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

describe.each(RELEASED)('the released golden set of %s against the commit that froze it', (release) => {
	const folder = `test/golden/${release}`;

	it('holds exactly what that commit held: git diff --exit-code <commit> -- test/golden/<release>, no untracked file', () => {
		const commit = frozenCommit(release);
		const diff = git(['diff', '--exit-code', '--stat', commit, '--', folder]);
		if (diff.status === 1) throw new Error(CHANGE_REFUSED(release, `git diff ${commit} -- ${folder} shows\n${diff.stdout}`));
		if (diff.status !== 0) throw new Error(`git diff failed (${diff.status}): ${diff.stderr}`);
		const untracked = git(['ls-files', '--others', '--exclude-standard', '--', folder]).stdout.trim();
		if (untracked) throw new Error(CHANGE_REFUSED(release, `files not in commit ${commit}: ${untracked}`));
	});

	it('was frozen with the manifest whose hash the CHANGELOG records', () => {
		const commit = frozenCommit(release);
		const frozen = git(['show', `${commit}:${folder}/MANIFEST.sha256`]);
		if (frozen.status !== 0) throw new Error(`commit ${commit} holds no ${folder}/MANIFEST.sha256: the CHANGELOG must name the commit that froze the set`);
		const recorded = changelogPins().get(release)?.manifestSha256;
		if (sha256(frozen.stdout) !== recorded) throw new Error(CHANGE_REFUSED(release, `the CHANGELOG records manifest hash ${recorded}, commit ${commit} froze ${sha256(frozen.stdout)}`));
	});
});
