// The released versions and the commits they were released from. A release's commit is named here in
// a later commit (a commit cannot name its own hash), as its golden set's freezing commit is in the
// CHANGELOG. The surface check (test/release/surface.test.ts) and the upgrade in a real n8n
// (test/e2e/upgrade.test.ts) build each from its commit.
export interface Release {
	version: string;
	commit: string;
}

export const RELEASES: readonly Release[] = [
	// The last commit of the main line before the CHANGELOG's first Unreleased entry ("Merge branch
	// 'golden'", package.json 1.0.0, the 1.0 golden set complete).
	{ version: '1.0.0', commit: 'fdbb5d558172cce303d8e3043b88375e4b7f94cc' },
	// "Release 1.1.0": package.json 1.1.0, the 1.1 golden set frozen.
	{ version: '1.1.0', commit: '32a64af3caaa8abfa1a2991f661502b05fe3a82b' },
];

export function releaseOf(version: string): Release {
	const release = RELEASES.find((candidate) => candidate.version === version);
	if (!release) throw new Error(`no release ${version} in tools/release/releases.ts`);
	return release;
}
