// The cluster suite (test/cluster/cluster.suite.ts): real processes, HAProxy, Redis and PostgreSQL,
// run as its own step of `npm test` (scripts/test.js "cluster"), never with the unit suites.
const base = require('./jest.config');
module.exports = { ...base, testMatch: ['<rootDir>/test/cluster/*.suite.ts'], testTimeout: 120000 };
