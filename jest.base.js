// What every jest run of this project shares: TypeScript through ts-jest, Node's environment.
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }] },
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/'],
};
