const path = require('path');

module.exports = require('../build/jest.base')({
  env: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../build/jest.setup-dom.js'],
  // mf-feed is not built in unit tests: the federation runtime is a test double whose
  // loadRemote('mf_feed/WishList') returns a small list (and can be told to fail).
  moduleNameMapper: {
    '^@module-federation/enhanced/runtime$': path.join(__dirname, 'src', 'test', 'federationRuntime.tsx'),
  },
});
