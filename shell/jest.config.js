// react-markdown 9 and its unified/micromark dependencies ship only ES modules: let @swc/jest transform them.
const markdownEsm = [
  'react-markdown', 'devlop', 'hast-util-.*', 'comma-separated-tokens', 'estree-util-.*', 'mdast-util-.*',
  'decode-named-character-reference', 'character-entities.*', 'character-reference-invalid', 'micromark.*',
  'unist-util-.*', 'longest-streak', 'zwitch', 'ccount', 'parse-entities', 'is-alphanumerical', 'is-alphabetical',
  'is-decimal', 'is-hexadecimal', 'stringify-entities', 'vfile.*', 'property-information', 'space-separated-tokens',
  'html-url-attributes', '@ungap/structured-clone', 'trim-lines', 'remark-.*', 'unified', 'bail', 'is-plain-obj', 'trough',
];

module.exports = require('../build/jest.base')({
  // jest-fixed-jsdom: Node's own fetch, which MSW (the HTTP double) needs.
  env: 'jest-fixed-jsdom',
  esmPackages: [...markdownEsm, 'msw', '@mswjs', '@msw', 'rettime', 'until-async', '@open-draft', 'tough-cookie', 'cookie', 'set-cookie-parser'],
  // The federation runtime is a boundary: tests control which remote modules load, fail or hang.
  moduleNameMapper: { '^@module-federation/enhanced/runtime$': '<rootDir>/src/test/federationRuntime.tsx' },
  setupFilesAfterEnv: ['<rootDir>/../build/jest.setup-dom.js', '<rootDir>/src/test/setup.ts'],
});
