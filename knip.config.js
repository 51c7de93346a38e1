// Dead files, exports and dependencies (`npm run knip`, a step of `npm test`). Each remote's entry
// files come from each remote's remote.config.ts (through build/registry.js): its
// bootstrap, its tests and every module it exposes, so a new remote needs no edit here.
const { SITE_REMOTES, SHELL_APP } = require('./build/registry');

const appWorkspace = (entries) => ({ entry: ['src/bootstrap.tsx', 'src/**/*.test.{ts,tsx}', ...entries], project: ['src/**/*.{ts,tsx}'] });

module.exports = {
  $schema: 'https://unpkg.com/knip@6/schema.json',
  ignoreExportsUsedInFile: true,
  ignoreBinaries: [
    // The root's `remotes` script runs the server workspace's tsx.
    'tsx',
    // A Debian package (the cluster's Redis), started by the Redis outage test on a port of its own.
    'redis-server',
    // PostgreSQL's client (a Debian package): the upgrade test loads its recorded dumps with it.
    'psql',
  ],
  ignoreDependencies: [
    // Each app declares rxjs because the kit's federation.shared.js takes the shared singleton's
    // requiredVersion from the app's own package.json, not because its source imports it.
    'rxjs',
    // The kit's webpack factory (shared/kit-build) builds every app with these on the app's behalf.
    '@module-federation/enhanced',
    '@module-federation/runtime-core',
    // wishes-types (shared/kit-build/src/types.js) takes Module Federation's dts plugin from
    // @module-federation/enhanced, which depends on it.
    '@module-federation/dts-plugin',
    // Another remote's exposed module (`mf_feed/WishList`): a type import whose declarations the
    // kit's wishes-types writes into @mf-types at typecheck time, which runs after this check.
    /^mf_[a-z]+$/,
    'html-webpack-plugin',
    'webpack-cli',
    // The kit's react-router-dom.js is the apps' shared router (each app lists react-router-dom).
    'react-router-dom',
    'tsx',
    '@types/smtp-server',
    // The root's scripts (cluster, node-lines) and the bench use the server workspace's database
    // drivers and query builder (hoisted); the bench runs the server workspace (@wishes/server).
    'pg',
    'kysely',
    'better-sqlite3',
    '@wishes/server',
  ],
  ignore: [
    // A remote that the e2e suite builds and publishes as a release at run time.
    'e2e/fixtures/**',
  ],
  // The packed preset's registry.js: scripts/kit-pack.js bundles it beside release.js.
  ignoreUnresolved: ['./registry'],
  workspaces: {
    '.': { entry: ['scripts/*.js', 'build/*.js'], project: ['scripts/**/*.js', 'build/**/*.js'] },
    // The kit packages: entries are each package's "exports" (knip reads them) and its tests.
    ...Object.fromEntries(['contract', 'session', 'client', 'ui'].map((name) => [`shared/kit-${name}`, { entry: ['src/**/*.test.{ts,tsx}'], project: ['src/**/*.{ts,tsx}'] }])),
    'shared/kit-test': { project: ['src/**/*.{ts,tsx}'] },
    // The build preset: plain CommonJS, every file an entry of the packed preset.
    'shared/kit-build': { entry: ['src/*.js'], project: ['src/*.js'] },
    server: { entry: ['scripts/*.ts', 'src/**/*.test.ts'], project: ['src/**/*.ts', 'scripts/**/*.ts'] },
    // The wish writer: its entries are its "exports", its tests and its evaluation script.
    'packages/writer': { entry: ['scripts/*.ts', 'src/**/*.test.ts'], project: ['src/**/*.ts', 'scripts/**/*.ts'] },
    // src/startup/warmUp.ts: a federation runtime plugin (shell/federation.config.js), bundled into main.js.
    [SHELL_APP.folder]: appWorkspace(['src/startup/warmUp.ts']),
    ...Object.fromEntries(SITE_REMOTES.map((remote) => [remote.folder, appWorkspace(Object.values(remote.exposes))])),
    bench: { entry: ['main.ts', 'search-stall.ts', 'soak.ts', 'web/cold-load.ts', 'api/server.ts'], project: ['**/*.ts'] },
    e2e: { entry: ['tests/**/*.ts', 'support/global-*.ts'], project: ['**/*.ts'] },
  },
};
