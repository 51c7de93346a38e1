// jest-fixed-jsdom: jsdom with Node's own fetch, Request, Response and streams, which MSW needs
// (plain jsdom has no fetch), and without the browser export condition, so msw/node resolves.
// MSW 3 and its helpers ship ES modules only: SWC turns them into CommonJS like our sources.
module.exports = require('../build/jest.base')({
  env: 'jest-fixed-jsdom',
  esmPackages: ['msw', '@mswjs', '@msw', 'rettime', 'until-async', '@open-draft', 'tough-cookie', 'cookie', 'set-cookie-parser'],
  setupFilesAfterEnv: ['<rootDir>/../build/jest.setup-dom.js'],
});
