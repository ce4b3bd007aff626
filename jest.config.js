// `npm test`: the sandbox over loopback and the nodes inside n8n-core's engine. The end-to-end suite
// in a real n8n has its own config (jest.e2e.config.js) so that `npm test -- <file>` selects a file.
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }] },
	testMatch: ['<rootDir>/test/**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/'],
};
