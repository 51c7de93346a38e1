// One jest setup for every package: SWC transpiles TS/TSX fast (type-checking is `npm run typecheck`),
// and each kit package (@wishes/kit-<name> and its subpaths) resolves to its sources in
// shared/kit-<name>/src, so an edit to the kit is seen by every app's tests with no build.
// @wishes/writer resolves to its sources too.
const path = require('path');

const SHARED = path.join(__dirname, '..', 'shared');
const writerSrc = path.join(__dirname, '..', 'packages', 'writer', 'src');

/** `@wishes/kit-<x>` → shared/kit-<x>/src/index.ts; `@wishes/kit-<x>/<sub>` → shared/kit-<x>/src/<sub>. */
function kitSources() {
  return {
    '^@wishes/(kit-(?:contract|session|client|ui|test))$': path.join(SHARED, '$1', 'src', 'index.ts'),
    '^@wishes/(kit-(?:contract|session|client|ui|test))/(.*)$': path.join(SHARED, '$1', 'src', '$2'),
  };
}

/**
 * @param {{ env?: 'node' | 'jsdom' | 'jest-fixed-jsdom', esmPackages?: string[], moduleNameMapper?: Record<string,string>, setupFilesAfterEnv?: string[], testTimeout?: number }} options
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
      ...kitSources(),
      '^@wishes/writer$': path.join(writerSrc, 'index.ts'),
      '^@wishes/writer/testing$': path.join(writerSrc, 'testing', 'index.ts'),
      '\\.(css|svg|png|jpg|webp)$': path.join(__dirname, 'jest.asset-stub.js'),
      ...(options.moduleNameMapper || {}),
    },
    setupFilesAfterEnv: options.setupFilesAfterEnv || [],
    testTimeout: options.testTimeout || 15000,
  };
};
