// Writes docs/verification.md: what n8n's verification of community packages asks, how each point is
// checked here and the command that checks it, made from the checks themselves: the rules n8n's own
// lint config switches on for each kind of file (read from ESLint with eslint.config.mjs), which of
// them n8n's scanner enforces too (its own config), and the tests named below (each must exist).
//   node tools/verify/checklist.mjs           writes docs/verification.md
//   node tools/verify/checklist.mjs --print   prints it (test/verification-checklist.test.ts compares)
import { existsSync, readFileSync, writeFileSync } from 'fs';
import { dirname, join, resolve } from 'path';
import { fileURLToPath } from 'url';

import communityNodes from '@n8n/eslint-plugin-community-nodes';
import { ESLint } from 'eslint';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import { buildScanConfig } from './scanner.mjs';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUTPUT = join(REPO_ROOT, 'docs', 'verification.md');
const packageJson = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
const version = (name) => JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;

/** One file of each kind n8n's rules look at. */
const SAMPLES = {
	nodes: 'nodes/BusinessBanking/BusinessBanking.node.ts',
	credentials: `credentials/${packageJson.n8n.credentials[0].replace(/^dist\/credentials\//, '').replace(/\.js$/, '.ts')}`,
	'package.json': 'package.json',
};

/** Points checked by tests and steps rather than lint rules: what n8n asks, and the test that checks it. */
const CHECKS = [
	{ asks: 'n8n-node lint passes (n8n\'s CLI, its canonical config)', how: '`npm run lint` (`n8n-node lint`, then the dev code\'s own lint)', command: 'npm run lint' },
	{ asks: 'n8n\'s package scanner passes on the source and on the published tarball', how: 'its lint, with its bundled config and file patterns, on the repository and the packed tarball (`test/scan-package.test.ts` shows it failing a source n8n\'s rules refuse)', command: 'node tools/verify/scan-package.mjs' },
	{ asks: 'Declares n8n\'s node API level as an integer the host accepts (missing = 1; 2.41 refuses anything but an integer ≤ 1)', test: ['test/verification.test.ts', 'n8nNodesApiVersion is the integer 1'] },
	{ asks: 'No run-time dependencies, no overrides; n8n-workflow only as a peer', test: ['test/verification.test.ts', 'no runtime dependencies, no overrides, n8n-workflow only as a peer'] },
	{ asks: 'MIT licence, its text shipped', test: ['test/verification.test.ts', 'MIT licensed, with the licence text shipped'] },
	{ asks: 'No `$getPairedItem` (removed in n8n 3.0); no environment or file access in nodes and credentials', test: ['test/verification.test.ts', 'nothing in the nodes or the credential uses $getPairedItem'] },
	{ asks: 'The package holds only what n8n loads: no sources, tests, sandbox, tools or secrets', test: ['test/package-contents.test.ts', 'holds no source, test, sandbox or tool file'] },
	{ asks: 'Published from CI with npm provenance (the scanner checks it first)', test: ['test/release-workflow.test.ts', 'publishes with npm provenance'] },
	{ asks: 'Loads and runs in n8n 3.x, where unverified packages are off by default', test: ['test/pull-request-workflow.test.ts', "runs the e2e suite against n8n's 3.x Docker image"], command: 'the `n8n-3` job of .github/workflows/pull-request.yml (needs Docker)' },
];

function checkCell(check) {
	if (!check.test) return check.how;
	const [file, name] = check.test;
	if (!existsSync(join(REPO_ROOT, file)) || !readFileSync(join(REPO_ROOT, file), 'utf8').includes(name)) {
		throw new Error(`${file} has no test named "${name}": the checklist names only checks that exist`);
	}
	return `\`${file}\`: "${name}"`;
}

/** Rules switched on (error or warn) for `file` under a config, keyed by rule id. */
async function enabledRules(eslint, file) {
	const config = await eslint.calculateConfigForFile(join(REPO_ROOT, file));
	return Object.entries(config.rules ?? {})
		.filter(([, setting]) => (Array.isArray(setting) ? setting[0] : setting) > 0 || ['error', 'warn'].includes(Array.isArray(setting) ? setting[0] : setting))
		.map(([rule]) => rule);
}

