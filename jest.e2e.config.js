// `npm run test:e2e`: inside a real n8n that the global setup installs (cached) and starts.
const base = require('./jest.base');

module.exports = {
	...base,
	testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/'],
	globalSetup: '<rootDir>/test/e2e/helpers/global-setup.ts',
	globalTeardown: '<rootDir>/test/e2e/helpers/global-teardown.ts',
};
