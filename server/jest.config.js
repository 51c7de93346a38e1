// `cookie` (used by light-my-request, i.e. app.inject) ships ESM only, so SWC transpiles it.
// Unit tests sit beside product code in src/; cross-cutting suites (security, reliability) and the
// test harness live in test/.
const base = require('../build/jest.base')({ env: 'node', testTimeout: 30000, esmPackages: ['cookie'] });
module.exports = { ...base, testMatch: [...base.testMatch, '<rootDir>/test/**/*.test.ts'] };