async function build() {
	const lint = new ESLint({ cwd: REPO_ROOT });
	const scan = new ESLint({ cwd: REPO_ROOT, overrideConfigFile: true, overrideConfig: await buildScanConfig() });
	const rules = new Map();
	for (const [kind, file] of Object.entries(SAMPLES)) {
		const scanned = new Set(await enabledRules(scan, file));
		for (const rule of await enabledRules(lint, file)) {
			const entry = rules.get(rule) ?? { kinds: [], scanner: [] };
			entry.kinds.push(kind);
			if (scanned.has(rule)) entry.scanner.push(kind);
			rules.set(rule, entry);
		}
	}
	const community = [...rules].filter(([rule]) => rule.startsWith('@n8n/community-nodes/')).sort(([a], [b]) => a.localeCompare(b));
	const nodesBase = [...rules].filter(([rule]) => rule.startsWith('n8n-nodes-base/'));
	const describe = (rule) => {
		const [plugin, name] = rule.startsWith('@n8n/community-nodes/') ? [communityNodes.n8nCommunityNodesPlugin ?? communityNodes, rule.split('/').pop()] : [n8nNodesBase, rule.split('/').pop()];
		return (plugin.rules[name]?.meta?.docs?.description ?? '').replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
	};
	const countFor = (kind) => nodesBase.filter(([, entry]) => entry.kinds.includes(kind)).length;
	const scannerCountFor = (kind) => nodesBase.filter(([, entry]) => entry.scanner.includes(kind)).length;

	return `<!-- Generated by \`node tools/verify/checklist.mjs\` from the checks themselves; do not edit by hand. -->
# n8n's verification, and how this repository checks it

n8n 3.0 installs and loads only **verified** community packages unless \`N8N_UNVERIFIED_PACKAGES_ENABLED=true\`,
and a verified install checks the checksum n8n recorded when it vetted the package. n8n vets a package
with its scanner (\`@n8n/scan-community-package\`): npm provenance first, then its lint on the source the
provenance points to and on the published tarball, then a review by a person. What is checked here:
everything but the provenance of a published version and n8n's own review.

Tools: \`@n8n/node-cli\` ${version('@n8n/node-cli')} (\`n8n-node lint\`), \`@n8n/scan-community-package\` ${version('@n8n/scan-community-package')}, \`@n8n/eslint-plugin-community-nodes\` ${version('@n8n/eslint-plugin-community-nodes')}, \`eslint-plugin-n8n-nodes-base\` ${version('eslint-plugin-n8n-nodes-base')}.

## The checklist
| n8n asks | checked here by | command |
|---|---|---|
${CHECKS.map((check) => `| ${check.asks} | ${checkCell(check)} | ${check.command?.startsWith('the ') ? check.command : `\`${check.command ?? `npx jest ${check.test[0]}`}\``} |`).join('\n')}
| Every rule below, on \`nodes/\`, \`credentials/\` and \`package.json\` | \`eslint.config.mjs\`: n8n's config as \`n8n-node lint\` ships it, nothing switched off | \`npm run lint\` |

## n8n's community-node rules switched on here
Read from ESLint with \`eslint.config.mjs\` (${Object.values(SAMPLES).map((file) => `\`${file}\``).join(', ')}); "scanner" marks
those the scanner's own config enforces on the same file as well.

| rule | applies to | scanner | what it asks |
|---|---|---|---|
${community.map(([rule, entry]) => `| \`${rule.replace('@n8n/community-nodes/', '')}\` | ${entry.kinds.join(', ')} | ${entry.scanner.length ? entry.scanner.join(', ') : '—'} | ${describe(rule)} |`).join('\n')}

And \`eslint-plugin-n8n-nodes-base\`'s rule sets, as n8n's config applies them: ${Object.keys(SAMPLES).map((kind) => `${countFor(kind)} rules on ${kind} (scanner: ${scannerCountFor(kind)})`).join(', ')}.

## How the scanner runs here
n8n runs \`npx @n8n/scan-community-package <name>@<version>\` on a published version: it reads the version's
npm provenance from the registry and fails without it, downloads the source at the attested commit
from GitHub and lints its \`package.json\`, \`nodes/\` and \`credentials/\`, then lints the tarball's \`.js\`
files and \`package.json\`. An unpublished package has no provenance, so \`tools/verify/scan-package.mjs\`
calls the scanner's own \`analyzePackage\` with its own file patterns on the two things it would lint:
this repository and the tarball \`npm pack\` makes of the built package. The provenance leg is covered
by the release workflow (\`npm publish --provenance\` from GitHub Actions) and can only be checked after
a release: \`npx @n8n/scan-community-package ${packageJson.name}@<version>\`.

## Why \`strict\` is off
With \`"strict": true\` in package.json's \`n8n\` section, \`n8n-node lint\` requires \`eslint.config.mjs\` to be
exactly n8n's two-line config, which runs \`eslint .\`: every TypeScript file of the repository, ignoring
only \`dist\`. Here the repository also holds the sandbox, the tests, the tools and the benchmarks, which
use Node's APIs (files, processes, timers) as development code must, and which that config forbids in
nodes. So \`eslint.config.mjs\` is n8n's config with those folders left out, and the dev code has its own
lint (\`eslint.dev.config.mjs\`). What ships gets every rule n8n's config has; nothing is switched off.
Strict mode would need the package in a folder of its own (\`nodes/\`, \`credentials/\`, \`icons/\`,
\`package.json\`, \`tsconfig.json\` and the canonical \`eslint.config.mjs\` in, say, \`package/\`), the dev code
outside it, and \`n8n-node lint\` run in that folder; n8n's scanner finds such a package by its name
anywhere in the repository.

## Installing the tools
\`eslint-plugin-n8n-nodes-base\` (a dependency of \`@n8n/node-cli\`) has a \`preinstall\` script,
\`npx only-allow pnpm\`, that fails under npm. package.json's \`allowScripts\` denies it, which npm 11.19
and newer read. An older npm runs it and fails: there, install with \`npm install --ignore-scripts\`, then
\`npm rebuild node\` for the Node 24 the npm scripts run on (the GitHub workflows run on Node 24 already
and use \`npm ci --ignore-scripts\`).

## n8n 3.x
n8n publishes 3.x only as Docker images. The \`n8n-3\` job of \`.github/workflows/pull-request.yml\` starts
the image named by \`N8N_V3_IMAGE\` with the packed package in its user folder's \`nodes/\` and
\`N8N_UNVERIFIED_PACKAGES_ENABLED=true\`, and runs the e2e files that need only a running n8n against it
(\`E2E_N8N_URL\`, \`E2E_N8N_CONTAINER\`). It cannot run on a machine without Docker (this one has none).
Pin the image by digest: \`docker buildx imagetools inspect n8nio/n8n:v3-rc-<date>.<n>\` shows it; write
\`n8nio/n8n:v3-rc-<date>.<n>@sha256:<digest>\` into \`N8N_V3_IMAGE\`. The job prints the digest it pulled.
`;
}

const text = await build();
if (process.argv.includes('--print')) process.stdout.write(text);
else writeFileSync(OUTPUT, text);
