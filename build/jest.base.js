// One jest setup for every package: SWC transpiles TS/TSX fast (type-checking is `npm run typecheck`),
// @wishes/shared and @wishes/writer resolve to their sources. An app that consumes the kit (`kit: 'built'`) gets the kit
// packages as built by `npm install` (kit-packages/*: their dist/*.cjs through node_modules, the
// same files a remote outside the monorepo installs); shared's own tests, and the test helpers in
// shared/src/testing when run there, get the kit entries' sources.
const path = require('path');
const { KIT_PACKAGES, KIT_SOURCE } = require('./kit');

const sharedSrc = path.join(__dirname, '..', 'shared', 'src');
const writerSrc = path.join(__dirname, '..', 'packages', 'writer', 'src');

/** `@wishes/kit-<x>` (and its subpaths) → the entry sources in shared/src/kit/. */
function kitSources() {
  const map = {};
  for (const kit of KIT_PACKAGES) {
    if (!kit.entry) continue;
    map[`^${kit.name}$`] = path.join(KIT_SOURCE, kit.entry);
    for (const [sub, entry] of Object.entries(kit.subpaths || {})) map[`^${kit.name}/${sub}$`] = path.join(KIT_SOURCE, entry);
  }
  return map;
}

/**
 * @param {{ env?: 'node' | 'jsdom' | 'jest-fixed-jsdom', kit?: 'built' | 'source', esmPackages?: string[], moduleNameMapper?: Record<string,string>, setupFilesAfterEnv?: string[], testTimeout?: number }} options
 */
module.exports = function jestConfig(options = {}) {
  const esm = options.esmPackages || [];
  return {
    testEnvironment: options.env || 'node',
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
    transform: {
      '^.+\\.(t|j)sx?$|^.+\\.mjs$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            target: 'es2022',
            transform: { react: { runtime: 'automatic' } },
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: esm.length ? [`/node_modules/(?!(${esm.join('|')})/)`] : ['/node_modules/'],
    moduleNameMapper: {
      ...(options.kit === 'built' ? {} : kitSources()),
      '^@wishes/shared$': path.join(sharedSrc, 'index.ts'),
      '^@wishes/shared/(.*)$': path.join(sharedSrc, '$1'),
      '^@wishes/writer$': path.join(writerSrc, 'index.ts'),
      '^@wishes/writer/testing$': path.join(writerSrc, 'testing', 'index.ts'),
      '\\.(css|svg|png|jpg|webp)$': path.join(__dirname, 'jest.asset-stub.js'),
      ...(options.moduleNameMapper || {}),
    },
    setupFilesAfterEnv: options.setupFilesAfterEnv || [],
    testTimeout: options.testTimeout || 15000,
  };
};
