// One lint for the whole monorepo (`npm run lint`, and the first step of `npm test`).
// Syntax-only typescript-eslint (no type-aware rules): `npm run typecheck` already runs tsc, and
// type-aware linting would multiply the time on a 2-core machine.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { createRequire } from 'node:module';

// The apps that the shell composes at run time: the shell and every remote of the app registry
// (shared/src/registry.ts, read through build/registry.js), so a new remote is linted with no edit here.
const { APP_FOLDERS: APPS } = createRequire(import.meta.url)('./build/registry.js');
const NOT_FOR_BROWSER = ['server', 'e2e', 'bench'];

/**
 * The import boundary: an app (or @wishes/shared) reaches another app's code only through module
 * federation at run time, never by importing its source; what two apps share lives in
 * @wishes/shared. `own` is the package whose files may name their own folder.
 */
function boundary(own) {
  const others = [...APPS, ...NOT_FOR_BROWSER].filter((name) => name !== own);
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `(^|/)(${others.join('|')})(/|$)`,
            message: 'Apps meet only through module federation and @wishes/shared: move what both need into @wishes/shared.',
          },
          {
            regex: '^@wishes/shared/src(/|$)',
            message: "Import @wishes/shared through its package exports ('@wishes/shared', '@wishes/shared/testing', ...).",
          },
          // The apps take the kit as built, by the entry points a remote outside uses (docs/architecture.md, "The kit").
          ...(own === 'shared'
            ? []
            : [{ regex: '^@wishes/shared$', message: "Import the kit's packages (@wishes/kit-client, -ui, -session, -contract), not @wishes/shared's index." }]),
        ],
      },
    ],
  };
}

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'kit-packages/*/types/**', '.tmp/**', '**/coverage/**', 'e2e/playwright-report/**', 'e2e/test-results/**', 'server/data/**', 'data/**', 'releases/**', 'server/static/**', 'shell/public/**'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle follows imports into TypeScript files, so it must know how to parse them.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  // Browser code: the apps and @wishes/shared.
  {
    files: ['shared/src/**/*.{ts,tsx}', ...APPS.map((app) => `${app}/src/**/*.{ts,tsx}`)],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['shared/src/**/*.{ts,tsx}', ...APPS.map((app) => `${app}/src/**/*.{ts,tsx}`)],
    rules: {
      // State that starts over for a new key (a new id, page or retry) is reset while rendering
      // with the kit's useKeyedState, not set back inside an effect.
      'react-hooks/set-state-in-effect': 'error',
    },
  },
  {
    files: ['shared/src/**/*.tsx', ...APPS.map((app) => `${app}/src/**/*.tsx`)],
    ...jsxA11y.flatConfigs.recommended,
  },
  { files: ['shared/**/*.{ts,tsx}'], rules: boundary('shared') },
  ...APPS.map((app) => ({ files: [`${app}/**/*.{ts,tsx,js}`], rules: boundary(app) })),
  // The server's URL areas meet through their service.ts (or queries.ts), never through another
  // area's routes.ts: routes are the edge of an area, registered once by app/routes.ts.
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/app/routes.ts', 'server/src/app/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^/]+/routes$',
              message: "An area's routes are its own: import what another area needs from its service.ts (move it there).",
            },
          ],
        },
      ],
    },
  },
  // Tests run in jest (node or jsdom).
  {
    files: ['**/*.test.{ts,tsx}', '**/src/test/**', 'shared/src/testing/**', 'build/jest.*.js'],
    languageOptions: { globals: { ...globals.jest, ...globals.node, ...globals.browser } },
  },
  {
    // Test and benchmark tooling reads response bodies of many shapes ad hoc; Kysely's migrations
    // take `Kysely<any>` by design (a migration must not depend on today's schema types).
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**', 'server/test/**', 'server/src/generator/testing.ts', 'packages/writer/src/testing/**', 'packages/writer/scripts/**', 'server/src/db/migrations/**', 'server/src/db/dates.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Node: the server, the build and scripts, bench, the browser journeys and the config files.
  {
    files: ['server/**', 'packages/**', 'scripts/**', 'build/**', 'bench/**', 'e2e/**', '**/*.config.{js,ts,mjs}', '**/webpack.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The wish writer is a library the server uses, never the other way round.
    files: ['packages/writer/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)server/', message: 'The writer is a library: it must not reach into the server.' }] }],
    },
  },
  {
    // CommonJS build and script files.
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
