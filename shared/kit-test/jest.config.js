// jest-fixed-jsdom (Node's own fetch, which MSW needs) and MSW's ES modules turned into CommonJS, as in the remotes.
module.exports = require('../../build/jest.base')({
  env: 'jest-fixed-jsdom',
  esmPackages: ['msw', '@mswjs', '@msw', 'rettime', 'until-async', '@open-draft', 'tough-cookie', 'cookie', 'set-cookie-parser'],
  setupFilesAfterEnv: ['<rootDir>/../../build/jest.setup-dom.js'],
});
