// `npm run surface [-- <version>]`: what the current sources break and add against a release's
// surface (the newest release unless named), for a release's review and its CHANGELOG entry.
import { compareSurfaces } from './breaking';
import { currentSurface, surfaceAt } from './load';
import { releaseOf, RELEASES } from './releases';

const release = process.argv[2] ? releaseOf(process.argv[2]) : RELEASES[RELEASES.length - 1];
const { breaking, added } = compareSurfaces(surfaceAt(release.commit), currentSurface());
const list = (lines: string[]) => lines.map((line) => `  ${line}`).join('\n');
process.stdout.write(`Against ${release.version} (${release.commit.slice(0, 7)}): ${breaking.length} breaking, ${added.length} added\n`);
if (breaking.length) process.stdout.write(`Breaking:\n${list(breaking)}\n`);
if (added.length) process.stdout.write(`Added:\n${list(added)}\n`);
process.exitCode = breaking.length ? 1 : 0;
