// One jest setup for every package: SWC transpiles TS/TSX fast (type-checking is `npm run typecheck`),
// and @wishes/shared resolves to its source so no build step is needed before tests.
const path = require('path');

const sharedSrc = path.join(__dirname, '..', 'shared', 'src');

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
      '^@wishes/shared$': path.join(sharedSrc, 'index.ts'),
      '^@wishes/shared/(.*)$': path.join(sharedSrc, '$1'),
      '\\.(css|svg|png|jpg|webp)$': path.join(__dirname, 'jest.asset-stub.js'),
      ...(options.moduleNameMapper || {}),
    },
    setupFilesAfterEnv: options.setupFilesAfterEnv || [],
    testTimeout: options.testTimeout || 15000,
  };
};
