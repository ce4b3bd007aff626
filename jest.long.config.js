// `npm run test:long`: the write memory at the sizes of issue 42 (10,000 and 100,000 writes), minutes
// each, outside .ci/run (CI runs the same paths at a smaller size in `npm test`).
const base = require('./jest.base');

module.exports = { ...base, testMatch: ['<rootDir>/test/long/**/*.test.ts'], testPathIgnorePatterns: ['/node_modules/'] };
