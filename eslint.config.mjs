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
import { readdirSync } from 'node:fs';

// The apps that the shell composes at run time: the shell and every workspace with a
// remote.config.ts (read through build/registry.js), so a new remote is linted with no edit here.
const { APP_FOLDERS: APPS } = createRequire(import.meta.url)('./build/registry.js');
const NOT_FOR_BROWSER = ['server', 'e2e', 'bench'];

/**
 * The import boundary: an app reaches another app's code only through module federation at run
 * time, never by importing its source; what two apps share lives in a kit package
 * (shared/kit-<name>), imported by its name. `own` is the package whose files may name their own folder.
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
            message: 'Apps meet only through module federation and the kit packages: move what both need into a kit package (shared/kit-<name>).',
          },
          {
            regex: '(^|/)shared/kit-[a-z]+/src(/|$)',
            message: "Import a kit package by its name and exports ('@wishes/kit-ui', '@wishes/kit-test/http', ...), not its files.",
          },
          ...(own === 'shared' ? [] : [{ regex: '^the kit(/|$)', message: "Import the kit's packages (@wishes/kit-client, -ui, -session, -contract, -test)." }]),
        ],
      },
    ],
  };
}

// The server's modules: every folder of server/src but the composition root (app), the platform
// layer, the infrastructure (db, cluster, mail) and the seed tool, which may reach any module.
const SERVER_INFRA = ['app', 'platform', 'db', 'cluster', 'mail', 'seed'];
const SERVER_FOLDERS = readdirSync(new URL('./server/src', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SERVER_MODULES = SERVER_FOLDERS.filter((name) => !SERVER_INFRA.includes(name));
/**
 * What a module shows the others: its service.ts, and, where other modules already read more, the
 * files they read today. These extra files are debt, not design: each one belongs behind the
 * module's service.ts (or becomes an event), and the list only shrinks. A module with no entry
 * shows its service.ts alone.
 */
