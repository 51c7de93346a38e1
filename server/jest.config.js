// `cookie` (used by light-my-request, i.e. app.inject) ships ESM only, so SWC transpiles it.
// Unit tests sit beside product code in src/; cross-cutting suites (security, reliability) and the
// test harness live in test/. Once per run, PostgreSQL is probed and a migrated template database
// made for the test apps to copy (test/kit/postgres-run.ts).
const base = require('../build/jest.base')({ env: 'node', testTimeout: 30000, esmPackages: ['cookie'] });
module.exports = {
  ...base,
  testMatch: [...base.testMatch, '<rootDir>/test/**/*.test.ts'],
  globalSetup: '<rootDir>/test/kit/global-setup.ts',
  globalTeardown: '<rootDir>/test/kit/global-teardown.ts',
};
