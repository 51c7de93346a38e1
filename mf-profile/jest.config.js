const path = require('path');

module.exports = require('../build/jest.base')({
  // jest-fixed-jsdom: jsdom with Node's own fetch, Request, Response and streams, which MSW needs
  // (every suite that renders a screen answers HTTP with MSW). MSW 3 and its helpers ship ES
  // modules only, so SWC turns them into CommonJS like our sources.
  env: 'jest-fixed-jsdom',
  esmPackages: ['msw', '@mswjs', '@msw', 'rettime', 'until-async', '@open-draft', 'tough-cookie', 'cookie', 'set-cookie-parser'],
  setupFilesAfterEnv: ['<rootDir>/../build/jest.setup-dom.js'],
  // mf-feed is not built in unit tests: the federation runtime is a test double whose
  // loadRemote('mf_feed/WishList') returns a small list (and can be told to fail).
  moduleNameMapper: {
    '^@module-federation/enhanced/runtime$': path.join(__dirname, 'src', 'test', 'federationRuntime.tsx'),
  },
});
