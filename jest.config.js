// `npm test`: the sandbox over loopback and the nodes inside n8n-core's engine. The end-to-end suite
// in a real n8n has its own config (jest.e2e.config.js) so that `npm test -- <file>` selects a file.
const base = require('./jest.base');
const { n8nMatrixProjects } = require('./jest.n8nMatrix');

// The nodes import zod (as `zod/v3`) and luxon from n8n's own copies. n8n 1.123 ships luxon 3.4.4 and
// n8n is moving to zod 4, so the nodes' input checks run a second time against those majors: zod 4's
// `zod/v3` export and luxon 3.4.4 (the aliases `zod-v4` and `luxon-3.4` in devDependencies).
const NEXT_AND_OLDEST_MAJORS = [
	'<rootDir>/test/dependency-majors/**/*.test.ts',
	'<rootDir>/test/node/malformed.test.ts',
	'<rootDir>/test/node/dateRule.test.ts',
	'<rootDir>/test/node/fuzz.test.ts',
	'<rootDir>/test/node/fuzzCredential.test.ts',
	'<rootDir>/test/node/internationalForms.test.ts',
	'<rootDir>/test/sandbox/invoices-schemas.test.ts',
];

module.exports = {
	projects: [
		{
			...base,
			displayName: 'unit',
			testMatch: ['<rootDir>/test/**/*.test.ts'],
			testPathIgnorePatterns: [...base.testPathIgnorePatterns, '<rootDir>/test/dependency-majors/', '<rootDir>/test/long/'],
		},
		{
			...base,
			displayName: 'zod 4, luxon 3.4',
			testMatch: NEXT_AND_OLDEST_MAJORS,
			moduleNameMapper: { '^zod/v3$': 'zod-v4/v3', '^luxon$': 'luxon-3.4' },
		},
		...n8nMatrixProjects(base),
	],
};
