// react-markdown 9 and its unified/micromark dependencies ship only ES modules: let @swc/jest transform them.
const markdownEsm = [
  'react-markdown', 'devlop', 'hast-util-.*', 'comma-separated-tokens', 'estree-util-.*', 'mdast-util-.*',
  'decode-named-character-reference', 'character-entities.*', 'character-reference-invalid', 'micromark.*',
  'unist-util-.*', 'longest-streak', 'zwitch', 'ccount', 'parse-entities', 'is-alphanumerical', 'is-alphabetical',
  'is-decimal', 'is-hexadecimal', 'stringify-entities', 'vfile.*', 'property-information', 'space-separated-tokens',
  'html-url-attributes', '@ungap/structured-clone', 'trim-lines', 'remark-.*', 'unified', 'bail', 'is-plain-obj', 'trough',
];

// The site as its remotes declare it (each in its own remote.config.ts, read by build/registry.js):
// the manifest the server would serve, handed to the tests as a global so the shell's code and
// tests name no remote's path themselves.
const { SITE_REMOTES } = require('../build/registry');
const SITE_MANIFEST = {
  remotes: SITE_REMOTES.map((r) => ({ name: r.name, entry: `/mf/${r.folder}/remoteEntry.js`, folder: r.folder, release: 'dist', routes: r.routes, nav: r.nav, ...(r.menu ? { menu: r.menu } : {}) })),
};

const base = require('../build/jest.base')({
  // jest-fixed-jsdom: Node's own fetch, which MSW (the HTTP double) needs.
  env: 'jest-fixed-jsdom',
  esmPackages: [...markdownEsm, 'msw', '@mswjs', '@msw', 'rettime', 'until-async', '@open-draft', 'tough-cookie', 'cookie', 'set-cookie-parser'],
  // The federation runtime is a boundary: tests control which remote modules load, fail or hang.
  moduleNameMapper: { '^@module-federation/enhanced/runtime$': '<rootDir>/src/test/federationRuntime.tsx' },
  setupFilesAfterEnv: ['<rootDir>/../build/jest.setup-dom.js', '<rootDir>/src/test/setup.ts'],
});

module.exports = { ...base, globals: { __SITE_MANIFEST__: SITE_MANIFEST } };