const PUBLIC_FILES = {
  auth: ['passwords.ts', 'queries.ts', 'schemas.ts', 'sessions.ts', 'validators.ts'],
  chats: ['queries.ts'],
  deliveries: ['queries.ts'],
  generator: ['queries.ts', 'schemas.ts'],
  media: ['schemas.ts', 'store.ts'],
  moderation: ['queries.ts', 'schemas.ts'],
  options: ['load.ts'],
  pages: ['remotes.ts', 'static-content.ts'],
  previews: ['card-text.ts', 'card-themes.ts', 'meta.ts', 'render-queue.ts'],
  profiles: ['queries.ts'],
  releases: ['canary.ts', 'catalog.ts', 'file-types.ts', 'published.ts', 'site-build.ts', 'store.ts'],
  wishes: ['feeds.ts', 'queries.ts', 'visibility.ts'],
};
/** One zone per module: only its public files may be imported from another module or the infrastructure. */
const moduleZones = SERVER_MODULES.map((name) => ({
  target: SERVER_FOLDERS.filter((other) => other !== name && !['app', 'platform', 'seed'].includes(other)).map((other) => `./server/src/${other}`),
  from: `./server/src/${name}`,
  except: ['./service.ts', ...(PUBLIC_FILES[name] ?? [])].map((file) => `./${file}`),
  message: `A module imports another only through its service.ts: import this from server/src/${name}/service.ts (move or re-export it there), or take it as a parameter from the composition root (app/), or subscribe to a domain event (platform/events.ts).`,
}));

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.tmp/**', '**/coverage/**', 'e2e/playwright-report/**', 'e2e/test-results/**', 'server/data/**', 'data/**', 'releases/**', 'server/static/**', 'shell/public/**', '**/@mf-types/**'],
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
  // Browser code: the apps and the kit packages.
  {
    files: ['shared/kit-*/src/**/*.{ts,tsx}', ...APPS.map((app) => `${app}/src/**/*.{ts,tsx}`)],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['shared/kit-*/src/**/*.{ts,tsx}', ...APPS.map((app) => `${app}/src/**/*.{ts,tsx}`)],
    rules: {
      // State that starts over for a new key (a new id, page or retry) is reset while rendering
      // with the kit's useKeyedState, not set back inside an effect.
      'react-hooks/set-state-in-effect': 'error',
    },
  },
  {
    files: ['shared/kit-*/src/**/*.tsx', ...APPS.map((app) => `${app}/src/**/*.tsx`)],
    ...jsxA11y.flatConfigs.recommended,
  },
  { files: ['shared/**/*.{ts,tsx}'], rules: boundary('shared') },
  ...APPS.map((app) => ({ files: [`${app}/**/*.{ts,tsx,js}`], rules: boundary(app) })),
  // The ownership zones (docs/architecture.md): a remote imports only kit packages (and libraries),
  // so it can leave the repository whole; a kit package imports no app, so the kit ships alone.
  {
    files: [...APPS.filter((app) => app !== 'shell').map((app) => `${app}/**/*.{ts,tsx,js}`), 'shared/kit-*/**/*.{ts,tsx,js}'],
    // A package's jest config is the monorepo's test wiring; eject writes the remote its own.
    ignores: ['**/jest.config.js'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...APPS.filter((app) => app !== 'shell').map((app) => ({
              target: `./${app}`,
              from: './',
              except: [`./${app}`, './shared', './node_modules'],
              message: `A remote imports only kit packages (by name, '@wishes/kit-<name>') and its own files, so it builds outside this repository: move what ${app} needs from the monorepo into a kit package (shared/kit-<name>) or into ${app} itself.`,
            })),
            {
              target: './shared',
              from: [...APPS, ...NOT_FOR_BROWSER, 'packages', 'build', 'scripts'].map((dir) => `./${dir}`),
              message: 'A kit package imports no app or monorepo file: take what it needs as a parameter, or move the shared part into the kit (shared/kit-<name>).',
            },
          ],
        },
      ],
    },
  },
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
  // The server's layers (docs/architecture.md → "Domain events"). The platform layer
  // (server/src/platform) knows no module; only the composition root wires the read model.
  {
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './server/src/db/migrations',
              from: './server/src',
              except: ['./db/migrations'],
              message:
                'A migration imports nothing but Kysely and its own folder: copy what it needs into server/src/db/migrations (a shipped migration must not change when live code does).',
            },
            {
              target: './server/src/db/migrations/[0-9]*.ts',
              from: './server/src/db/migrations/[0-9]*.ts',
              message:
                'A migration never imports another migration: copy the text it needs (a shipped migration must not change when another one is edited); live definitions come in as parameters from db/migrate.ts (db/sql/).',
            },
            {
              target: './server/src/platform',
              from: './server/src',
              except: ['./platform'],
              message:
                'The platform layer knows no module: take what it needs as a parameter from the composition root (app/app.ts), or let the module subscribe to a domain event (platform/events.ts).',
            },
            ...moduleZones,
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/wishes/**', 'server/src/app/app.ts', 'server/src/app/subscriptions.ts', 'server/src/app/deps.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)wishes/read-model(-events)?$',
              message:
                'Only the composition root wires the read model: read it from deps.readModel (AppDeps; its type is AppDeps[\'readModel\']), and after a write emit a domain event (deps.events.emit) instead of dropping pages yourself; its subscriber (wishes/read-model-events.ts) says what each event drops.',
            },
          ],
        },
      ],
    },
  },
  // Tests run in jest (node or jsdom).
  {
    files: ['**/*.test.{ts,tsx}', '**/src/test/**', 'shared/kit-test/src/**', 'build/jest.*.js'],
    languageOptions: { globals: { ...globals.jest, ...globals.node, ...globals.browser } },
  },
  {
    // Test and benchmark tooling reads response bodies of many shapes ad hoc; Kysely's migrations
    // take `Kysely<any>` by design (a migration must not depend on today's schema types).
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**', 'server/test/**', 'server/src/generator/testing.ts', 'packages/writer/src/testing/**', 'packages/writer/scripts/**', 'server/src/db/migrations/**', 'server/src/db/dates.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Node: the server, the build, the kit's build preset and scripts, bench, the browser journeys and the config files.
  {
    files: ['server/**', 'packages/**', 'scripts/**', 'build/**', 'shared/kit-build/**', 'bench/**', 'e2e/**', '**/*.config.{js,ts,mjs}', '**/webpack.config.js'],
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
