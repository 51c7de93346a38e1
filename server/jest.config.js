// `cookie` (used by light-my-request, i.e. app.inject) ships ESM only, so SWC transpiles it.
module.exports = require('../build/jest.base')({ env: 'node', testTimeout: 30000, esmPackages: ['cookie'] });
