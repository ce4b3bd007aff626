// The n8n assumption tests (test/n8n: what nodes/BusinessBanking/n8n/ bets on about n8n) run once per
// n8n release of the matrix, each against that release's own n8n-workflow and n8n-core. 2.40 is the
// devDependencies' (the `unit` project runs them there). The others come from aliased devDependencies
// when installed (`n8n-core-1.123`…), else from the real n8n installed in the cache by
// tools/n8n/install.ts (npm run test:e2e or npm run dev install it); without either the project fails,
// naming the missing install. Kept in step with tools/n8n/versions.ts by test/n8n/matrix.test.ts.
const { existsSync } = require('fs');
const { homedir } = require('os');
const { join } = require('path');

const CACHE_ROOT = process.env.BUSINESS_BANKING_N8N_CACHE || join(homedir(), '.cache', 'n8n-nodes-business-banking');

/** The releases besides the devDependencies' 2.40 (test/n8n/matrix.json, which the tests read too). */
const OTHER_RELEASES = require('./test/n8n/matrix.json');

/** Where the release's n8n-workflow and n8n-core are: aliased devDependencies, or the cached install. */
function modulesOf({ n8n, alias }) {
	const aliased = join(__dirname, 'node_modules', `n8n-core-${alias}`);
	if (existsSync(aliased)) return { 'n8n-core': aliased, 'n8n-workflow': join(__dirname, 'node_modules', `n8n-workflow-${alias}`) };
	const cached = join(CACHE_ROOT, `n8n-${n8n}`, 'node_modules');
	return { 'n8n-core': join(cached, 'n8n-core'), 'n8n-workflow': join(cached, 'n8n-workflow') };
}

function n8nMatrixProjects(base) {
	return OTHER_RELEASES.map((release) => {
		const modules = modulesOf(release);
		return {
			...base,
			displayName: `n8n ${release.n8n}`,
			testMatch: ['<rootDir>/test/n8n/**/*.test.ts'],
			globals: { N8N_MATRIX_RELEASE: release.n8n },
			setupFilesAfterEnv: ['<rootDir>/test/n8n/setup/stopSshCleanupTimer.ts'],
			moduleNameMapper: { '^n8n-core$': modules['n8n-core'], '^n8n-workflow$': modules['n8n-workflow'] },
		};
	});
}

module.exports = { OTHER_RELEASES, n8nMatrixProjects };
